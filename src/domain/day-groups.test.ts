import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { dayGroup, inNextSevenDays } from './day-groups'

const at = (iso: string) => new Date(iso)

describe('Today / This week / Later, in the coach’s zone', () => {
  it('cuts at midnight and at the end of Sunday where the coach lives, not in UTC', () => {
    // Wednesday 2 December 2026, 22:00 in New York (03:00 UTC on Thursday).
    const now = at('2026-12-03T03:00:00Z')
    const zone = 'America/New_York'
    expect(dayGroup(at('2026-12-03T04:59:00Z'), now, zone)).toBe('today') // 23:59 on Wednesday there
    expect(dayGroup(at('2026-12-03T05:00:00Z'), now, zone)).toBe('this-week') // Thursday 00:00
    expect(dayGroup(at('2026-12-07T04:59:00Z'), now, zone)).toBe('this-week') // Sunday 23:59
    expect(dayGroup(at('2026-12-07T05:00:00Z'), now, zone)).toBe('later') // Monday 00:00
    // The same instants for a coach in Berlin, where it is already Thursday 04:00.
    expect(dayGroup(at('2026-12-03T22:59:00Z'), now, 'Europe/Berlin')).toBe('today')
    expect(dayGroup(at('2026-12-03T23:00:00Z'), now, 'Europe/Berlin')).toBe('this-week')
  })

  it('reads today in the coach’s zone, not the server’s: 23:30 UTC is already tomorrow in Tokyo', () => {
    const now = at('2026-11-25T10:00:00Z') // Wednesday 19:00 in Tokyo
    expect(dayGroup(at('2026-11-25T14:30:00Z'), now, 'Asia/Tokyo')).toBe('today') // 23:30 Wednesday
    expect(dayGroup(at('2026-11-25T15:30:00Z'), now, 'Asia/Tokyo')).toBe('this-week') // 00:30 Thursday
    expect(dayGroup(at('2026-11-25T15:30:00Z'), now, 'UTC')).toBe('today')
  })

  it('on a Sunday, this week holds nothing: Monday is later', () => {
    const sunday = at('2026-12-06T10:00:00Z')
    expect(dayGroup(at('2026-12-06T22:00:00Z'), sunday, 'UTC')).toBe('today')
    expect(dayGroup(at('2026-12-07T00:00:00Z'), sunday, 'UTC')).toBe('later')
    // On a Monday, the week runs to the end of the coming Sunday.
    const monday = at('2026-11-30T08:00:00Z')
    expect(dayGroup(at('2026-12-06T23:00:00Z'), monday, 'UTC')).toBe('this-week')
    expect(dayGroup(at('2026-12-07T00:00:00Z'), monday, 'UTC')).toBe('later')
  })

  it('counts calendar days across a spring-forward (New York, Sunday 8 March 2026)', () => {
    // Saturday 7 March, 23:30 EST (UTC-5).
    const now = at('2026-03-08T04:30:00Z')
    // Sunday 00:30 EST, before the change, is one day on: this week.
    expect(dayGroup(at('2026-03-08T05:30:00Z'), now, 'America/New_York')).toBe('this-week')
    // Sunday 23:30 EDT (UTC-4): 23 hours later, still this week.
    expect(dayGroup(at('2026-03-09T03:30:00Z'), now, 'America/New_York')).toBe('this-week')
    // Exactly 24 hours after now is already Monday 00:30 EDT: later.
    expect(dayGroup(at('2026-03-09T04:30:00Z'), now, 'America/New_York')).toBe('later')
  })

  it('keeps a day whole across a change of the clocks (25 hours in Berlin on Sunday 25 October 2026)', () => {
    const morning = at('2026-10-25T00:30:00Z') // 02:30 CEST, before the clocks went back at 03:00
    expect(dayGroup(at('2026-10-25T22:59:00Z'), morning, 'Europe/Berlin')).toBe('today') // 23:59 CET
    expect(dayGroup(at('2026-10-25T23:00:00Z'), morning, 'Europe/Berlin')).toBe('later') // Monday 00:00 CET
    // Lisbon the same day, where 01:00 happens twice; seen from Saturday 23:30 WEST (UTC+1).
    const saturday = at('2026-10-24T22:30:00Z')
    expect(dayGroup(at('2026-10-25T00:30:00Z'), saturday, 'Europe/Lisbon')).toBe('this-week') // 01:30 WEST
    expect(dayGroup(at('2026-10-25T01:30:00Z'), saturday, 'Europe/Lisbon')).toBe('this-week') // 01:30 WET
    expect(dayGroup(at('2026-10-25T23:59:00Z'), saturday, 'Europe/Lisbon')).toBe('this-week') // 23:59 WET
    expect(dayGroup(at('2026-10-26T00:00:00Z'), saturday, 'Europe/Lisbon')).toBe('later') // Monday 00:00
  })

  it('never puts a later instant in an earlier group', () => {
    const order = { today: 0, 'this-week': 1, later: 2 }
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'),
        (now, a, b, zone) => {
          const [first, second] = [Math.min(a, b), Math.max(a, b)].map((d) => new Date(now + d))
          return order[dayGroup(first!, new Date(now), zone)] <= order[dayGroup(second!, new Date(now), zone)]
        },
      ),
    )
  })
})

describe('the next seven days (Today’s count), in the coach’s zone', () => {
  it('on a Sunday runs from Monday to the next Sunday, across the clocks going back (Berlin, 25 October 2026)', () => {
    const zone = 'Europe/Berlin'
    const sunday = at('2026-10-25T00:30:00Z') // 02:30 CEST, before the clocks went back at 03:00
    expect(inNextSevenDays(at('2026-10-25T22:59:00Z'), sunday, zone)).toBe(false) // 23:59 CET, still today
    expect(inNextSevenDays(at('2026-10-25T23:00:00Z'), sunday, zone)).toBe(true) // Monday 00:00 CET
    expect(inNextSevenDays(at('2026-11-01T22:59:00Z'), sunday, zone)).toBe(true) // next Sunday 23:59
    expect(inNextSevenDays(at('2026-11-01T23:00:00Z'), sunday, zone)).toBe(false) // the Monday after
  })

  it('on any other day counts seven whole days after today, not the calendar week', () => {
    const wednesday = at('2026-12-02T20:00:00Z') // 15:00 in New York
    const zone = 'America/New_York'
    expect(inNextSevenDays(at('2026-12-10T04:59:00Z'), wednesday, zone)).toBe(true) // Wednesday 9th, 23:59
    expect(inNextSevenDays(at('2026-12-10T05:00:00Z'), wednesday, zone)).toBe(false) // Thursday 10th, 00:00
  })
})
