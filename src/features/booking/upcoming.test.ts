import { describe, expect, it } from 'vitest'

import { groupUpcoming, statusWords, upcomingGroup, whenLabel } from './upcoming'

const at = (iso: string) => new Date(iso)

// Where each instant falls is the rule of src/domain/day-groups.ts (tested there, across zones and clock changes).
describe('the upcoming calls’ groups, in the coach’s time zone', () => {
  it('puts a call later today under Today, tomorrow up to Sunday under This week, and after Sunday under Later', () => {
    // Wednesday 25 November 2026, 10:00 in Lisbon (UTC+0 in winter).
    const now = at('2026-11-25T10:00:00Z')
    expect(upcomingGroup(at('2026-11-25T23:59:00Z'), now, 'Europe/Lisbon')).toBe('Today')
    expect(upcomingGroup(at('2026-11-26T00:00:00Z'), now, 'Europe/Lisbon')).toBe('This week')
    expect(upcomingGroup(at('2026-11-29T23:59:00Z'), now, 'Europe/Lisbon')).toBe('This week')
    expect(upcomingGroup(at('2026-11-30T00:00:00Z'), now, 'Europe/Lisbon')).toBe('Later')
  })
})

describe('the upcoming calls as the coach reads them', () => {
  it('writes the time today, the day and time this week, and the date with its year later, on a 24-hour clock', () => {
    expect(whenLabel(at('2026-11-25T14:05:00Z'), 'Today', 'UTC')).toBe('14:05')
    expect(whenLabel(at('2026-11-25T00:05:00Z'), 'Today', 'UTC')).toBe('00:05')
    expect(whenLabel(at('2026-11-26T09:00:00Z'), 'This week', 'Europe/Lisbon')).toBe('Thu 26 Nov, 09:00')
    expect(whenLabel(at('2026-09-17T09:00:00Z'), 'Later', 'Europe/Lisbon')).toBe('Thu 17 Sep 2026, 10:00')
  })

  it('writes the time as the clock on the wall shows it across a change of the clocks', () => {
    // Monday 00:30 EDT in New York, the day after the clocks sprang forward (Sunday 8 March 2026).
    expect(whenLabel(at('2026-03-09T04:30:00Z'), 'Later', 'America/New_York')).toBe('Mon 9 Mar 2026, 00:30')
    // The second 01:30 in Lisbon (WET) on Sunday 25 October 2026, when the clocks fell back.
    expect(whenLabel(at('2026-10-25T01:30:00Z'), 'This week', 'Europe/Lisbon')).toBe('Sun 25 Oct, 01:30')
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
