import type { CollectionConfig, Where } from 'payload'

import { inboxAccess } from '@/platform/access'
import { revalidateCollection } from '@/platform/cache/revalidate'
import { choices } from '@/platform/fields/choices'
import { personLinkField } from '@/features/people/person-link-field'

import { checkCoachChange, mailCoachChange } from './coach-changes'
import { moveEndpoints } from './coach-move'
import { shownInCoachTimeZone } from './coach-time-zone'
import { bookedMeetingFields, bookedSpanFields, bookedStartsAtField, bookedStatusField } from './meeting-fields'

const openTimes = revalidateCollection('open-times')

/**
 * Booked free discovery calls. Visitors create them at /scheduling (through the site's own handler); the
 * coach reads them here (the upcoming ones first: see src/proxy.ts), keeps private notes, and may move or
 * cancel one at any time. The database refuses a live call that overlaps another live call with its buffer
 * (a trigger on SQLite, an exclusion constraint on PostgreSQL), and a second upcoming call for one e-mail
 * address (a trigger on both; see the booking migrations), so two visitors can never hold the same time.
 */
export const DiscoveryCalls: CollectionConfig = {
  slug: 'discovery-calls',
  labels: { singular: 'Discovery call', plural: 'Discovery calls' },
  defaultSort: 'startsAt',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'startsAt', 'email', 'status'],
    group: 'Booking',
    listSearchableFields: ['name', 'email'],
    components: {
      beforeListTable: ['@/features/booking/CallListViews#CallListViews'],
      // Where the list opens (src/proxy.ts): the calls ahead under Today, This week and Later.
      views: {
        upcoming: { Component: '@/features/booking/UpcomingCalls#UpcomingCalls', path: '/upcoming', exact: true },
      },
    },
    description: 'Free discovery calls booked at /scheduling. Times are in your time zone (Booking → Availability).',
  },
  access: {
    ...inboxAccess,
    // A booked call still ahead is cancelled, not deleted: the visitor must hear of it, its reminders stop.
    delete: ({ req }): Where | false =>
      Boolean(req.user) && {
        or: [{ status: { equals: 'cancelled' } }, { startsAt: { less_than: new Date().toISOString() } }],
      },
  },
  // The buttons of "Move this call" (./admin/MoveCall.tsx).
  endpoints: moveEndpoints,
  // Every change frees or takes a time: /scheduling shows it at the next request, on every instance.
  hooks: {
    beforeChange: [checkCoachChange],
    afterChange: [mailCoachChange, ...openTimes.afterChange],
    afterDelete: openTimes.afterDelete,
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, admin: { readOnly: true } },
    { name: 'email', label: 'E-mail', type: 'email', required: true, index: true, admin: { readOnly: true } },
    { name: 'note', label: 'Note from the visitor', type: 'textarea', maxLength: 1000, admin: { readOnly: true } },
    // What the visitor was promised when booking (see ./meeting-fields.ts).
    ...bookedMeetingFields,
    // Moved with "Move this call" below (its open times, or a time outside them chosen knowingly), not by
    // typing here: the API still takes a new time, with the same refusals (./coach-changes.ts).
    bookedStartsAtField(
      { update: ({ doc }) => doc?.status !== 'cancelled' },
      { Description: '@/features/booking/admin/ZoneNote#ZoneNote' },
    ),
    {
      name: 'moveCall',
      type: 'ui',
      admin: {
        disableListColumn: true,
        condition: (d) => d?.status === 'booked' && Boolean(d?.startsAt),
        components: { Field: '@/features/booking/admin/MoveCallField#MoveCallField' },
      },
    },
    ...bookedSpanFields,
    bookedStatusField({
      admin: {
        description: 'Set to Cancelled and save to cancel: the visitor gets a cancellation with the calendar update.',
      },
    }),
    {
      name: 'visitorTimeZone',
      label: 'Visitor’s time zone',
      type: 'text',
      admin: { readOnly: true, position: 'sidebar' },
    },
    shownInCoachTimeZone({
      name: 'cancelledAt',
      admin: { readOnly: true, position: 'sidebar', condition: (d) => Boolean(d?.cancelledAt) },
    }),
    {
      name: 'cancelledBy',
      type: 'select',
      options: choices({ visitor: 'The visitor', coach: 'You' }),
      admin: { readOnly: true, position: 'sidebar', condition: (d) => Boolean(d?.cancelledBy) },
    },
    { name: 'coachNotes', label: 'Your private notes', type: 'textarea', maxLength: 5000 },
    // iCalendar: the invite's UID stays the same for the life of the call; SEQUENCE grows with each change.
    { name: 'sequence', type: 'number', required: true, defaultValue: 0, admin: { hidden: true } },
    // A link to everything the site holds about this address (People).
    personLinkField,
  ],
}
