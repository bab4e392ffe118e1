import type { CollectionConfig } from 'payload'

import { moneyRecordAccess } from '@/platform/access'

/**
 * The Stripe events the site has acted on (decision 066), one row per event id, written after its effects:
 * a delivery of an event already here is answered at once and changes nothing. Only verified events are
 * written (an unverifiable one is refused and stored nowhere); only ./stripe.ts writes, with overrideAccess.
 * The effects do not rely on it: each is idempotent by its own key in the credit ledger.
 */
export const StripeEvents: CollectionConfig = {
  slug: 'stripe-events',
  labels: { singular: 'Stripe event', plural: 'Stripe events' },
  defaultSort: '-createdAt',
  admin: { useAsTitle: 'eventId', hidden: true },
  access: moneyRecordAccess,
  fields: [
    { name: 'eventId', label: 'Event', type: 'text', required: true, unique: true },
    { name: 'type', type: 'text', required: true },
    // The purchase the event was about, when it named one of the site's.
    { name: 'purchase', type: 'text', index: true },
  ],
}
