import type { Where } from 'payload'

import { startOfDayIn } from './dates'

/**
 * Which workshops are upcoming: those dated from the start of today in the coach's time zone on, so a
 * workshop stays listed all day on the day it takes place and drops off once that day is over there.
 */
export function upcomingWorkshopsWhere(timeZone: string, now: Date): Where {
  return { date: { greater_than_equal: startOfDayIn(timeZone, now).toISOString() } }
}
