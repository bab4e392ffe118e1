import type { CollectionConfig } from 'payload'

import { inboxAccess } from '@/cms/access'

import { mailCoachCancel, stampCoachCancel } from './coach-cancel'

/**
 * Booked free discovery calls. Visitors create them at /scheduling (through the site's own handler); the
 * coach reads them here, keeps private notes, and may cancel one. The database refuses a live call that
 * overlaps another live call with its buffer (a trigger on SQLite, an exclusion constraint on PostgreSQL;
 * see the booking migration), so two visitors can never hold the same time.
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
    components: { beforeListTable: ['@/features/booking/CallListViews#CallListViews'] },
    description: 'Free discovery calls booked at /scheduling, soonest first. Times show in your browser’s time zone.',
  },
  access: inboxAccess,
  hooks: { beforeChange: [stampCoachCancel], afterChange: [mailCoachCancel] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, admin: { readOnly: true } },
    { name: 'email', label: 'E-mail', type: 'email', required: true, index: true, admin: { readOnly: true } },
    { name: 'note', label: 'Note from the visitor', type: 'textarea', maxLength: 1000, admin: { readOnly: true } },
    {
      name: 'startsAt',
      label: 'Starts',
      type: 'date',
      required: true,
      index: true,
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'endsAt',
      label: 'Ends',
      type: 'date',
      required: true,
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    // The end plus the buffer that was in force when booked: the span no other live call may overlap.
    { name: 'blockedUntil', type: 'date', required: true, admin: { hidden: true } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'booked',
      index: true,
      options: [
        { label: 'Booked', value: 'booked' },
        { label: 'Cancelled', value: 'cancelled' },
      ],
      admin: {
        position: 'sidebar',
        description: 'Set to Cancelled and save to cancel: the visitor gets a cancellation with the calendar update.',
      },
    },
    {
      name: 'visitorTimeZone',
      label: 'Visitor’s time zone',
      type: 'text',
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'cancelledAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', condition: (d) => Boolean(d?.cancelledAt) },
    },
    {
      name: 'cancelledBy',
      type: 'select',
      options: [
        { label: 'The visitor', value: 'visitor' },
        { label: 'You', value: 'coach' },
      ],
      admin: { readOnly: true, position: 'sidebar', condition: (d) => Boolean(d?.cancelledBy) },
    },
    { name: 'coachNotes', label: 'Your private notes', type: 'textarea', maxLength: 5000 },
    // iCalendar: the invite's UID stays the same for the life of the call; SEQUENCE grows with each change.
    { name: 'sequence', type: 'number', required: true, defaultValue: 0, admin: { hidden: true } },
  ],
}
