import type { CollectionConfig } from 'payload'

/**
 * The links to clients' pages mailed on their request (decision 085), one row each: whose (`clientKey`, the key
 * their purchases carry), which of theirs (`issue`, 1, 2, …; the highest is current) and the hash of its token
 * (never the token). A client without a row has their first link, the one their payment's mail carried. Each
 * link mailed on request ends the ones before, which then open only a page saying to ask for a new one. Only
 * ./client-access.ts writes, with overrideAccess.
 */
export const ClientLinks: CollectionConfig = {
  slug: 'client-links',
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['clientKey', 'issue'], unique: true }],
  fields: [
    { name: 'clientKey', type: 'text', required: true, index: true },
    { name: 'issue', type: 'number', required: true },
    { name: 'tokenHash', type: 'text', required: true, unique: true },
    { name: 'issuedAt', type: 'date', required: true },
  ],
}
