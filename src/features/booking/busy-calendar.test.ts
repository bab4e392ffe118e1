import { EventEmitter, getEventListeners, once } from 'node:events'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'

import { gzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { publicAddressesOnly, type AddressPolicy } from '@/platform/net/public-address'

import { BusyCalendarError, busyIntervals, fetchBusyCalendar, type Interval } from './busy-calendar'

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')
const iso = (intervals: Interval[]) => intervals.map(({ start, end }) => [start.toISOString(), end.toISOString()])

const from = new Date('2026-10-19T00:00:00Z')
const to = new Date('2026-11-23T00:00:00Z')

/** Every busy interval of fixtures/google.ics in [from, to) for a coach in New York. */
const googleInNewYork = [
  // 19:00–21:00 EDT on Oct 18: overlaps the window's start, returned whole.
  ['2026-10-18T23:00:00.000Z', '2026-10-19T01:00:00.000Z'],
  // Weekly Monday 09:00–10:00 New York, still daylight time (UTC−4).
  ['2026-10-19T13:00:00.000Z', '2026-10-19T14:00:00.000Z'],
  // Weekly 18:00–19:30 Berlin (COUNT=3): summer time (UTC+2), then winter time from Oct 25 (UTC+1).
  ['2026-10-22T16:00:00.000Z', '2026-10-22T17:30:00.000Z'],
  // All-day Oct 28 and 29: midnight to midnight in New York.
  ['2026-10-28T04:00:00.000Z', '2026-10-30T04:00:00.000Z'],
  ['2026-10-29T17:00:00.000Z', '2026-10-29T18:30:00.000Z'],
  // All-day Nov 1, the day daylight time ends: 25 hours long.
  ['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
  // The weekly session after the change: still 09:00 in New York, now UTC−5.
  ['2026-11-02T14:00:00.000Z', '2026-11-02T15:00:00.000Z'],
  // A UTC event.
  ['2026-11-03T17:00:00.000Z', '2026-11-03T17:30:00.000Z'],
  // The Nov 9 session, moved (RECURRENCE-ID) to Tuesday Nov 10, 15:00–16:00 New York.
  ['2026-11-10T20:00:00.000Z', '2026-11-10T21:00:00.000Z'],
]

describe('busyIntervals', () => {
  it('expands a Google Calendar export into its busy intervals, exact to the instant', () => {
    expect(iso(busyIntervals(fixture('google.ics'), from, to, 'America/New_York'))).toEqual(googleInNewYork)
  })

  it('leaves out the EXDATE, the cancelled override, free and cancelled events, and whatever is outside the window', () => {
    const starts = busyIntervals(fixture('google.ics'), from, to, 'America/New_York').map((i) => i.start.toISOString())
    // Oct 26 is an EXDATE; Nov 9 moved away; Nov 16 is overridden with STATUS:CANCELLED; Nov 23 starts at `to`.
    for (const monday of ['2026-10-26T13:00:00.000Z', '2026-11-09T14:00:00.000Z', '2026-11-16T14:00:00.000Z']) {
      expect(starts).not.toContain(monday)
    }
    expect(starts).not.toContain('2026-11-23T14:00:00.000Z')
    // TRANSP:TRANSPARENT (Oct 20, 13:00 New York) and STATUS:CANCELLED (Oct 21, 12:00 New York).
    expect(starts).not.toContain('2026-10-20T17:00:00.000Z')
    expect(starts).not.toContain('2026-10-21T16:00:00.000Z')
    // Ends exactly when the window begins ([from, to) is half-open), and events of Oct 1 and Dec 1.
    expect(starts).not.toContain('2026-10-18T20:00:00.000Z')
    expect(starts).not.toContain('2026-10-01T14:00:00.000Z')
    expect(starts).not.toContain('2026-12-01T15:00:00.000Z')
  })

  it('keeps only what overlaps a narrower window, the series included', () => {
    const intervals = busyIntervals(
      fixture('google.ics'),
      new Date('2026-11-02T14:30:00Z'),
      new Date('2026-11-10T20:00:00Z'),
      'America/New_York',
    )
    expect(iso(intervals)).toEqual([
      ['2026-11-02T14:00:00.000Z', '2026-11-02T15:00:00.000Z'],
      ['2026-11-03T17:00:00.000Z', '2026-11-03T17:30:00.000Z'],
    ])
  })

  it("reads all-day dates as floating: the whole day in the coach's time zone", () => {
    const allDay = busyIntervals(fixture('google.ics'), from, to, 'Europe/Berlin').filter(
      (i) => i.end.getTime() - i.start.getTime() >= 86_400_000,
    )
    expect(iso(allDay)).toEqual([
      // Berlin is on winter time (UTC+1) from Oct 25.
      ['2026-10-27T23:00:00.000Z', '2026-10-29T23:00:00.000Z'],
      ['2026-10-31T23:00:00.000Z', '2026-11-01T23:00:00.000Z'],
    ])
  })

  it("resolves Outlook's Windows zone names through the file's VTIMEZONE, across the DST change", () => {
    expect(iso(busyIntervals(fixture('outlook.ics'), from, to, 'America/New_York'))).toEqual([
      ['2026-10-30T12:30:00.000Z', '2026-10-30T13:00:00.000Z'],
      ['2026-10-31T12:30:00.000Z', '2026-10-31T13:00:00.000Z'],
      ['2026-11-01T13:30:00.000Z', '2026-11-01T14:00:00.000Z'],
      ['2026-11-02T13:30:00.000Z', '2026-11-02T14:00:00.000Z'],
    ])
  })

  it("reads floating times in the coach's zone, a TZID without VTIMEZONE as an IANA zone, and DURATION days as nominal", () => {
    expect(iso(busyIntervals(fixture('no-vtimezone.ics'), from, to, 'America/New_York'))).toEqual([
      // 10:00 EDT plus P1DT1H: 10:00 EST the next day, plus one hour.
      ['2026-10-31T14:00:00.000Z', '2026-11-01T16:00:00.000Z'],
      ['2026-11-04T14:00:00.000Z', '2026-11-04T15:00:00.000Z'],
      ['2026-11-05T09:00:00.000Z', '2026-11-05T09:45:00.000Z'],
      ['2026-11-06T14:00:00.000Z', '2026-11-06T14:30:00.000Z'],
    ])
  })

  it('reads LF line endings as well as CRLF', () => {
    const lf = fixture('google.ics').replaceAll('\r\n', '\n')
    expect(iso(busyIntervals(lf, from, to, 'America/New_York'))).toEqual(googleInNewYork)
  })

  it.each([
    ['', /not an iCalendar file/],
    ['<!doctype html><html><body>Sign in</body></html>', /not valid iCalendar text/],
    ['BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n', /not an iCalendar file/],
    [
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:2026\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
      /cannot read \(UID x\)/,
    ],
  ])('rejects text that is no readable calendar: %j', (text, message) => {
    expect(() => busyIntervals(text, from, to, 'America/New_York')).toThrow(message)
  })

  it('rejects an unknown coach time zone', () => {
    expect(() => busyIntervals(fixture('google.ics'), from, to, 'Mars/Olympus')).toThrow(
      'Unknown time zone: Mars/Olympus',
    )
  })

  const tooComplex =
    'The calendar is too large to read: its events and repeats make more than 100,000 dates or take too long to work out.'
  const calendarOf = (events: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
  const series = (uid: string, rule: string) =>
    [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20261001T000000Z',
      'DTEND:20261001T000001Z',
      `RRULE:${rule}`,
      'END:VEVENT',
    ].join('\r\n')
  /**
   * The error busyIntervals throws under a time budget (none by default: each bound is seen on its own, which
   * bound ended the expansion named in the log's detail, whatever the machine's load; no elapsed time judged).
   */
  const refusal = (text: string, budgetMs = Infinity) => {
    try {
      busyIntervals(text, from, to, 'America/New_York', budgetMs)
    } catch (error) {
      return error as BusyCalendarError
    }
    throw new Error('busyIntervals read the calendar')
  }
  const noDateAtAll = calendarOf([series('never@test', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')])

  it('bounds the whole file: 2,000 series each at the per-series limit end at 100,000 dates, not hours', () => {
    // Every series repeats each second from before the window: 50,000 occurrences each, 100 million in all.
    const hostile = calendarOf(Array.from({ length: 2000 }, (_, i) => series(`s${i}@test`, 'FREQ=SECONDLY')))
    const error = refusal(hostile)
    expect(error).toBeInstanceOf(BusyCalendarError)
    expect([error.message, error.detail]).toEqual([
      tooComplex,
      'the calendar is too large or complex to expand (more than 100000 occurrences)',
    ])
  })

  it('bounds the search ical.js makes for a rule that has no date at all', () => {
    // February 30th, searched day by day: one call of ical.js's iterator that never returns on its own.
    const error = refusal(noDateAtAll)
    expect([error.message, error.detail]).toEqual([
      tooComplex,
      'the calendar is too large or complex to expand (more than 1000000 search steps)',
    ])
    // A million steps: seconds alone, much longer beside the lint and the build (npm test runs them at once).
  }, 240_000)

  it('bounds the time of the expansion too, for a machine so busy that the counts take too long', () => {
    const error = refusal(noDateAtAll, 200)
    expect([error.message, error.detail]).toEqual([
      tooComplex,
      'the calendar is too large or complex to expand (more than 200 ms of expansion)',
    ])
  })

  it('still reads a large ordinary calendar: 2,000 single events, and 100 weekly series running three years', () => {
    const single = (i: number) =>
      [
        'BEGIN:VEVENT',
        `UID:e${i}@test`,
        'DTSTAMP:20261001T000000Z',
        `DTSTART:202611${String((i % 20) + 1).padStart(2, '0')}T090000Z`,
        `DTEND:202611${String((i % 20) + 1).padStart(2, '0')}T100000Z`,
        'SUMMARY:Meeting with someone',
        'END:VEVENT',
      ].join('\r\n')
    const singles = calendarOf(Array.from({ length: 2_000 }, (_, i) => single(i)))
    expect(busyIntervals(singles, from, to, 'America/New_York')).toHaveLength(2_000)
    const weekly = Array.from({ length: 100 }, (_, i) =>
      series(`w${i}@test`, 'FREQ=WEEKLY;COUNT=156').replaceAll('20261001T', '20241003T'),
    )
    expect(busyIntervals(calendarOf(weekly), from, to, 'America/New_York')).toHaveLength(100 * 5)
  })
})

describe('fetchBusyCalendar', () => {
  const secretPath = '/calendar/ical/coach%40example.com/private-5f2d8c0a9b/basic.ics'
  const sockets = new Set<net.Socket>()
  const servers: net.Server[] = []
  /** The calendar server, on 127.0.0.2: the tests' policy treats that one loopback address as public. */
  let base = ''
  /** The same server on 127.0.0.1, for the setting that allows private addresses. */
  let local = ''
  /** Canaries on 127.0.0.1 and ::1: the server must never connect to them, however it is led there. */
  let canary = ''
  let canary6 = ''
  let canaryConnections = 0
  /** Says when the server got a request it will never answer. */
  const arrived = new EventEmitter()
  const asIfPublic: AddressPolicy = (address) => address === '127.0.0.2' || publicAddressesOnly(address)

  const handler: http.RequestListener = (request, response) => {
    const url = new URL(request.url!, 'http://calendar')
    const hops = /^\/hops\/(\d+)$/.exec(url.pathname)
    if (hops) {
      // A chain of redirects, the last one to the calendar.
      const left = Number(hops[1])
      response.writeHead(302, { location: left > 1 ? `/hops/${left - 1}` : secretPath })
      response.end()
      return
    }
    if (url.pathname === '/to') {
      response.writeHead(302, { location: url.searchParams.get('location')! })
      response.end()
      return
    }
    switch (url.pathname) {
      case secretPath:
        response.writeHead(200, { 'content-type': 'text/calendar; charset=UTF-8' })
        response.end(fixture('google.ics'))
        return
      case '/gzipped.ics':
        if (!/\bgzip\b/.test(String(request.headers['accept-encoding']))) break
        response.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' })
        response.end(gzipSync(fixture('google.ics')))
        return
      case '/missing.ics':
        response.writeHead(404, { 'content-type': 'text/plain' })
        response.end('Not Found: /calendar/ical/coach@example.com on 10.0.0.7')
        return
      case '/never.ics':
        arrived.emit('/never.ics')
        return // never answers
      case '/stalls.ics':
        response.writeHead(200, { 'content-type': 'text/calendar' })
        response.write('BEGIN:VCALENDAR\r\n') // and never ends
        return
      case '/huge-declared.ics':
        response.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(6 * 1024 * 1024) })
        response.end()
        return
      case '/huge-streamed.ics': {
        response.writeHead(200, { 'content-type': 'text/calendar' }) // chunked: no length to trust
        const line = 'X-PADDING:' + 'x'.repeat(1014) + '\r\n'
        for (let i = 0; i < 6 * 1024; i++) response.write(line)
        response.end()
        return
      }
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' })
        response.end('<!doctype html><html><body>Please sign in</body></html>')
        return
    }
    response.writeHead(500)
    response.end()
  }

  const listen = async (server: net.Server, host: string) => {
    servers.push(server)
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, host, resolve))
    return (server.address() as net.AddressInfo).port
  }

  beforeAll(async () => {
    base = `http://127.0.0.2:${await listen(http.createServer(handler), '127.0.0.2')}`
    local = `http://127.0.0.1:${await listen(http.createServer(handler), '127.0.0.1')}`
    const canaryServer = () => http.createServer(handler).on('connection', () => canaryConnections++)
    canary = `http://127.0.0.1:${await listen(canaryServer(), '127.0.0.1')}`
    canary6 = `http://[::1]:${await listen(canaryServer(), '::1')}`
  })

  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
  })

  const options = { from, to, coachTimeZone: 'America/New_York', addressPolicy: asIfPublic }
  /** The BusyCalendarError the read ends with. */
  const failure = async (url: string, opts: Parameters<typeof fetchBusyCalendar>[1] = options) => {
    const error = await fetchBusyCalendar(url, opts).then(
      () => new Error('The calendar was read'),
      (e: Error) => e,
    )
    expect(error).toBeInstanceOf(BusyCalendarError)
    return error as BusyCalendarError
  }

  it('fetches and expands the calendar', async () => {
    expect(iso(await fetchBusyCalendar(base + secretPath, options))).toEqual(googleInNewYork)
  })

  it('decodes a gzipped answer, as fetch() did', async () => {
    expect(iso(await fetchBusyCalendar(`${base}/gzipped.ics`, options))).toEqual(googleInNewYork)
  })

  it('says the HTTP status to editors; the log gets the host, never the secret address or the answer', async () => {
    const error = await failure(`${base}/missing.ics`)
    expect(error.message).toBe('The calendar address answered with an error (HTTP 404).')
    expect(error.detail).toBe(`${new URL(base).host} answered HTTP 404 Not Found`)
  })

  /**
   * A deadline the test ends itself (the read's `deadline`): it keeps the time the read asked for, and its
   * signal aborts, as AbortSignal.timeout's does, when the test calls `expire`.
   */
  function heldDeadline() {
    const controller = new AbortController()
    const asked: number[] = []
    return {
      asked,
      signal: controller.signal,
      deadline: (ms: number) => {
        asked.push(ms)
        return controller.signal
      },
      expire: () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    }
  }

  it('gives up when the server never answers, once the timeout asked for is over', async () => {
    const held = heldDeadline()
    const reached = once(arrived, '/never.ics')
    const read = failure(`${base}/never.ics`, { ...options, timeoutMs: 300, deadline: held.deadline })
    await reached
    held.expire()
    const error = await read
    expect(error.message).toBe('The calendar address did not answer within 0.3 seconds.')
    expect(error.detail).toBe(`${new URL(base).host} timed out after 300 ms`)
    expect(held.asked).toEqual([300])
  })

  it('waits 10 seconds unless told otherwise', async () => {
    const held = heldDeadline()
    const reached = once(arrived, '/never.ics')
    const read = failure(`${base}/never.ics`, { ...options, deadline: held.deadline })
    await reached
    held.expire()
    expect((await read).message).toBe('The calendar address did not answer within 10 seconds.')
    expect(held.asked).toEqual([10_000])
  })

  it('gives up when the body stalls, on the same timeout', async () => {
    const held = heldDeadline()
    const read = failure(`${base}/stalls.ics`, { ...options, timeoutMs: 300, deadline: held.deadline })
    // The reader has the answer's head and is reading its body: the body's stream listens to the deadline too
    // (the request itself is the first listener).
    await expect.poll(() => getEventListeners(held.signal, 'abort').length).toBe(2)
    held.expire()
    expect((await read).message).toBe('The calendar address did not answer within 0.3 seconds.')
    expect(held.asked).toEqual([300])
  })

  it.each(['/huge-declared.ics', '/huge-streamed.ics'])('refuses a body over 5 MB: %s', async (where) => {
    expect((await failure(base + where)).message).toBe('The calendar is larger than 5 MB.')
  })

  it('refuses text that is no calendar', async () => {
    const error = await failure(`${base}/page.html`)
    expect(error.message).toBe('The calendar address does not give a calendar (an .ics file).')
    expect(error.detail).toMatch(
      /^127\.0\.0\.2:\d+ gave no readable calendar: The busy calendar is not valid iCalendar/,
    )
  })

  it('treats webcal: as https:', async () => {
    // A bare TCP server sees which protocol the client speaks: a TLS handshake starts with byte 0x16.
    let firstByte: number | undefined
    const tcp = net.createServer((socket) => {
      socket.once('data', (data) => {
        firstByte = data[0]
        socket.destroy()
      })
    })
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.2', resolve))
    const { port } = tcp.address() as net.AddressInfo
    try {
      const error = await failure(`webcal://127.0.0.2:${port}/basic.ics`)
      expect(error.message).toBe('The calendar address could not be read.')
      expect(error.detail).toMatch(new RegExp(`^reading 127\\.0\\.0\\.2:${port} failed: \\w+`))
      expect(firstByte).toBe(0x16)
    } finally {
      await new Promise<void>((resolve) => tcp.close(() => resolve()))
    }
  })

  it.each(['ftp://example.com/cal.ics', 'not a url', 'javascript:alert(1)'])('refuses the address %j', async (url) => {
    expect((await failure(url)).message).toBe(
      'The calendar address is not a valid web address: paste the whole address, starting with https:// or webcal://.',
    )
  })

  it('follows up to 3 redirects, and refuses a 4th', async () => {
    expect(iso(await fetchBusyCalendar(`${base}/hops/3`, options))).toEqual(googleInNewYork)
    expect((await failure(`${base}/hops/4`)).message).toBe('The calendar address redirects more than 3 times.')
  })

  describe('never reaches into the private network', () => {
    const refused = 'The calendar address points to a private network address, which is not allowed.'
    /** Addresses of the canaries, spelled every way that leads to them. */
    const loopback = () => {
      const port = new URL(canary).port
      return [
        canary,
        `http://localhost:${port}`,
        `http://[::ffff:127.0.0.1]:${port}`,
        `http://2130706433:${port}`, // 127.0.0.1 as one number
        `http://0.0.0.0:${port}`, // Linux connects 0.0.0.0 to this machine
        canary6,
        `http://[::]:${new URL(canary6).port}`,
      ]
    }

    it('refuses loopback addresses and names with the settings production has', async () => {
      const before = process.env.BUSY_CALENDAR_ANY_ADDRESS
      delete process.env.BUSY_CALENDAR_ANY_ADDRESS
      try {
        for (const address of loopback()) {
          const error = await failure(`${address}/basic.ics`, { from, to, coachTimeZone: 'America/New_York' })
          expect([address, error.message]).toEqual([address, refused])
        }
        // The reader's own calendar server is refused too: 127.0.0.2 is public only to the tests' policy.
        expect((await failure(base + secretPath, { from, to, coachTimeZone: 'America/New_York' })).message).toBe(
          refused,
        )
      } finally {
        if (before !== undefined) process.env.BUSY_CALENDAR_ANY_ADDRESS = before
      }
      expect(canaryConnections).toBe(0)
    })

    it('refuses a redirect to loopback like a direct address, after one hop or several', async () => {
      for (const address of loopback()) {
        const to = `${address}/basic.ics`
        const once = `${base}/to?location=${encodeURIComponent(to)}`
        const twice = `${base}/to?location=${encodeURIComponent(once)}`
        expect([address, (await failure(once)).message]).toEqual([address, refused])
        expect([address, (await failure(twice)).message]).toEqual([address, refused])
      }
      expect(canaryConnections).toBe(0)
    })

    it('logs which host was refused, never the address it resolved to', async () => {
      const error = await failure(`http://localhost:${new URL(canary).port}/basic.ics`)
      expect(error.detail).toBe('refused: localhost is or resolves to an address that is not public')
      expect(canaryConnections).toBe(0)
    })

    it('reads a calendar on this machine with BUSY_CALENDAR_ANY_ADDRESS=true (tests, development)', async () => {
      const before = process.env.BUSY_CALENDAR_ANY_ADDRESS
      process.env.BUSY_CALENDAR_ANY_ADDRESS = 'true'
      try {
        const { addressPolicy: _, ...production } = options
        expect(iso(await fetchBusyCalendar(local + secretPath, production))).toEqual(googleInNewYork)
        expect(iso(await fetchBusyCalendar(`http://localhost:${new URL(local).port}/hops/2`, production))).toEqual(
          googleInNewYork,
        )
      } finally {
        if (before === undefined) delete process.env.BUSY_CALENDAR_ANY_ADDRESS
        else process.env.BUSY_CALENDAR_ANY_ADDRESS = before
      }
    })
  })
})
