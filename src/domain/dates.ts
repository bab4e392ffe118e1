import { tz } from '@date-fns/tz'
import { startOfDay } from 'date-fns'

/**
 * The coach's IANA time zone until they choose one in Booking → Availability (COACH_TIME_ZONE, default UTC):
 * the default of that setting, which is then the one zone every date is typed, shown and cut off in.
 */
export const defaultCoachTimeZone = (): string => process.env.COACH_TIME_ZONE || 'UTC'

/**
 * A workshop's date as the coach means it. Dates are stored in UTC; the site shows them in the coach's
 * time zone (Booking → Availability) with the zone named, so no visitor misreads the hour.
 */
export function formatEventDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso))
}

/**
 * The instant today began in `timeZone`, "today" being the calendar day `now` falls on there: local
 * midnight, or the first instant of the day when a daylight-saving change skips midnight.
 */
export function startOfDayIn(timeZone: string, now: Date): Date {
  return new Date(startOfDay(now, { in: tz(timeZone) }).getTime())
}

let zones: { label: string; value: string }[] | undefined
/**
 * Every IANA time zone this runtime knows, UTC included, as a picker's options: one list, made once, for every
 * date field that names a zone (a fresh list of four hundred per field cost the server about 20 MB at idle).
 */
export const timeZoneOptions = (): { label: string; value: string }[] =>
  (zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')].map((z) => ({
    label: z,
    value: z,
  })))
