import type { CollectionConfig, Field } from 'payload'

import { STORED_REGISTRATION_STATUSES, type StoredRegistrationStatus } from '@/domain/workshop-seats'
import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import { personEmailField } from '@/features/people/person-email-field'
import { personLinkField } from '@/features/people/person-link-field'
import { authenticated, moneyAndClientsField } from '@/platform/access'
import { revalidateCollection } from '@/platform/cache/revalidate'
import { choices } from '@/platform/fields/choices'
import { cancelRegistrationEndpoint, markSeatPaidEndpoint } from './endpoints'
import { exportRegistrations } from './registrations-csv'

/** The fields of a seat's payment, read by admins only (decision 090); only the site's code writes them. */
const paymentFields = (fields: Field[]): Field[] =>
  fields.map((f) => ({ ...f, access: { ...('access' in f ? f.access : {}), read: moneyAndClientsField } }) as Field)

export const REGISTRATION_STATUS_LABELS: Record<StoredRegistrationStatus, string> = {
  registered: 'Registered',
  waitlisted: 'Waitlisted',
  offered: 'Seat offered',
  cancelled: 'Cancelled',
  refunded: 'Cancelled, refunded',
  credited: 'Cancelled, credited',
}

/**
 * The people registered for a workshop, waiting for a seat, offered one or cancelled (decision 064). Only the
 * site's own code writes (./seats.ts, with overrideAccess), through the rules of src/domain/workshop-seats.ts;
 * signed-in users read. The database holds the rules a race could break: one registration per e-mail per
 * workshop (workshop, email), and each seat held once (workshop, seat): a live registration (registered or
 * offered) holds a seat number from 1 to the seats, anyone else none.
 */
export const WorkshopRegistrations: CollectionConfig = {
  slug: 'workshop-registrations',
  labels: { singular: 'Workshop registration', plural: 'Workshop registrations' },
  defaultSort: '-queuedAt',
  admin: {
    useAsTitle: 'name',
    group: 'Content',
    defaultColumns: ['name', 'workshop', 'status', 'email', 'queuedAt'],
    description: 'Who registered for your workshops, who is waiting and who was offered a freed seat.',
    components: { beforeListTable: ['@/features/workshops/RegistrationsExportLink#RegistrationsExportLink'] },
  },
  endpoints: [
    { path: '/export.csv', method: 'get', handler: exportRegistrations },
    cancelRegistrationEndpoint,
    markSeatPaidEndpoint,
  ],
  // Each change of a seat drops the registration pages every instance keeps for a second (page-cache.ts).
  hooks: revalidateCollection('workshop-seats'),
  access: { read: authenticated, create: () => false, update: () => false, delete: () => false },
  indexes: [
    { fields: ['workshop', 'email'], unique: true },
    { fields: ['workshop', 'seat'], unique: true },
  ],
  fields: [
    { name: 'workshop', type: 'relationship', relationTo: 'workshops', required: true, index: true },
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    personEmailField('E-mail'),
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      options: STORED_REGISTRATION_STATUSES.map((value) => ({ label: REGISTRATION_STATUS_LABELS[value], value })),
    },
    personLinkField,
    {
      name: 'cancelByCoach',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: {
          Field: {
            path: '@/features/workshops/admin/CoachCancels#CoachCancels',
            clientProps: { what: 'registration' },
          },
        },
      },
    },
    {
      name: 'markPaid',
      type: 'ui',
      admin: {
        position: 'sidebar',
        condition: (d) => (d?.price ?? 0) > 0,
        components: { Field: '@/features/workshops/admin/SeatPaid#SeatPaid' },
      },
    },
    // The seat held while registered or offered (1 to the workshop's seats), else empty.
    { name: 'seat', type: 'number', admin: { readOnly: true, position: 'sidebar' } },
    shownInCoachTimeZone({ name: 'queuedAt', label: 'Registered at', required: true, index: true }),
    shownInCoachTimeZone({
      name: 'holdUntil',
      label: 'Seat held until',
      admin: { readOnly: true, condition: (d) => d?.status === 'offered' },
    }),
    // How many times a seat was offered: names each offer once (its mail is queued once).
    { name: 'offers', type: 'number', required: true, defaultValue: 0, admin: { hidden: true } },
    shownInCoachTimeZone({ name: 'cancelledAt', admin: { readOnly: true, condition: (d) => Boolean(d?.cancelledAt) } }),
    {
      name: 'cancelledBy',
      type: 'select',
      options: choices({ attendee: 'The attendee', coach: 'You', lapsed: 'The hold ran out' }),
      admin: { readOnly: true, condition: (d) => Boolean(d?.cancelledBy) },
    },
    // A paid seat (decision 070): its price when they registered (cents), how and when it was paid, the bank
    // transfer's reference, the card payment's Stripe ids, and a refund's. Money: admins only read these
    // (decision 090); an editor sees the registration without them.
    ...paymentFields([
      { name: 'price', label: 'Price (cents)', type: 'number', defaultValue: 0, admin: { readOnly: true } },
      {
        name: 'paidWith',
        label: 'Paid by',
        type: 'select',
        options: choices({
          'bank-transfer': 'Bank transfer',
          stripe: 'Card (Stripe Checkout)',
          credit: 'A workshop credit',
        }),
        admin: { readOnly: true, condition: (d) => Boolean(d?.paidWith) },
      },
      shownInCoachTimeZone({
        name: 'paidAt',
        label: 'Paid at',
        admin: { readOnly: true, condition: (d) => Boolean(d?.paidAt) },
      }),
      {
        name: 'reference',
        label: 'Payment reference',
        type: 'text',
        admin: { readOnly: true, condition: (d) => (d?.price ?? 0) > 0 },
      },
      {
        name: 'stripeSession',
        label: 'Stripe Checkout Session',
        type: 'text',
        index: true,
        admin: { readOnly: true, condition: (d) => Boolean(d?.stripeSession) },
      },
      {
        name: 'stripePaymentIntent',
        label: 'Stripe payment',
        type: 'text',
        admin: { readOnly: true, condition: (d) => Boolean(d?.stripePaymentIntent) },
      },
      {
        name: 'stripeRefund',
        label: 'Stripe refund',
        type: 'text',
        admin: { readOnly: true, condition: (d) => Boolean(d?.stripeRefund) },
      },
    ]),
    // iCalendar: the invite's UID stays the same; SEQUENCE grows with each invite sent.
    { name: 'sequence', type: 'number', required: true, defaultValue: 0, admin: { hidden: true } },
  ],
}
