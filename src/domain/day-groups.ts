import { TZDate } from '@date-fns/tz'
import { addDays, endOfDay, endOfWeek } from 'date-fns'

/** Where an upcoming call falls for the coach: Today, This week or Later. */
export type DayGroup = 'today' | 'this-week' | 'later'

export const DAY_GROUP_HEADINGS = {
  today: 'Today',
  'this-week': 'This week',
  later: 'Later',
} as const satisfies Record<DayGroup, string>

/**
 * The group of an instant after `now`, for someone living in `timeZone`: "today" until midnight there; "this
 * week" the days after today up to and including Sunday (weeks start on Monday, as ISO 8601 and most of
 * Europe count them), so on a Sunday it holds nothing; "later" the rest. Days are the zone's calendar days,
 * 23 or 25 hours long when the clocks change.
 */
export function dayGroup(at: Date, now: Date, timeZone: string): DayGroup {
  const here = new TZDate(now.getTime(), timeZone)
  if (at.getTime() <= endOfDay(here).getTime()) return 'today'
  if (at.getTime() <= endOfWeek(here, { weekStartsOn: 1 }).getTime()) return 'this-week'
  return 'later'
}

/** How many days after today Today's "in the next seven days" counts: tomorrow to the seventh day on. */
export const NEXT_DAYS = 7

/**
 * Whether an instant falls in the next seven days after today for someone living in `timeZone` (Today's count,
 * decision 092): from the end of today to the end of the seventh day after it, whatever day of the week today
 * is (on a Sunday, Monday to the next Sunday). Days are the zone's calendar days, 23 or 25 hours long when
 * the clocks change. Booking → Discovery calls groups by the calendar week instead (dayGroup).
 */
export function inNextSevenDays(at: Date, now: Date, timeZone: string): boolean {
  const here = new TZDate(now.getTime(), timeZone)
  return at.getTime() > endOfDay(here).getTime() && at.getTime() <= endOfDay(addDays(here, NEXT_DAYS)).getTime()
}
