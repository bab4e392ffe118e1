import type { CollectionConfig } from 'payload'

/**
 * One row per form post being handled or handled a moment ago, keyed by a keyed hash of the form, the client
 * and the exact body (./once.ts): the same body posted again while it is here gets the first post's answer
 * instead of a second effect. Unique by key, so two instances cannot both take the same post; old rows are
 * pruned as new ones arrive.
 */
export const FormPosts: CollectionConfig = {
  slug: 'form-posts',
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true },
    { name: 'at', type: 'date', required: true, index: true },
    /** The first post's answer, once it has one (none while it is still being handled). */
    { name: 'answer', type: 'json' },
  ],
}
