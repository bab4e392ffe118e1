import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import type { CollectionConfig } from 'payload'

import { listMailers } from './permission'

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
 * never sent again by itself; the coach can send it again knowingly (./issue-endpoints.ts `resend-uncertain`).
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
      'One row per recipient of each issue. "Uncertain": the connection was cut after the mail server had begun to receive the mail, so it may or may not have it; it is not sent again by itself (send it again from the issue or from its row, knowing the reader may already have it).',
  },
  // Every reader's address and what became of their mail: admins, and editors an admin allowed (./permission.ts).
  access: { read: listMailers, create: () => false, update: () => false, delete: () => false },
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
    // When the mail's content was about to leave for the server (the server had taken the envelope and DATA):
    // from then on the server may have accepted it. A row still "sending" without it never reached that point.
    { name: 'dataBegunAt', type: 'date', admin: { hidden: true } },
    // When the last transaction ended: what the throttle counts.
    { name: 'endedAt', type: 'date', index: true, admin: { hidden: true } },
    shownInCoachTimeZone({ name: 'sentAt', label: 'Sent' }),
    { name: 'messageId', label: 'Message-ID', type: 'text', index: true },
    { name: 'reason', label: 'Mail server’s answer', type: 'textarea' },
    // "Send again" on an uncertain row, after a warning (./DeliveryResend.tsx).
    {
      name: 'resend',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '@/features/newsletter/DeliveryResend#DeliveryResend' } },
    },
  ],
}
