import type { CollectionConfig } from 'payload'

import { shownInCoachTimeZone } from '@/features/booking/coach-time-zone'
import {
  bookedMeetingFields,
  bookedSpanFields,
  bookedStartsAtField,
  bookedStatusField,
} from '@/features/booking/meeting-fields'
import { moneyAndClients } from '@/platform/access'
import { revalidateCollection } from '@/platform/cache/revalidate'
import { choices } from '@/platform/fields/choices'
import { coachSessionEndpoints } from './coach-sessions'

const openTimes = revalidateCollection('open-times')
const readOnly = { readOnly: true }

/**
 * Coaching sessions clients book from their credits on their own page (decision 065). Only the site's own code
 * writes them (./sessions.ts, with overrideAccess), each change beside its entry in the client's credit ledger;
 * the coach reads them here, in Booking beside the discovery calls, and keeps private notes on each (never shown
 * to the client). A session's time and a discovery call's never overlap: the database refuses it on both tables
 * (triggers on SQLite and PostgreSQL; see the client_sessions migrations), as it refuses two calls at one time.
 */
export const CoachingSessions: CollectionConfig = {
  slug: 'coaching-sessions',
  labels: { singular: 'Coaching session', plural: 'Coaching sessions' },
  defaultSort: 'startsAt',
  admin: {
    useAsTitle: 'name',
    group: 'Booking',
    defaultColumns: ['name', 'startsAt', 'packageTitle', 'status'],
    listSearchableFields: ['name', 'email'],
    description:
      'Sessions your clients booked from their credits on their own page. Times are in your time zone (Booking → Availability).',
  },
  // Moving, cancelling and marking go through the client's page or the panel (and the ledger), not a save here;
  // notes are the coach's.
  access: {
    read: moneyAndClients,
    create: () => false,
    delete: () => false,
    update: moneyAndClients,
  },
  // A session takes or frees a time of the booking page.
  hooks: { afterChange: openTimes.afterChange },
  // The panel's buttons (move, cancel, held, missed): admins only.
  endpoints: coachSessionEndpoints,
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, admin: readOnly },
    { name: 'email', label: 'E-mail', type: 'email', required: true, index: true, admin: readOnly },
    { name: 'purchase', type: 'relationship', relationTo: 'purchases', admin: readOnly },
    { name: 'packageTitle', label: 'Package', type: 'text', admin: readOnly },
    // Move, cancel, mark held or missed (decision 068): the panel's buttons post to ./coach-sessions.ts.
    {
      name: 'sessionPanel',
      type: 'ui',
      admin: {
        disableListColumn: true,
        components: { Field: '@/features/packages/admin/SessionPanelField#SessionPanelField' },
      },
    },
    // How they meet, as the client was promised when booking (decision 069).
    ...bookedMeetingFields,
    bookedStartsAtField({ update: () => false }),
    ...bookedSpanFields,
    bookedStatusField({
      moreStatuses: { held: 'Held', missed: 'Missed' },
      access: { update: () => false },
      admin: { readOnly: true },
    }),
    shownInCoachTimeZone({
      name: 'cancelledAt',
      access: { update: () => false },
      admin: { readOnly: true, position: 'sidebar', condition: (d) => Boolean(d?.cancelledAt) },
    }),
    {
      name: 'cancelledBy',
      label: 'Cancelled by',
      type: 'select',
      access: { update: () => false },
      options: choices({ client: 'The client', coach: 'You' }),
      admin: { readOnly: true, position: 'sidebar', condition: (d) => d?.status === 'cancelled' },
    },
    {
      name: 'creditUsed',
      label: 'The credit is used',
      type: 'checkbox',
      access: { update: () => false },
      admin: {
        readOnly: true,
        position: 'sidebar',
        condition: (d) => d?.status === 'cancelled' || d?.status === 'missed',
      },
    },
    { name: 'coachNotes', label: 'Your private notes', type: 'textarea', maxLength: 5000 },
    // iCalendar: the invite's UID stays the same for the life of the session; SEQUENCE grows with each change.
    {
      name: 'sequence',
      type: 'number',
      required: true,
      defaultValue: 0,
      access: { update: () => false },
      admin: { hidden: true },
    },
  ],
}
