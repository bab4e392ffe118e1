import type { CollectionConfig } from 'payload'

import { personEmailField } from '@/features/people/person-email-field'
import { moneyRecordAccess } from '@/platform/access'
import { choices } from '@/platform/fields/choices'

/**
 * Workshop credits (decision 070): what a paid seat given up for a credit is worth, for the same e-mail address
 * on a later workshop. Append-only entries, each under a unique key naming its fact: a credit (`credit`,
 * keyed by the registration it came from and when that registration began, so a second press or a second
 * cancellation of the same seat makes none), and its use (`use`, keyed `use:<credit id>`: the database lets a
 * credit be used once). A credit is free while no `use` names it; using it for a cheaper seat leaves the rest as
 * a new credit (keyed `rest:<credit id>`). Only the site's code writes (./seats.ts); admins read.
 */
export const WorkshopCredits: CollectionConfig = {
  slug: 'workshop-credits',
  labels: { singular: 'Workshop credit', plural: 'Workshop credits' },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'email',
    group: 'Content',
    defaultColumns: ['email', 'kind', 'amount', 'note', 'createdAt'],
    description:
      'Credits people chose instead of a refund when a paid workshop seat was given up, and their use on a later workshop.',
  },
  access: moneyRecordAccess,
  fields: [
    personEmailField('E-mail'),
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: choices({ credit: 'Credit', use: 'Used' }),
    },
    { name: 'key', type: 'text', required: true, unique: true, admin: { hidden: true } },
    // Cents: a credit's worth; a use's is the credit's, taken off (negative).
    { name: 'amount', label: 'Amount (cents)', type: 'number', required: true },
    // A use: the credit it uses (by id).
    { name: 'credit', type: 'relationship', relationTo: 'workshop-credits' },
    // The registration a credit came from, or a use paid for.
    { name: 'registration', type: 'relationship', relationTo: 'workshop-registrations' },
    { name: 'note', type: 'text', maxLength: 300 },
  ],
}
