import { describe, expect, it } from 'vitest'

import { groupUpcoming, statusWords, upcomingGroup, whenLabel } from './upcoming'

const at = (iso: string) => new Date(iso)

describe('the upcoming calls’ groups, in the coach’s time zone', () => {
  it('puts a call later today under Today, tomorrow up to Sunday under This week, and after Sunday under Later', () => {
    // Wednesday 25 November 2026, 10:00 in Lisbon (UTC+0 in winter).
    const now = at('2026-11-25T10:00:00Z')
    expect(upcomingGroup(at('2026-11-25T23:59:00Z'), now, 'Europe/Lisbon')).toBe('Today')
    expect(upcomingGroup(at('2026-11-26T00:00:00Z'), now, 'Europe/Lisbon')).toBe('This week')
    expect(upcomingGroup(at('2026-11-29T23:59:00Z'), now, 'Europe/Lisbon')).toBe('This week')
    expect(upcomingGroup(at('2026-11-30T00:00:00Z'), now, 'Europe/Lisbon')).toBe('Later')
  })

  it('reads today in the coach’s zone, not the server’s: 23:30 UTC is already tomorrow in Tokyo', () => {
    const now = at('2026-11-25T10:00:00Z') // Wednesday 19:00 in Tokyo
    expect(upcomingGroup(at('2026-11-25T14:30:00Z'), now, 'Asia/Tokyo')).toBe('Today') // 23:30 Wednesday
    expect(upcomingGroup(at('2026-11-25T15:30:00Z'), now, 'Asia/Tokyo')).toBe('This week') // 00:30 Thursday
    expect(upcomingGroup(at('2026-11-25T15:30:00Z'), now, 'UTC')).toBe('Today')
  })

  it('on a Sunday, This week is over: everything after today is Later', () => {
    const sunday = at('2026-11-29T09:00:00Z')
    expect(upcomingGroup(at('2026-11-29T20:00:00Z'), sunday, 'UTC')).toBe('Today')
    expect(upcomingGroup(at('2026-11-30T08:00:00Z'), sunday, 'UTC')).toBe('Later')
    // On a Monday, the week runs to the end of the coming Sunday.
    const monday = at('2026-11-30T08:00:00Z')
    expect(upcomingGroup(at('2026-12-06T23:00:00Z'), monday, 'UTC')).toBe('This week')
    expect(upcomingGroup(at('2026-12-07T00:00:00Z'), monday, 'UTC')).toBe('Later')
  })

  it('counts calendar days across a daylight-saving change (New York springs forward on Sunday 8 March 2026)', () => {
    // Saturday 7 March, 23:30 EST (UTC-5).
    const now = at('2026-03-08T04:30:00Z')
    // Sunday 23:30 EDT (UTC-4): 23 hours later, still this week.
    expect(upcomingGroup(at('2026-03-09T03:30:00Z'), now, 'America/New_York')).toBe('This week')
    // Exactly 24 hours after now is already Monday 00:30 EDT: next week.
    expect(upcomingGroup(at('2026-03-09T04:30:00Z'), now, 'America/New_York')).toBe('Later')
    expect(whenLabel(at('2026-03-09T04:30:00Z'), 'Later', 'America/New_York')).toBe('Mon 9 Mar 2026, 00:30')
    // Sunday 00:30 EST, before the change, is one day on: This week too.
    expect(upcomingGroup(at('2026-03-08T05:30:00Z'), now, 'America/New_York')).toBe('This week')
  })

  it('keeps a day whole when the clocks fall back (Lisbon, Sunday 25 October 2026: 01:00 happens twice)', () => {
    const now = at('2026-10-24T22:30:00Z') // Saturday 23:30 WEST (UTC+1)
    expect(upcomingGroup(at('2026-10-25T00:30:00Z'), now, 'Europe/Lisbon')).toBe('This week') // 01:30 WEST
    expect(upcomingGroup(at('2026-10-25T01:30:00Z'), now, 'Europe/Lisbon')).toBe('This week') // 01:30 WET
    expect(upcomingGroup(at('2026-10-25T23:59:00Z'), now, 'Europe/Lisbon')).toBe('This week') // 23:59 WET
    expect(upcomingGroup(at('2026-10-26T00:00:00Z'), now, 'Europe/Lisbon')).toBe('Later') // Monday 00:00
    expect(whenLabel(at('2026-10-25T01:30:00Z'), 'This week', 'Europe/Lisbon')).toBe('Sun 25 Oct, 01:30')
  })
})

describe('the upcoming calls as the coach reads them', () => {
  it('writes the time today, the day and time this week, and the date with its year later, on a 24-hour clock', () => {
    expect(whenLabel(at('2026-11-25T14:05:00Z'), 'Today', 'UTC')).toBe('14:05')
    expect(whenLabel(at('2026-11-25T00:05:00Z'), 'Today', 'UTC')).toBe('00:05')
    expect(whenLabel(at('2026-11-26T09:00:00Z'), 'This week', 'Europe/Lisbon')).toBe('Thu 26 Nov, 09:00')
    expect(whenLabel(at('2026-09-17T09:00:00Z'), 'Later', 'Europe/Lisbon')).toBe('Thu 17 Sep 2026, 10:00')
  })

  it('says the status in words', () => {
    expect(statusWords({ status: 'booked' })).toBe('Booked')
    expect(statusWords({ status: 'cancelled', cancelledBy: 'visitor' })).toBe('Cancelled by the visitor')
    expect(statusWords({ status: 'cancelled', cancelledBy: 'coach' })).toBe('Cancelled by you')
    expect(statusWords({ status: 'cancelled' })).toBe('Cancelled')
  })

  it('groups calls soonest first under all three headings, in order, empty ones included', () => {
    const now = at('2026-11-25T10:00:00Z')
    const call = (id: number, startsAt: string, status: 'booked' | 'cancelled' = 'booked') => ({
      id,
      name: `Visitor ${id}`,
      startsAt,
      status,
      cancelledBy: status === 'cancelled' ? ('visitor' as const) : null,
    })
    const groups = groupUpcoming(
      [call(3, '2026-12-20T09:00:00Z'), call(1, '2026-11-25T16:00:00Z'), call(2, '2026-11-25T11:00:00Z', 'cancelled')],
      now,
      'UTC',
    )
    expect(groups).toEqual([
      {
        group: 'Today',
        calls: [
          {
            id: 2,
            name: 'Visitor 2',
            startsAt: '2026-11-25T11:00:00Z',
            when: '11:00',
            status: 'Cancelled by the visitor',
          },
          { id: 1, name: 'Visitor 1', startsAt: '2026-11-25T16:00:00Z', when: '16:00', status: 'Booked' },
        ],
      },
      { group: 'This week', calls: [] },
      {
        group: 'Later',
        calls: [
          {
            id: 3,
            name: 'Visitor 3',
            startsAt: '2026-12-20T09:00:00Z',
            when: 'Sun 20 Dec 2026, 09:00',
            status: 'Booked',
          },
        ],
      },
    ])
  })
})
