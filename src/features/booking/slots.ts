import { tz, tzOffset } from '@date-fns/tz'
import { format } from 'date-fns'

/**
 * Slot generation for discovery calls: which start instants a visitor may book, given the coach's weekly
 * hours in her own time zone, her busy times and the calls already booked. Pure: the clock is passed in.
 */

export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7 // ISO: Monday = 1 … Sunday = 7

export type Availability = {
  /** The coach's IANA zone. */
  timeZone: string
  /** 'HH:mm' wall clock in `timeZone` ('24:00' allowed for `to`); several ranges per weekday allowed; to > from. */
  weeklyHours: { weekday: Weekday; from: string; to: string }[]
  /** Length of a call; default 30. */
  callMinutes: number
  /** Free time required between calls and around busy times; default 15. */
  bufferMinutes: number
  /** No slot starts before now + notice; default 24. */
  noticeHours: number
  /** No slot starts after now + horizonDays × 24 h; default 30. */
  horizonDays: number
  /** A coach-local day with this many live calls offers no slot; default 4. */
  maxPerDay: number
  /** 'YYYY-MM-DD' inclusive, coach-local dates; a single day has from = to. */
  daysOff: { from: string; to: string }[]
}

export type Interval = { start: Date; end: Date }

export type SlotDay = { date: string /* 'YYYY-MM-DD' coach-local */; slots: Date[] /* start instants, ascending */ }

export const DEFAULT_AVAILABILITY: Omit<Availability, 'timeZone' | 'weeklyHours' | 'daysOff'> = Object.freeze({
  callMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 24,
  horizonDays: 30,
  maxPerDay: 4,
})

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Open slots from `now` on, grouped by coach-local day; only days with at least one slot; ascending. */
export function openSlots(a: Availability, busy: Interval[], calls: Interval[], now: Date): SlotDay[] {
  const rules = prepare(a, busy, calls, now)
  const days: SlotDay[] = []
  const last = localDate(new Date(rules.latest), a.timeZone)
  for (let date = localDate(now, a.timeZone); date <= last; date = nextDate(date)) {
    const slots = candidates(rules, date)
      .filter((start) => isOpen(rules, date, start))
      .map((start) => new Date(start))
    if (slots.length > 0) days.push({ date, slots })
  }
  return days
}

/** Whether one start instant is an open slot (the same rules; used to re-check a visitor's pick on the server). */
export function isOpenSlot(a: Availability, busy: Interval[], calls: Interval[], now: Date, start: Date): boolean {
  const rules = prepare(a, busy, calls, now)
  const time = start.getTime()
  if (!Number.isFinite(time)) return false
  const date = localDate(start, a.timeZone)
  return candidates(rules, date).includes(time) && isOpen(rules, date, time)
}

/**
 * A slot's start as the visitor's or coach's wall clock, e.g. formatSlot(d, 'America/New_York') →
 * 'Tuesday, December 1, 2026, 10:00 AM EST' (Intl en-US with weekday, date, time, short zone name). The date
 * and the time are formatted apart and joined with a comma, so the text does not depend on the ICU version
 * (recent ones join them with " at ").
 */
export function formatSlot(start: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(start)
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(start)
  return `${day}, ${time}`
}

/**
 * The instant a coach-local date and wall-clock time ('YYYY-MM-DD', 'HH:mm') denote in `timeZone`: null when
 * a daylight-saving gap skips that time (or the input is malformed), the first occurrence when a fall-back
 * repeats it.
 */
export function wallClockInstant(timeZone: string, date: string, time: string): Date | null {
  if (!isCalendarDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  const instant = wallToInstant(timeZone, date, hours * 60 + minutes)
  return instant === null ? null : new Date(instant)
}

/** Whether 'YYYY-MM-DD' is a day of the calendar (not 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  return DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date
}

/** The coach-local date 'YYYY-MM-DD' of an instant. */
export function localDate(start: Date, timeZone: string): string {
  return format(start, 'yyyy-MM-dd', { in: tz(timeZone) })
}

type Rules = {
  a: Availability
  /** Wall-clock ranges per ISO weekday, in minutes after local midnight. */
  ranges: Map<Weekday, { from: number; to: number }[]>
  /** Blocked intervals (busy times and calls) as [start, end) in milliseconds. */
  blocked: { start: number; end: number }[]
  /** Number of live calls per coach-local date. */
  callsPerDay: Map<string, number>
  earliest: number
  latest: number
}

function prepare(a: Availability, busy: Interval[], calls: Interval[], now: Date): Rules {
  assertAvailability(a)
  const nowTime = now.getTime()
  if (!Number.isFinite(nowTime)) throw new RangeError('now is not a valid date')
  const ranges = new Map<Weekday, { from: number; to: number }[]>()
  for (const range of a.weeklyHours) {
    const list = ranges.get(range.weekday) ?? []
    list.push({ from: wallMinutes(range.from, false), to: wallMinutes(range.to, true) })
    ranges.set(range.weekday, list)
  }
  const callsPerDay = new Map<string, number>()
  for (const call of calls) {
    const date = localDate(call.start, a.timeZone)
    callsPerDay.set(date, (callsPerDay.get(date) ?? 0) + 1)
  }
  return {
    a,
    ranges,
    blocked: [...busy, ...calls].map(({ start, end }) => ({ start: start.getTime(), end: end.getTime() })),
    callsPerDay,
    earliest: nowTime + a.noticeHours * HOUR,
    latest: nowTime + a.horizonDays * DAY,
  }
}

/** The grid of one coach-local date: start instants (ms) of its weekday's ranges, unique and ascending. */
function candidates({ a, ranges }: Rules, date: string): number[] {
  const starts = new Set<number>()
  const step = a.callMinutes + a.bufferMinutes
  const offsets = offsetsAround(a.timeZone, date)
  for (const { from, to } of ranges.get(weekday(date)) ?? []) {
    for (let minutes = from; minutes + a.callMinutes <= to; minutes += step) {
      const start = wallToInstant(a.timeZone, date, minutes, offsets)
      if (start !== null) starts.add(start)
    }
  }
  return [...starts].sort((x, y) => x - y)
}

function isOpen({ a, blocked, callsPerDay, earliest, latest }: Rules, date: string, start: number): boolean {
  if (start < earliest || start > latest) return false
  if (a.daysOff.some((off) => off.from <= date && date <= off.to)) return false
  if ((callsPerDay.get(date) ?? 0) >= a.maxPerDay) return false
  const from = start - a.bufferMinutes * MINUTE
  const to = start + (a.callMinutes + a.bufferMinutes) * MINUTE
  return !blocked.some((b) => b.start < to && from < b.end)
}

/**
 * The UTC offsets (minutes) the zone has around a coach-local date: sampled at the UTC midnights from the day
 * before it to two days after, which bracket the whole local day in any zone (UTC-12 to UTC+14).
 */
function offsetsAround(timeZone: string, date: string): Set<number> {
  const midnight = new Date(`${date}T00:00:00Z`).getTime()
  return new Set([-DAY, 0, DAY, 2 * DAY].map((shift) => tzOffset(timeZone, new Date(midnight + shift))))
}

/**
 * The instant a wall-clock time of a coach-local date denotes: null when a daylight-saving gap skips it,
 * the first occurrence when a fall-back repeats it. Tries each offset the zone has around that day (computed
 * once per date) and keeps those under which the instant reads back as the same wall clock.
 */
function wallToInstant(
  timeZone: string,
  date: string,
  minutes: number,
  offsets = offsetsAround(timeZone, date),
): number | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(year, month - 1, day, 0, minutes)
  const hits = [...offsets]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => wall - instant === tzOffset(timeZone, new Date(instant)) * MINUTE)
  return hits.length > 0 ? Math.min(...hits) : null
}

/** ISO weekday of a 'YYYY-MM-DD' calendar date. */
function weekday(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return (day === 0 ? 7 : day) as Weekday
}

/** The calendar date after a 'YYYY-MM-DD' date. */
function nextDate(date: string): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + DAY).toISOString().slice(0, 10)
}

/** Minutes after midnight of an 'HH:mm' time; '24:00' only as the end of a range. */
function wallMinutes(time: string, isEnd: boolean): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time)
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN
  if (!(minutes < 24 * 60 || (isEnd && minutes === 24 * 60))) throw new RangeError(`Invalid wall time "${time}"`)
  return minutes
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** Refuses settings the rules cannot mean, rather than offering wrong slots. */
function assertAvailability(a: Availability): void {
  if (Number.isNaN(tzOffset(a.timeZone, new Date(0)))) throw new RangeError(`Unknown time zone "${a.timeZone}"`)
  const counts: [string, number, number][] = [
    ['callMinutes', a.callMinutes, 1],
    ['bufferMinutes', a.bufferMinutes, 0],
    ['maxPerDay', a.maxPerDay, 0],
  ]
  for (const [name, value, min] of counts) {
    if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}`)
  }
  for (const [name, value] of [
    ['noticeHours', a.noticeHours],
    ['horizonDays', a.horizonDays],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number of at least 0`)
  }
  for (const range of a.weeklyHours) {
    if (!Number.isInteger(range.weekday) || range.weekday < 1 || range.weekday > 7) {
      throw new RangeError(`Invalid weekday ${range.weekday}`)
    }
    if (wallMinutes(range.to, true) <= wallMinutes(range.from, false)) {
      throw new RangeError(`Range ${range.from}–${range.to} must end after it starts`)
    }
  }
  for (const off of a.daysOff) {
    if (!DATE.test(off.from) || !DATE.test(off.to)) throw new RangeError(`Invalid day off ${off.from}–${off.to}`)
  }
}
