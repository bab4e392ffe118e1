/**
 * The coach's busy calendar: the secret iCalendar (.ics) address that Google Calendar, Apple Calendar or
 * Outlook gives, read every few minutes so that its busy events block discovery-call slots.
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
 * overridden occurrences do not block; overrides are matched to their series by UID only. The address is
 * typed by a person, so it is read from public addresses only (no server-side request forgery), and a file's
 * expansion is bounded as a whole, in occurrences and in time.
 */
import type { Readable } from 'node:stream'

import { TZDate } from '@date-fns/tz'
import ICAL from 'ical.js'

import { AddressRefusedError, anyAddress, publicAddressesOnly, type AddressPolicy } from '@/platform/net/public-address'
import { getPublic, TooManyRedirectsError } from '@/platform/net/public-get'

export type Interval = { start: Date; end: Date }

type Component = InstanceType<typeof ICAL.Component>
type Event = InstanceType<typeof ICAL.Event>
type Time = InstanceType<typeof ICAL.Time>

/** Largest calendar text fetchBusyCalendar reads. */
const MAX_CALENDAR_BYTES = 5 * 1024 * 1024

/** Occurrences looked at per recurring series: ends the expansion of endless minutely or secondly rules. */
const MAX_OCCURRENCES_PER_SERIES = 50_000

/**
 * The whole file's bounds. Without them, thousands of series each at the per-series limit, or one rule
 * ical.js searches for ever (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), keep the server's only thread busy for hours.
 * - Occurrences of all series and events together: 100,000 take about 3 s on an idle 2-core server.
 * - Turns of ical.js's search for a rule's next date: ordinary rules take 1 to 4 per occurrence, an hourly
 *   or minutely rule narrowed to a few hours some 25.
 * - Time, against a machine so busy that the counts above take too long (a backstop: on a machine shared by
 *   four builds, 10,000 single events took 5 s).
 */
const MAX_OCCURRENCES = 100_000
const MAX_SEARCH_STEPS = 1_000_000
const EXPANSION_BUDGET_MS = 10_000

const DEFAULT_TIMEOUT_MS = 10_000

/** Redirects followed, each to an address checked like the first. */
const MAX_REDIRECTS = 3

/**
 * What editors read under "Reading your calendar" when it cannot be read: the kind of failure in the
 * interface's words, never a resolved address, a server's error text or its answer. The details go to the log.
 */
export const UNREADABLE = 'The calendar address could not be read.'
const REASONS = {
  invalid:
    'The calendar address is not a valid web address: paste the whole address, starting with https:// or webcal://.',
  private: 'The calendar address points to a private network address, which is not allowed.',
  redirects: `The calendar address redirects more than ${MAX_REDIRECTS} times.`,
  status: (status: number) => `The calendar address answered with an error (HTTP ${status}).`,
  timeout: (ms: number) => `The calendar address did not answer within ${ms / 1000} seconds.`,
  tooLarge: `The calendar is larger than ${MAX_CALENDAR_BYTES / 1024 / 1024} MB.`,
  notCalendar: 'The calendar address does not give a calendar (an .ics file).',
  tooComplex: `The calendar is too large to read: its events and repeats make more than ${MAX_OCCURRENCES.toLocaleString('en-US')} dates or take too long to work out.`,
}

/** A calendar that cannot be read: `message` is what editors may read, `detail` what the log gets. */
export class BusyCalendarError extends Error {
  constructor(
    reason: string,
    readonly detail: string,
  ) {
    super(reason)
    this.name = 'BusyCalendarError'
  }
}

/**
 * Where the calendar may be read from: public addresses only, unless BUSY_CALENDAR_ANY_ADDRESS=true
 * (tests and development, with a calendar served on this machine). Read at each call, so a test can set it.
 */
export const defaultAddressPolicy = (): AddressPolicy =>
  process.env.BUSY_CALENDAR_ANY_ADDRESS === 'true' ? anyAddress : publicAddressesOnly

/** What is left to the expansion of one file: occurrences, search steps, time. */
class Budget {
  private occurrences = 0
  private steps = 0
  private readonly deadline: number

  constructor(private readonly budgetMs: number) {
    this.deadline = performance.now() + budgetMs
  }

  /** One occurrence or event read. */
  occurrence() {
    if (++this.occurrences > MAX_OCCURRENCES) this.exceeded(`more than ${MAX_OCCURRENCES} occurrences`)
    if ((this.occurrences & 0xff) === 0) this.checkTime()
  }

  /** One turn of ical.js's own search for the next date of a rule. */
  step() {
    if (++this.steps > MAX_SEARCH_STEPS) this.exceeded(`more than ${MAX_SEARCH_STEPS} search steps`)
    if ((this.steps & 0x3ff) === 0) this.checkTime()
  }

  private checkTime() {
    if (performance.now() > this.deadline) this.exceeded(`more than ${this.budgetMs} ms of expansion`)
  }

  private exceeded(what: string): never {
    throw new BusyCalendarError(REASONS.tooComplex, `the calendar is too large or complex to expand (${what})`)
  }
}

// ical.js searches for a rule's next date in a loop inside RecurIterator.next(); for a rule with no date at all
// (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) one call never returns. Every turn of that loop asks
// check_contracting_rules(), so the budget of the expansion under way is kept there too. The slot is global:
// the server may load this module in more than one bundle, all sharing one ical.js.
const EXPANDING = Symbol.for('coach-site.busy-calendar.expanding')
const PATCHED = Symbol.for('coach-site.busy-calendar.ical-budget')
type Slot = { [EXPANDING]?: Budget | null }
{
  const prototype = ICAL.RecurIterator.prototype as InstanceType<typeof ICAL.RecurIterator> & { [PATCHED]?: true }
  if (!prototype[PATCHED]) {
    const original = prototype.check_contracting_rules
    prototype.check_contracting_rules = function (this: typeof prototype) {
      ;(globalThis as Slot)[EXPANDING]?.step()
      return original.call(this)
    }
    prototype[PATCHED] = true
  }
}

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

/**
 * Parses iCalendar text into the busy intervals overlapping [from, to), expanded and sorted by start. A file
 * over the bounds of the expansion (MAX_OCCURRENCES, EXPANSION_BUDGET_MS) throws a BusyCalendarError.
 * `budgetMs` is for tests: each bound on its own, whatever the machine's load.
 */
export function busyIntervals(
  icsText: string,
  from: Date,
  to: Date,
  coachTimeZone: string,
  budgetMs = EXPANSION_BUDGET_MS,
): Interval[] {
  if (!isTimeZone(coachTimeZone)) throw new Error(`Unknown time zone: ${coachTimeZone}`)
  // Parsing is bounded by the size cap (5 MB: about a second); the budget is the expansion's.
  const calendars = calendarsOf(icsText)
  const slot = globalThis as Slot
  const budget = new Budget(budgetMs)
  slot[EXPANDING] = budget
  try {
    return expandAll(calendars, from, to, coachTimeZone, budget)
  } finally {
    slot[EXPANDING] = null
  }
}

function expandAll(calendars: Component[], from: Date, to: Date, coachTimeZone: string, budget: Budget): Interval[] {
  const windowStart = from.getTime()
  const windowEnd = to.getTime()
  const intervals: Interval[] = []
  const keep = (interval: Interval) => {
    const start = interval.start.getTime()
    const end = interval.end.getTime()
    if (end > start && start < windowEnd && end > windowStart) intervals.push(interval)
  }

  for (const calendar of calendars) {
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
        for (const master of masters) expandSeries(master, overrides, windowEnd, coachTimeZone, keep, budget)
        // An override stands on its own: its DTSTART and DTEND, its own TRANSP and STATUS. Overrides with no
        // series in the file (a single invited occurrence) are events like any other.
        for (const override of overrides) {
          budget.occurrence()
          if (blocks(override)) {
            const event = new ICAL.Event(override)
            keep(span(event, event.startDate, coachTimeZone))
          }
        }
      } catch (error) {
        if (error instanceof BusyCalendarError) throw error
        throw new Error(`The busy calendar has an event it cannot read (UID ${uid}): ${(error as Error).message}`)
      }
    }
    for (const component of single) {
      try {
        budget.occurrence()
        if (!blocks(component)) continue
        if (component.hasProperty('rrule') || component.hasProperty('rdate')) {
          expandSeries(component, [], windowEnd, coachTimeZone, keep, budget)
        } else {
          const event = new ICAL.Event(component, { exceptions: [] })
          keep(span(event, event.startDate, coachTimeZone))
        }
      } catch (error) {
        if (error instanceof BusyCalendarError) throw error
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
  budget: Budget,
) {
  const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: true })
  const startTzid = tzidOf(master, 'dtstart')
  const iterator = event.iterator()
  for (let count = 0; count < MAX_OCCURRENCES_PER_SERIES; count++) {
    const occurrence = iterator.next()
    if (!occurrence) return
    budget.occurrence()
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
 * (5 MB), from public addresses only (see src/platform/net/public-address.ts; `addressPolicy` says otherwise
 * in tests), following at most 3 redirects, each checked the same way. Throws a BusyCalendarError whose
 * message editors may read and whose detail names the host only: the address itself is a secret.
 */
export async function fetchBusyCalendar(
  url: string,
  options: {
    from: Date
    to: Date
    coachTimeZone: string
    timeoutMs?: number
    addressPolicy?: AddressPolicy
    /**
     * What ends the read after `timeoutMs`: AbortSignal.timeout. A test passes its own, to see the time asked
     * for and to end the read when it chooses, rather than measure a clock on a busy machine.
     */
    deadline?: (ms: number) => AbortSignal
  },
): Promise<Interval[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let address: URL
  try {
    address = new URL(url.trim())
  } catch {
    throw new BusyCalendarError(REASONS.invalid, 'the address is not a valid URL')
  }
  if (address.protocol === 'webcal:' || address.protocol === 'webcals:') {
    address = new URL(`https:${address.href.slice(address.protocol.length)}`)
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') {
    throw new BusyCalendarError(REASONS.invalid, `the address is a ${address.protocol} address`)
  }
  const host = address.host

  const signal = options.deadline ? options.deadline(timeoutMs) : AbortSignal.timeout(timeoutMs)
  let text: string
  try {
    const response = await getPublic(address, {
      policy: options.addressPolicy ?? defaultAddressPolicy(),
      signal,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
    })
    if (response.status < 200 || response.status > 299) {
      response.body.destroy()
      throw new BusyCalendarError(
        REASONS.status(response.status),
        `${response.url.host} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
      )
    }
    text = await readCapped(response.body, response.headers['content-length'], response.url.host)
  } catch (error) {
    if (error instanceof BusyCalendarError) throw error
    if (signal.aborted)
      throw new BusyCalendarError(REASONS.timeout(timeoutMs), `${host} timed out after ${timeoutMs} ms`)
    if (error instanceof AddressRefusedError) {
      throw new BusyCalendarError(REASONS.private, `refused: ${error.message}`)
    }
    if (error instanceof TooManyRedirectsError) throw new BusyCalendarError(REASONS.redirects, error.message)
    throw new BusyCalendarError(UNREADABLE, `reading ${host} failed: ${describe(error)}`)
  }

  try {
    return busyIntervals(text, options.from, options.to, options.coachTimeZone)
  } catch (error) {
    if (error instanceof BusyCalendarError) throw error
    throw new BusyCalendarError(REASONS.notCalendar, `${host} gave no readable calendar: ${(error as Error).message}`)
  }
}

async function readCapped(body: Readable, contentLength: string | undefined, host: string): Promise<string> {
  const tooLarge = () =>
    new BusyCalendarError(REASONS.tooLarge, `${host} sent more than ${MAX_CALENDAR_BYTES / 1024 / 1024} MB`)
  const declared = Number(contentLength)
  if (Number.isFinite(declared) && declared > MAX_CALENDAR_BYTES) {
    body.destroy()
    throw tooLarge()
  }
  const decoder = new TextDecoder('utf-8')
  let size = 0
  let text = ''
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > MAX_CALENDAR_BYTES) {
      body.destroy()
      throw tooLarge()
    }
    text += decoder.decode(chunk, { stream: true })
  }
  return text + decoder.decode()
}

/** The network's error by its code (ECONNREFUSED, CERT_HAS_EXPIRED): its message may name an IP address. */
function describe(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string }
  return code ?? message ?? String(error)
}
