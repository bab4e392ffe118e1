import type { CollectionConfig } from 'payload'

/**
 * One row per form post, keyed by a hash of the client (and of the e-mail address). Kept in the database so
 * the limit holds across several app instances; old rows are pruned as new ones arrive.
 */
export const RateLimitHits: CollectionConfig = {
  slug: 'rate-limit-hits',
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'key', type: 'text', required: true, index: true },
    { name: 'at', type: 'date', required: true, index: true },
  ],
}
