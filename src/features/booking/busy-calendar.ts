/**
 * The coach's busy calendar: the secret iCalendar (.ics) address that Google Calendar, Apple Calendar or
 * Outlook gives, read every few minutes so that its busy events block discovery-call slots (issue 10).
 *
 * Library: ical.js 2.2.1 (github.com/kewisch/ical.js, MPL-2.0), the iCalendar engine of Mozilla Thunderbird,
 * pinned exactly. Compared with node-ical 0.27.2:
 * - Weight: ical.js has no runtime dependencies and ships its own TypeScript types; node-ical pulls in
 *   rrule-temporal and temporal-polyfill.
 * - Maintenance: node-ical releases more often (0.27.2, Sep 2026) but is still 0.x, where any minor release
 *   may break; ical.js is a stable 2.x (2.2.1, Aug 2025) that Thunderbird depends on.
 * - Correctness: ical.js resolves each TZID against the file's own VTIMEZONE blocks (so Outlook's Windows
 *   zone names work too) and expands RRULE and RDATE with EXDATE and RECURRENCE-ID overrides (also
 *   RANGE=THISANDFUTURE), keeping occurrences as wall-clock times in their zone: "weekly at 09:00 New York"
 *   stays 09:00 across a daylight-saving change.
 * What this module adds: dates and times without a zone the file defines are read with @date-fns/tz,
 * all-day dates and floating times in the coach's time zone, a TZID without VTIMEZONE in that zone when it
 * is an IANA name (else the coach's); free (TRANSP:TRANSPARENT) and cancelled (STATUS:CANCELLED) events and
 * overridden occurrences do not block; overrides are matched to their series by UID only.
 */
import { TZDate } from '@date-fns/tz'
import ICAL from 'ical.js'

export type Interval = { start: Date; end: Date }

type Component = InstanceType<typeof ICAL.Component>
type Event = InstanceType<typeof ICAL.Event>
type Time = InstanceType<typeof ICAL.Time>

/** Largest calendar text fetchBusyCalendar reads. */
const MAX_CALENDAR_BYTES = 5 * 1024 * 1024

/** Occurrences looked at per recurring series: ends the expansion of endless minutely or secondly rules. */
const MAX_OCCURRENCES_PER_SERIES = 50_000

const DEFAULT_TIMEOUT_MS = 10_000

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** The wall-clock time in an IANA zone, as an instant. */
function wallClockIn(time: Time, timeZone: string): number {
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, timeZone).getTime()
}

/**
 * The instant a date or date-time of the calendar stands for. All-day dates are floating: the day begins at
 * midnight in the coach's zone. Times in UTC or in a zone the file defines (VTIMEZONE) are exact. Floating
 * times, and times whose TZID the file does not define, are read in that TZID when it is an IANA name and
 * otherwise in the coach's zone.
 */
function instantOf(time: Time, tzid: string | undefined, coachTimeZone: string): number {
  if (time.isDate) return new TZDate(time.year, time.month - 1, time.day, coachTimeZone).getTime()
  if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC') return time.toUnixTime() * 1000
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone && time.zone.component) {
    return time.toUnixTime() * 1000
  }
  return wallClockIn(time, tzid && isTimeZone(tzid) ? tzid : coachTimeZone)
}

function tzidOf(component: Component, property: 'dtstart' | 'dtend'): string | undefined {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : undefined
}

/** Whether the event (a series, or one overridden occurrence of it) keeps the coach busy. */
function blocks(component: Component): boolean {
  const transparency = String(component.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase()
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase()
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED'
}

/**
 * The interval an event occupies when it starts at `start` (its own DTSTART, or one occurrence of its
 * series, in the same zone). With DTEND the length is exact; with DURATION its days and weeks are nominal
 * (same wall-clock time on a later day) and its hours, minutes and seconds exact (RFC 5545, 3.3.6).
 */
function span(event: Event, start: Time, coachTimeZone: string): Interval {
  const component = event.component
  const startTzid = tzidOf(component, 'dtstart')
  const from = instantOf(start, startTzid, coachTimeZone)

  let to: number
  if (component.hasProperty('dtend')) {
    const dtstart = event.startDate
    const dtend = event.endDate
    if (start.isDate) {
      const days = Math.round(
        (Date.UTC(dtend.year, dtend.month - 1, dtend.day) - Date.UTC(dtstart.year, dtstart.month - 1, dtstart.day)) /
          86_400_000,
      )
      to = instantOf(shiftDays(start, days), undefined, coachTimeZone)
    } else {
      const length =
        instantOf(dtend, tzidOf(component, 'dtend'), coachTimeZone) - instantOf(dtstart, startTzid, coachTimeZone)
      to = from + length
    }
  } else if (component.hasProperty('duration')) {
    const duration = event.duration
    const sign = duration.isNegative ? -1 : 1
    const days = sign * (duration.weeks * 7 + duration.days)
    const seconds = sign * (duration.hours * 3600 + duration.minutes * 60 + duration.seconds)
    to = instantOf(shiftDays(start, days), startTzid, coachTimeZone) + seconds * 1000
  } else {
    // RFC 5545, 3.6.1: without DTEND or DURATION an all-day event takes its day, a timed one no time.
    to = start.isDate ? instantOf(shiftDays(start, 1), undefined, coachTimeZone) : from
  }
  return { start: new Date(from), end: new Date(to) }
}

function shiftDays(time: Time, days: number): Time {
  const shifted = time.clone()
  shifted.adjust(days, 0, 0, 0)
  return shifted
}

function calendarsOf(icsText: string): Component[] {
  let parsed: unknown
  try {
    parsed = ICAL.parse(icsText)
  } catch (error) {
    throw new Error(`The busy calendar is not valid iCalendar text: ${(error as Error).message}`)
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])) ?? []
  const calendars = roots.map((root) => new ICAL.Component(root as unknown[])).filter((c) => c.name === 'vcalendar')
  if (calendars.length === 0) throw new Error('The busy calendar is not an iCalendar file (no BEGIN:VCALENDAR).')
  return calendars
}

/** Parses iCalendar text into the busy intervals overlapping [from, to), expanded and sorted by start. */
export function busyIntervals(icsText: string, from: Date, to: Date, coachTimeZone: string): Interval[] {
  if (!isTimeZone(coachTimeZone)) throw new Error(`Unknown time zone: ${coachTimeZone}`)
  const windowStart = from.getTime()
  const windowEnd = to.getTime()
  const intervals: Interval[] = []
  const keep = (interval: Interval) => {
    const start = interval.start.getTime()
    const end = interval.end.getTime()
    if (end > start && start < windowEnd && end > windowStart) intervals.push(interval)
  }

  for (const calendar of calendarsOf(icsText)) {
    // Series (no RECURRENCE-ID) and their overridden occurrences, grouped by UID.
    const series = new Map<string, { masters: Component[]; overrides: Component[] }>()
    const single: Component[] = []
    for (const component of calendar.getAllSubcomponents('vevent')) {
      const uid = component.getFirstPropertyValue('uid')
      if (typeof uid !== 'string' || uid === '') {
        single.push(component)
        continue
      }
      const group = series.get(uid) ?? { masters: [], overrides: [] }
      if (component.hasProperty('recurrence-id')) group.overrides.push(component)
      else group.masters.push(component)
      series.set(uid, group)
    }

    for (const [uid, { masters, overrides }] of series) {
      try {
        for (const master of masters) expandSeries(master, overrides, windowEnd, coachTimeZone, keep)
        // An override stands on its own: its DTSTART and DTEND, its own TRANSP and STATUS. Overrides with no
        // series in the file (a single invited occurrence) are events like any other.
        for (const override of overrides) {
          if (blocks(override)) {
            const event = new ICAL.Event(override)
            keep(span(event, event.startDate, coachTimeZone))
          }
        }
      } catch (error) {
        throw new Error(`The busy calendar has an event it cannot read (UID ${uid}): ${(error as Error).message}`)
      }
    }
    for (const component of single) {
      try {
        if (!blocks(component)) continue
        if (component.hasProperty('rrule') || component.hasProperty('rdate')) {
          expandSeries(component, [], windowEnd, coachTimeZone, keep)
        } else {
          const event = new ICAL.Event(component, { exceptions: [] })
          keep(span(event, event.startDate, coachTimeZone))
        }
      } catch (error) {
        throw new Error(`The busy calendar has an event it cannot read: ${(error as Error).message}`)
      }
    }
  }

  return intervals.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime())
}

/**
 * Every occurrence of a series that starts before the window ends, except those an override replaces
 * (the caller adds those). EXDATE and RDATE are applied by ical.js; RANGE=THISANDFUTURE overrides shift
 * the occurrences after them and lend them their TRANSP and STATUS.
 */
function expandSeries(
  master: Component,
  overrides: Component[],
  windowEnd: number,
  coachTimeZone: string,
  keep: (interval: Interval) => void,
) {
  const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: true })
  const startTzid = tzidOf(master, 'dtstart')
  const iterator = event.iterator()
  for (let count = 0; count < MAX_OCCURRENCES_PER_SERIES; count++) {
    const occurrence = iterator.next()
    if (!occurrence) return
    // Occurrences come in order of their original start; an override may move one, but then it is kept
    // by the caller, not here.
    if (instantOf(occurrence, startTzid, coachTimeZone) >= windowEnd && !event.rangeExceptions.length) return
    const details = event.getOccurrenceDetails(occurrence)
    const item = details.item
    if (item !== event && item.recurrenceId.compare(occurrence) === 0) continue
    if (!blocks(item.component)) continue
    if (item === event) {
      keep(span(event, occurrence, coachTimeZone))
    } else {
      // Shifted by a RANGE=THISANDFUTURE override: ical.js gives the new start in the override's zone.
      const start = instantOf(details.startDate, tzidOf(item.component, 'dtstart'), coachTimeZone)
      const length = span(item, item.startDate, coachTimeZone)
      keep({ start: new Date(start), end: new Date(start + length.end.getTime() - length.start.getTime()) })
      if (start >= windowEnd) return
    }
  }
}

/**
 * Fetches the calendar address (https: or http:, also webcal: treated as https:) with a timeout and a size cap
 * (5 MB); throws an Error with a clear message on HTTP errors, timeouts, oversize or unparsable text. The
 * messages name the host only: the address itself is a secret.
 */
export async function fetchBusyCalendar(
  url: string,
  options: { from: Date; to: Date; coachTimeZone: string; timeoutMs?: number },
): Promise<Interval[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let address: URL
  try {
    address = new URL(url.trim())
  } catch {
    throw new Error('The busy calendar address is not a valid URL.')
  }
  if (address.protocol === 'webcal:' || address.protocol === 'webcals:') {
    address = new URL(`https:${address.href.slice(address.protocol.length)}`)
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') {
    throw new Error(
      `The busy calendar address must start with https://, http:// or webcal:// (not ${address.protocol}).`,
    )
  }
  const where = `the busy calendar at ${address.host}`

  const signal = AbortSignal.timeout(timeoutMs)
  let text: string
  try {
    const response = await fetch(address, {
      signal,
      redirect: 'follow',
      cache: 'no-store',
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
    })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      throw new Error(
        `Reading ${where} failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      )
    }
    text = await readCapped(response, where)
  } catch (error) {
    if (signal.aborted || (error as Error).name === 'TimeoutError') {
      throw new Error(`Reading ${where} timed out after ${timeoutMs} ms.`)
    }
    if ((error as Error).message.startsWith('Reading ')) throw error
    throw new Error(`Reading ${where} failed: ${describe(error)}`)
  }

  try {
    return busyIntervals(text, options.from, options.to, options.coachTimeZone)
  } catch (error) {
    throw new Error(`Reading ${where} failed: ${(error as Error).message}`)
  }
}

async function readCapped(response: Response, where: string): Promise<string> {
  const tooLarge = `Reading ${where} failed: the calendar is larger than ${MAX_CALENDAR_BYTES / 1024 / 1024} MB.`
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > MAX_CALENDAR_BYTES) {
    await response.body?.cancel().catch(() => {})
    throw new Error(tooLarge)
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder('utf-8')
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_CALENDAR_BYTES) {
      await reader.cancel().catch(() => {})
      throw new Error(tooLarge)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const detail = cause?.code ?? cause?.message
  return `${(error as Error).message}${detail ? ` (${detail})` : ''}.`
}
