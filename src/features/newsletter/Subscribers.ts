import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import {
  ValidationError,
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type CollectionConfig,
} from 'payload'

import { inboxAccess } from '@/platform/access'
import { choices } from '@/platform/fields/choices'
import { exportConfirmedSubscribers } from '@/features/newsletter/subscribers-csv'
import { personLinkField } from '@/features/people/person-link-field'

/** What consent rests on: the address, when and where it was given. Nobody edits it afterwards. */
const consentRecord = { update: () => false }

/**
 * A person in the admin may only unsubscribe someone (consent comes from the subscriber's own click, never
 * from the admin); each change is logged, without the address.
 */
const onlyUnsubscribe: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !req.user || !originalDoc || data.status === undefined) return data
  if (data.status === originalDoc.status) return data
  if (data.status !== 'unsubscribed') {
    throw new ValidationError({
      collection: 'subscribers',
      errors: [
        {
          path: 'status',
          message: 'Only the subscriber can confirm a subscription. You can set a subscriber to "Unsubscribed".',
        },
      ],
    })
  }
  console.info(`Subscriber ${originalDoc.id}: ${originalDoc.status} → unsubscribed by user ${req.user.id}`)
  return { ...data, unsubscribedAt: new Date().toISOString() }
}

/** Deleting a subscriber erases what the newsletter kept of them too: each delivery row holds the address. */
const eraseDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: 'newsletter-deliveries', where: { subscriber: { equals: id } }, req })
}

/** Newsletter subscribers with double opt-in. Tokens are stored only as hashes. */
export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  labels: { singular: 'Subscriber', plural: 'Subscribers' },
  defaultSort: '-consentAt',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'status', 'consentAt', 'source'],
    group: 'Inbox',
    description: 'Only confirmed subscribers may receive the newsletter.',
    components: {
      beforeListTable: ['@/features/newsletter/SubscribersExportLink#SubscribersExportLink'],
    },
  },
  access: inboxAccess,
  hooks: { beforeChange: [onlyUnsubscribe], beforeDelete: [eraseDeliveries] },
  endpoints: [{ path: '/export.csv', method: 'get', handler: exportConfirmedSubscribers }],
  fields: [
    // Stored lower-cased, so uniqueness is case-insensitive.
    {
      name: 'email',
      type: 'email',
      required: true,
      unique: true,
      index: true,
      access: consentRecord,
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: choices({
        pending: 'Pending confirmation',
        confirmed: 'Confirmed',
        unsubscribed: 'Unsubscribed',
        // The mail server refused the address for good (a 5xx answer or a bounce report): not mailed again.
        bounced: 'Bounced',
      }),
    },
    shownInCoachTimeZone({
      name: 'consentAt',
      label: 'Consent given at',
      access: consentRecord,
      admin: { readOnly: true },
    }),
    {
      name: 'source',
      type: 'select',
      options: choices({ footer: 'Footer', workshops: 'Workshops page' }),
      access: consentRecord,
      admin: { readOnly: true },
    },
    shownInCoachTimeZone({ name: 'requestedAt', access: consentRecord, admin: { readOnly: true } }),
    shownInCoachTimeZone({ name: 'unsubscribedAt', admin: { readOnly: true } }),
    { name: 'confirmTokenHash', type: 'text', index: true, admin: { hidden: true }, access: { read: () => false } },
    { name: 'unsubscribeTokenHash', type: 'text', index: true, admin: { hidden: true }, access: { read: () => false } },
    // A keyed hash of the inbox the address reaches (victim+1@ is victim@'s): one confirmation mail a day each.
    { name: 'inboxHash', type: 'text', index: true, admin: { hidden: true }, access: { read: () => false } },
    // A link to everything the site holds about this address (People).
    personLinkField,
  ],
}
