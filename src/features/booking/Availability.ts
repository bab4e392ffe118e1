import type { Field, GlobalConfig } from 'payload'

import { authenticated } from '@/platform/access'
import { DISCOVERY_CALL, RESCHEDULE_NOTICE_HOURS } from '@/domain/business'
import { defaultCoachTimeZone } from '@/domain/dates'
import { revalidate, revalidateGlobal } from '@/platform/cache/revalidate'
import { SITE_WRITE } from './calls'
import { shownInCoachTimeZone } from './coach-time-zone'
import { MEETING_KIND_OPTIONS, videoLinkProblem } from './meeting'

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

const validTimeZone = (value: unknown): true | string => {
  if (typeof value !== 'string' || !value) return 'Choose the time zone your hours are in.'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return `"${value}" is not a time zone. Use a name like Europe/Berlin or America/New_York.`
  }
}

const clock = (name: string, label: string): Field => ({
  name,
  label,
  type: 'text',
  required: true,
  admin: { placeholder: '09:00', width: '30%' },
  validate: (value: unknown) =>
    typeof value === 'string' && TIME.test(value) ? true : 'Write the time as HH:MM on a 24-hour clock, e.g. 09:00.',
})

const day = (name: string, label: string, required: boolean): Field => ({
  name,
  label,
  type: 'text',
  required,
  admin: { placeholder: 'YYYY-MM-DD', width: '40%' },
  validate: (value: unknown) =>
    (!required && !value) || (typeof value === 'string' && DATE.test(value))
      ? true
      : 'Write the date as YYYY-MM-DD, e.g. 2026-12-24.',
})

/** A whole number between `min` and `max`, refused in words otherwise (shared with the packages' session rules). */
export const whole = (
  name: string,
  label: string,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): Field => ({
  name,
  label,
  type: 'number',
  required: true,
  defaultValue,
  min,
  max,
  admin: { description, step: 1, width: '50%' },
  validate: (value: unknown) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? true
      : `Enter a whole number from ${min} to ${max}.`,
})

export const WEEKDAYS = [
  { label: 'Monday', value: '1' },
  { label: 'Tuesday', value: '2' },
  { label: 'Wednesday', value: '3' },
  { label: 'Thursday', value: '4' },
  { label: 'Friday', value: '5' },
  { label: 'Saturday', value: '6' },
  { label: 'Sunday', value: '7' },
] as const

/** The coach's bookable hours for discovery calls; /scheduling offers what they leave open. */
export const Availability: GlobalConfig = {
  slug: 'availability',
  label: 'Availability',
  admin: {
    group: 'Booking',
    description:
      'When visitors can book a free discovery call at /scheduling. Times are in your time zone; visitors see them in theirs.',
  },
  // Read on the server only (through the Local API); the public never reads this over HTTP.
  access: { read: authenticated, update: authenticated },
  fields: [
    {
      name: 'timeZone',
      label: 'Your time zone',
      type: 'text',
      required: true,
      defaultValue: () => defaultCoachTimeZone(),
      admin: {
        description: 'Your hours below, your calls, workshops and newsletter times are in this zone. Type to find it.',
        components: { Field: '@/features/booking/admin/TimeZoneField#TimeZoneField' },
      },
      validate: validTimeZone,
    },
    {
      // Set once the coach has chosen a zone (in the list above, or in the dashboard's question): until then
      // the dashboard asks for it, offering the browser's (src/features/today/TimeZoneQuestion.tsx).
      name: 'timeZoneChosen',
      type: 'checkbox',
      defaultValue: false,
      admin: { hidden: true },
    },
    {
      name: 'weeklyHours',
      label: 'Weekly hours',
      type: 'array',
      admin: {
        description: 'One row per block of time; a day may have several rows (e.g. a morning and an afternoon).',
      },
      defaultValue: ['1', '2', '3', '4', '5'].map((weekday) => ({ weekday, from: '09:00', to: '17:00' })),
      // The admin's own check of the form passes an array field's row count, not its rows.
      validate: (rows: unknown) => {
        for (const row of Array.isArray(rows) ? (rows as { from?: string; to?: string }[]) : []) {
          if (row.from && row.to && row.from >= row.to)
            return `A block must end after it starts (${row.from}–${row.to}).`
        }
        return true
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'weekday', type: 'select', required: true, options: [...WEEKDAYS], admin: { width: '40%' } },
            clock('from', 'From'),
            clock('to', 'To'),
          ],
        },
      ],
    },
    {
      type: 'row',
      fields: [
        whole(
          'callMinutes',
          'Call length (minutes)',
          DISCOVERY_CALL.minutes,
          10,
          180,
          'How long a discovery call lasts.',
        ),
        whole('bufferMinutes', 'Buffer (minutes)', 15, 0, 120, 'Free time kept between calls and around busy times.'),
      ],
    },
    {
      type: 'row',
      fields: [
        whole(
          'noticeHours',
          'Minimum notice (hours)',
          RESCHEDULE_NOTICE_HOURS,
          0,
          24 * 14,
          'No call can be booked sooner than this.',
        ),
        whole('horizonDays', 'Bookable ahead (days)', 30, 1, 365, 'How far ahead visitors can book.'),
      ],
    },
    whole('maxPerDay', 'Most calls per day', 4, 1, 20, 'A day with this many calls offers no more times.'),
    {
      name: 'daysOff',
      label: 'Days off',
      type: 'array',
      admin: { description: 'Single days (leave "Until" empty) or ranges, in your time zone.' },
      // The admin's own check of the form passes an array field's row count, not its rows.
      validate: (rows: unknown) => {
        for (const row of Array.isArray(rows) ? (rows as { from?: string; to?: string }[]) : []) {
          if (row.from && row.to && row.to < row.from)
            return `A range must end on or after its first day (${row.from}).`
        }
        return true
      },
      fields: [{ type: 'row', fields: [day('from', 'From', true), day('to', 'Until (optional)', false)] }],
    },
    {
      name: 'meeting',
      label: 'Where we meet',
      type: 'group',
      admin: {
        description:
          'How you meet, for discovery calls and coaching sessions alike: said on /scheduling and on each client’s page, in the mails, the reminders and the calendar invite. A call or session keeps what it was booked with.',
      },
      fields: [
        {
          name: 'kind',
          label: 'How',
          type: 'select',
          required: true,
          defaultValue: 'unset',
          options: [...MEETING_KIND_OPTIONS],
        },
        {
          name: 'link',
          label: 'Video link',
          type: 'text',
          admin: {
            condition: (_, siblingData) => siblingData?.kind === 'video',
            description: 'The fixed link of your video room (https://…). It goes only to whoever booked.',
          },
          validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
            siblingData?.kind === 'video' ? (videoLinkProblem(value) ?? true) : true,
        },
        {
          name: 'address',
          label: 'Address',
          type: 'textarea',
          maxLength: 300,
          admin: {
            condition: (_, siblingData) => siblingData?.kind === 'in-person',
            description: 'Where you meet, as it should read in the invite and the mails; shown on /scheduling.',
          },
          validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
            siblingData?.kind !== 'in-person' || (typeof value === 'string' && value.trim())
              ? typeof value === 'string' && value.length > 300
                ? 'The address can be at most 300 characters.'
                : true
              : 'Meeting in person needs the address.',
        },
      ],
    },
    {
      name: 'busyCalendarUrl',
      label: 'Your calendar’s secret address (optional)',
      type: 'text',
      admin: {
        description:
          'The private .ics address your Google, Apple or Outlook calendar gives. Its busy events block booking times; it is read every 5 minutes.',
      },
      validate: (value: unknown) =>
        !value || (typeof value === 'string' && /^(https?|webcals?):\/\/[^\s]+$/i.test(value))
          ? true
          : 'Paste the whole address, starting with https:// or webcal://.',
    },
    {
      name: 'busyCalendar',
      label: 'Reading your calendar',
      type: 'group',
      admin: { condition: (data) => Boolean(data?.busyCalendarUrl) },
      fields: [
        {
          type: 'row',
          fields: [
            // Shown in the zone chosen above (this global cannot read itself for it).
            shownInCoachTimeZone(
              { name: 'readAt', label: 'Last read', admin: { readOnly: true } },
              { zoneOfDocument: true },
            ),
            shownInCoachTimeZone(
              {
                name: 'failingSince',
                label: 'Not readable since',
                admin: { readOnly: true, description: 'While it cannot be read, the last good copy is used.' },
              },
              { zoneOfDocument: true },
            ),
          ],
        },
        { name: 'lastError', label: 'Last error', type: 'text', admin: { readOnly: true } },
        // The busy times of the last good read, in UTC.
        { name: 'busy', type: 'json', admin: { hidden: true } },
      ],
    },
    { name: 'feedAddress', type: 'ui', admin: { components: { Field: '@/features/booking/FeedAddress#FeedAddress' } } },
    {
      name: 'feedVersion',
      label: 'Calendar feed version',
      type: 'number',
      required: true,
      defaultValue: 1,
      min: 1,
      admin: { step: 1, description: 'Change this number and save to give your calendar feed a new address.' },
    },
  ],
  hooks: {
    afterChange: [
      ({ doc, previousDoc, req }) => {
        // A new calendar address is read at once rather than at the next timer tick.
        if (
          !req.context?.busyCalendarRead &&
          doc.busyCalendarUrl &&
          doc.busyCalendarUrl !== previousDoc?.busyCalendarUrl
        ) {
          const { payload } = req
          setTimeout(() => void import('./busy-times').then((m) => m.refreshBusyCalendar(payload)).catch(() => {}), 500)
        }
        return doc
      },
      async ({ doc, previousDoc, req }) => {
        // The admin shows each call in the zone stored with it: calls still ahead follow the coach's new zone.
        if (previousDoc?.timeZone && doc.timeZone !== previousDoc.timeZone) {
          await req.payload.update({
            collection: 'discovery-calls',
            where: { startsAt: { greater_than: new Date().toISOString() } },
            data: { startsAt_tz: doc.timeZone },
            overrideAccess: true,
            req,
            context: { [SITE_WRITE]: true },
          })
        }
        return doc
      },
      ({ doc, previousDoc, req }) => {
        // The site shows workshops and the newsletter archive's dates in the coach's zone: a new zone reaches
        // their cached pages at the next request.
        if (doc.timeZone !== previousDoc?.timeZone) {
          revalidate('workshops', req)
          revalidate('newsletter-issues', req)
        }
        return doc
      },
      // New hours, a new calendar read: /scheduling shows the open times they leave at the next request.
      ...revalidateGlobal('open-times'),
    ],
  },
}
