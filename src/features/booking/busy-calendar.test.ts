import { readFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { busyIntervals, fetchBusyCalendar, type Interval } from './busy-calendar'

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
})

describe('fetchBusyCalendar', () => {
  const secretPath = '/calendar/ical/coach%40example.com/private-5f2d8c0a9b/basic.ics'
  const sockets = new Set<net.Socket>()
  let base = ''
  let server: http.Server

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      switch (request.url) {
        case secretPath:
          response.writeHead(200, { 'content-type': 'text/calendar; charset=UTF-8' })
          response.end(fixture('google.ics'))
          return
        case '/missing.ics':
          response.writeHead(404, { 'content-type': 'text/plain' })
          response.end('Not Found')
          return
        case '/never.ics':
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
        default:
          response.writeHead(500)
          response.end()
      }
    })
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    base = `http://127.0.0.1:${port}`
  })

  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const options = { from, to, coachTimeZone: 'America/New_York' }

  it('fetches and expands the calendar', async () => {
    expect(iso(await fetchBusyCalendar(base + secretPath, options))).toEqual(googleInNewYork)
  })

  it('names the HTTP status, and only the host of the secret address', async () => {
    const error = await fetchBusyCalendar(`${base}/missing.ics`, options).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(
      `Reading the busy calendar at ${new URL(base).host} failed: HTTP 404 Not Found.`,
    )
  })

  it('gives up when the server never answers, within the timeout', async () => {
    const started = Date.now()
    await expect(fetchBusyCalendar(`${base}/never.ics`, { ...options, timeoutMs: 300 })).rejects.toThrow(
      /timed out after 300 ms/,
    )
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(1300)
  })

  it('gives up when the body stalls, within the same timeout', async () => {
    const started = Date.now()
    await expect(fetchBusyCalendar(`${base}/stalls.ics`, { ...options, timeoutMs: 300 })).rejects.toThrow(
      /timed out after 300 ms/,
    )
    expect(Date.now() - started).toBeLessThan(1300)
  })

  it.each(['/huge-declared.ics', '/huge-streamed.ics'])('refuses a body over 5 MB: %s', async (where) => {
    await expect(fetchBusyCalendar(base + where, options)).rejects.toThrow(/larger than 5 MB/)
  })

  it('refuses text that is no calendar', async () => {
    await expect(fetchBusyCalendar(`${base}/page.html`, options)).rejects.toThrow(
      /^Reading the busy calendar at 127\.0\.0\.1:\d+ failed: The busy calendar is not valid iCalendar text/,
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
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
    const { port } = tcp.address() as net.AddressInfo
    try {
      await expect(fetchBusyCalendar(`webcal://127.0.0.1:${port}/basic.ics`, options)).rejects.toThrow(
        `Reading the busy calendar at 127.0.0.1:${port} failed`,
      )
      expect(firstByte).toBe(0x16)
    } finally {
      await new Promise<void>((resolve) => tcp.close(() => resolve()))
    }
  })

  it.each([
    ['ftp://example.com/cal.ics', 'must start with https://, http:// or webcal://'],
    ['not a url', 'not a valid URL'],
  ])('refuses the address %j', async (url, message) => {
    await expect(fetchBusyCalendar(url, options)).rejects.toThrow(message)
  })
})
