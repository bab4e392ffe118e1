import type { DateField } from 'payload'

import { timeZoneOptions } from '@/domain/dates'
import { readAvailability } from './calls'

/**
 * The time zone of a date field that is shown in the coach's zone (a call's start, an issue's sending time):
 * stored beside it as `<field>_tz`, set to the zone of the booking hours (Availability) when the date is
 * first saved. Stored as text: a database enum of every zone would change with each new time zone release.
 */
export const coachTimeZone = (): NonNullable<DateField['timezone']> => ({
  supportedTimezones: timeZoneOptions(),
  override: ({ baseField }) => ({
    name: baseField.name,
    type: 'text',
    admin: { hidden: true },
    hooks: {
      beforeValidate: [async ({ value, req }) => value || (await readAvailability(req.payload, req)).timeZone],
    },
  }),
})
