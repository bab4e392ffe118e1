import { Forbidden, type CollectionBeforeOperationHook, type CollectionConfig } from 'payload'

import { personEmailField } from '@/features/people/person-email-field'
import { moneyRecordAccess } from '@/platform/access'

/** The types of the ledger's entries (src/domain/credits.ts), as stored in `type`. */
export const CREDIT_ENTRY_TYPES = [
  'purchase-opened',
  'payment-received',
  'refund',
  'session-booked',
  'session-rescheduled',
  'session-cancelled',
  'session-held',
  'no-show',
  'credits-expired',
  'mark-undone',
] as const

/** No path changes or removes an entry: not the REST API, not the Local API, not even with overrideAccess. */
const neverChanged: CollectionBeforeOperationHook = ({ operation, req }) => {
  if (operation === 'update') throw new Forbidden(req.t)
}

/**
 * One client's session credits, one row per entry of their ledger (decision 053): a Client is an e-mail
 * address (trimmed and lower-cased, as People compares them), a CreditEntry one fact about their credits as
 * `record` accepted it (`entry`, with what the rules chose written into it), plus the columns the site queries
 * on. Append-only: only ./ledger.ts writes (appendCreditEvent, with overrideAccess); nobody updates an entry by
 * any path, and no user deletes one. Two unique indexes make the database refuse what a race could write twice:
 * one fact (client, key), and one place in a client's ledger (client, seq).
 */
export const CreditEntries: CollectionConfig = {
  slug: 'credit-entries',
  labels: { singular: 'Credit entry', plural: 'Credit entries' },
  defaultSort: 'seq',
  // No screen of its own yet: the client's page in People will show the balance.
  admin: { useAsTitle: 'key', hidden: true },
  access: moneyRecordAccess,
  hooks: { beforeOperation: [neverChanged] },
  indexes: [
    { fields: ['email', 'key'], unique: true },
    { fields: ['email', 'seq'], unique: true },
  ],
  fields: [
    personEmailField('Client’s e-mail'),
    // The entry's place in the client's ledger: 1, 2, 3, … in the order they were appended.
    { name: 'seq', label: 'Number', type: 'number', required: true },
    { name: 'key', type: 'text', required: true },
    {
      name: 'type',
      type: 'select',
      required: true,
      index: true,
      options: CREDIT_ENTRY_TYPES.map((value) => ({ label: value, value })),
    },
    { name: 'at', label: 'When', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    // The purchase and the session the entry is about, when it names one.
    { name: 'purchase', type: 'text', index: true },
    { name: 'session', type: 'text', index: true },
    // The entry exactly as `record` appended it: what `fold` replays.
    { name: 'entry', type: 'json', required: true },
  ],
}
