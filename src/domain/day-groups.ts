import { TZDate } from '@date-fns/tz'
import { endOfDay, endOfWeek } from 'date-fns'

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
