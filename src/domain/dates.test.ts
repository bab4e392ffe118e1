import { describe, expect, it } from 'vitest'

import { formatEventDate, startOfDayIn } from './dates'

describe('startOfDayIn: the start of today in the coach time zone', () => {
  it.each([
    // zone, now (UTC), start of that day in the zone (UTC)
    ['UTC', '2026-06-15T13:45:00Z', '2026-06-15T00:00:00.000Z'],
    ['UTC', '2026-06-15T00:00:00Z', '2026-06-15T00:00:00.000Z'],
    ['UTC', '2026-06-15T23:59:59.999Z', '2026-06-15T00:00:00.000Z'],
    // Behind UTC: late in the local evening the UTC date is already the next day.
    ['America/New_York', '2026-06-15T02:00:00Z', '2026-06-14T04:00:00.000Z'],
    ['America/New_York', '2026-06-15T04:00:00Z', '2026-06-15T04:00:00.000Z'],
    // New York, daylight saving begins 2026-03-08 (02:00 EST -> 03:00 EDT): the day began at midnight EST.
    ['America/New_York', '2026-03-08T04:59:59Z', '2026-03-07T05:00:00.000Z'],
    ['America/New_York', '2026-03-08T05:00:00Z', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-08T18:00:00Z', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-09T03:59:00Z', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-09T04:00:00Z', '2026-03-09T04:00:00.000Z'],
    // New York, daylight saving ends 2026-11-01 (02:00 EDT -> 01:00 EST): the day began at midnight EDT.
    ['America/New_York', '2026-11-01T03:59:59Z', '2026-10-31T04:00:00.000Z'],
    ['America/New_York', '2026-11-01T04:00:00Z', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-01T18:00:00Z', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02T04:59:00Z', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02T05:00:00Z', '2026-11-02T05:00:00.000Z'],
    // Ahead of UTC: just after local midnight the UTC date is still the day before.
    ['Europe/Berlin', '2026-06-14T22:30:00Z', '2026-06-14T22:00:00.000Z'],
    ['Europe/Berlin', '2026-01-15T22:59:00Z', '2026-01-14T23:00:00.000Z'],
    // Berlin, summer time begins 2026-03-29 (02:00 CET -> 03:00 CEST) and ends 2026-10-25 (03:00 -> 02:00).
    ['Europe/Berlin', '2026-03-29T12:00:00Z', '2026-03-28T23:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29T21:59:00Z', '2026-03-28T23:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29T22:00:00Z', '2026-03-29T22:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25T12:00:00Z', '2026-10-24T22:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25T23:00:00Z', '2026-10-25T23:00:00.000Z'],
    // Auckland, 12 or 13 hours ahead; daylight saving ends 2026-04-05 and begins 2026-09-27.
    ['Pacific/Auckland', '2026-06-15T13:00:00Z', '2026-06-15T12:00:00.000Z'],
    ['Pacific/Auckland', '2026-04-05T06:00:00Z', '2026-04-04T11:00:00.000Z'],
    ['Pacific/Auckland', '2026-04-05T12:00:00Z', '2026-04-05T12:00:00.000Z'],
    ['Pacific/Auckland', '2026-09-27T06:00:00Z', '2026-09-26T12:00:00.000Z'],
    ['Pacific/Auckland', '2026-09-27T11:00:00Z', '2026-09-27T11:00:00.000Z'],
    // Havana, daylight saving begins 2026-03-08 at midnight (00:00 CST -> 01:00 CDT): the day began at 01:00.
    ['America/Havana', '2026-03-08T12:00:00Z', '2026-03-08T05:00:00.000Z'],
    // Kolkata, a half-hour offset (+05:30) and no daylight saving.
    ['Asia/Kolkata', '2026-06-15T18:29:59Z', '2026-06-14T18:30:00.000Z'],
    ['Asia/Kolkata', '2026-06-15T18:30:00Z', '2026-06-15T18:30:00.000Z'],
    ['Asia/Kolkata', '2026-06-15T20:00:00Z', '2026-06-15T18:30:00.000Z'],
  ])('in %s at %s the day began at %s', (timeZone, now, expected) => {
    expect(startOfDayIn(timeZone, new Date(now)).toISOString()).toBe(expected)
  })

  it('answers a plain Date and leaves the clock it was given untouched', () => {
    const now = new Date('2026-06-15T13:45:00Z')
    const start = startOfDayIn('Europe/Berlin', now)
    expect(Object.getPrototypeOf(start)).toBe(Date.prototype)
    expect(now.toISOString()).toBe('2026-06-15T13:45:00.000Z')
  })
})

describe('formatEventDate', () => {
  it.each([
    ['UTC', 'Wednesday, July 15, 2026 at 5:00 PM UTC'],
    ['America/New_York', 'Wednesday, July 15, 2026 at 1:00 PM EDT'],
    ['Asia/Kolkata', 'Wednesday, July 15, 2026 at 10:30 PM GMT+5:30'],
  ])('shows a workshop at 17:00 UTC in %s as "%s"', (timeZone, expected) => {
    expect(formatEventDate('2026-07-15T17:00:00.000Z', timeZone)).toBe(expected)
  })

  it('shows a workshop a coach in New York typed at 1:00 PM in winter (stored 18:00 UTC) at 1:00 PM EST', () => {
    expect(formatEventDate('2027-01-14T18:00:00.000Z', 'America/New_York')).toBe(
      'Thursday, January 14, 2027 at 1:00 PM EST',
    )
    expect(formatEventDate('2027-01-14T18:00:00.000Z', 'Europe/Berlin')).toBe(
      'Thursday, January 14, 2027 at 7:00 PM GMT+1',
    )
  })
})
