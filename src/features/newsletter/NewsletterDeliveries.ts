import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import type { CollectionConfig } from 'payload'

import { authenticated } from '@/platform/access'

/** What became of one issue for one recipient, as the admin says it. */
export const DELIVERY_STATUSES = [
  { label: 'Queued', value: 'queued' },
  { label: 'Sending', value: 'sending' },
  { label: 'Sent', value: 'sent' },
  { label: 'Deferred (will be tried again)', value: 'deferred' },
  { label: 'Failed', value: 'failed' },
  { label: 'Bounced', value: 'bounced' },
  { label: 'Complained', value: 'complained' },
  { label: 'Unsubscribed before sending', value: 'unsubscribed' },
  { label: 'Uncertain', value: 'uncertain' },
  { label: 'Not sent (cancelled)', value: 'cancelled' },
] as const

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]['value']

/**
 * One row per recipient of an issue, written when the issue starts sending (the list is frozen then) and
 * moved on by the sender only: nobody edits it in the admin. "Uncertain" is a mail whose SMTP transaction
 * was cut while under way (a crash, a dropped connection): the server may or may not have it, so it is shown,
 * never sent again by itself.
 */
export const NewsletterDeliveries: CollectionConfig = {
  slug: 'newsletter-deliveries',
  labels: { singular: 'Newsletter delivery', plural: 'Newsletter deliveries' },
  defaultSort: 'id',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'status', 'attempts', 'sentAt', 'reason'],
    group: 'Newsletter',
    description:
      'One row per recipient of each issue. "Uncertain": the connection was cut while the mail was being handed over, so the mail server may or may not have it; it is not sent again by itself.',
  },
  access: { read: authenticated, create: () => false, update: () => false, delete: () => false },
  // One row per recipient and issue, whatever races: the database refuses a second.
  indexes: [{ fields: ['newsletter', 'subscriber'], unique: true }],
  fields: [
    { name: 'newsletter', type: 'relationship', relationTo: 'newsletters', required: true, index: true },
    // Empty once the subscriber is deleted: their rows go with them (Subscribers' afterDelete), the issue's
    // counts stay.
    { name: 'subscriber', type: 'relationship', relationTo: 'subscribers', index: true },
    // The address as it was when the list was frozen.
    { name: 'email', label: 'E-mail', type: 'email', required: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: DELIVERY_STATUSES.map((s) => ({ ...s })),
    },
    { name: 'attempts', type: 'number', required: true, defaultValue: 0 },
    shownInCoachTimeZone({ name: 'nextAttemptAt', label: 'Next try', index: true }),
    // When the last SMTP transaction started and by whom (one sending process at a time; see sending.ts).
    { name: 'claimedAt', type: 'date', admin: { hidden: true } },
    { name: 'claimedBy', type: 'text', admin: { hidden: true } },
    // When the last transaction ended: what the throttle counts.
    { name: 'endedAt', type: 'date', index: true, admin: { hidden: true } },
    shownInCoachTimeZone({ name: 'sentAt', label: 'Sent' }),
    { name: 'messageId', label: 'Message-ID', type: 'text', index: true },
    { name: 'reason', label: 'Mail server’s answer', type: 'textarea' },
  ],
}
