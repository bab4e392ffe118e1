import { DAY_GROUP_HEADINGS, dayGroup } from '@/domain/day-groups'
import type { DiscoveryCall } from '@/payload-types'
import { parts } from './format'

/*
 * Where the coach's list of discovery calls opens: the calls still ahead, under Today, This week and Later,
 * each day as the coach's time zone (Booking → Availability) has it. "This week" is the calendar week: the
 * days after today up to the end of Sunday; on a Sunday it is empty and everything after today is Later.
 * Days are counted on the calendar (the date in the zone), so a daylight-saving change never moves a call to
 * another group.
 */

export type UpcomingGroup = (typeof DAY_GROUP_HEADINGS)[keyof typeof DAY_GROUP_HEADINGS]
export const UPCOMING_GROUPS: UpcomingGroup[] = ['Today', 'This week', 'Later']

type Call = Pick<DiscoveryCall, 'id' | 'name' | 'startsAt' | 'status' | 'cancelledBy'>

export type UpcomingCall = { id: number; name: string; startsAt: string; when: string; status: string }

/** The 24-hour clock of the calls' table, with the date's parts. */
const TABLE_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Which group a call starting at `start` is in, seen at `now` in `timeZone` (the rule: src/domain/day-groups.ts). */
export function upcomingGroup(start: Date, now: Date, timeZone: string): UpcomingGroup {
  return DAY_GROUP_HEADINGS[dayGroup(start, now, timeZone)]
}

/**
 * When a call is, in the coach's zone, as the coach reads it in its group: "14:30" today, "Thu 26 Nov, 14:30"
 * this week, "Thu 17 Dec 2026, 14:30" later (the same 24-hour clock as the calls' table).
 */
export function whenLabel(start: Date, group: UpcomingGroup, timeZone: string): string {
  const p = parts(start, timeZone, 'table', TABLE_PARTS)
  const time = `${p.hour}:${p.minute}`
  if (group === 'Today') return time
  const day = `${p.weekday} ${p.day} ${MONTHS[Number(p.month) - 1]}`
  return group === 'This week' ? `${day}, ${time}` : `${day} ${p.year}, ${time}`
}

/** A call's status in the coach's words. */
export function statusWords(call: Pick<Call, 'status' | 'cancelledBy'>): string {
  if (call.status !== 'cancelled') return 'Booked'
  if (call.cancelledBy === 'visitor') return 'Cancelled by the visitor'
  if (call.cancelledBy === 'coach') return 'Cancelled by you'
  return 'Cancelled'
}

/** The calls (soonest first) in their groups, every group present (possibly empty), in order. */
export function groupUpcoming(
  calls: Call[],
  now: Date,
  timeZone: string,
): { group: UpcomingGroup; calls: UpcomingCall[] }[] {
  const groups = new Map<UpcomingGroup, UpcomingCall[]>(UPCOMING_GROUPS.map((g) => [g, []]))
  const sorted = [...calls].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
  for (const call of sorted) {
    const start = new Date(call.startsAt)
    const group = upcomingGroup(start, now, timeZone)
    groups.get(group)!.push({
      id: call.id,
      name: call.name,
      startsAt: call.startsAt,
      when: whenLabel(start, group, timeZone),
      status: statusWords(call),
    })
  }
  return UPCOMING_GROUPS.map((group) => ({ group, calls: groups.get(group)! }))
}
