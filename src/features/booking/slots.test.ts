import { describe, expect, it } from 'vitest'

import {
  type Availability,
  DEFAULT_AVAILABILITY,
  type Interval,
  type SlotDay,
  type Weekday,
  formatSlot,
  isOpenSlot,
  localDate,
  openSlots,
} from './slots'

const MINUTE = 60_000

function availability(change: Partial<Availability> = {}): Availability {
  return { ...DEFAULT_AVAILABILITY, timeZone: 'UTC', weeklyHours: [], daysOff: [], ...change }
}

/** Monday to Friday 09:00–12:00: with the default 30 + 15 minutes, starts at 09:00, 09:45, 10:30 and 11:15. */
const weekdays = ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, from: '09:00', to: '12:00' }))

const interval = (start: string, end: string): Interval => ({ start: new Date(start), end: new Date(end) })
const call = (start: string, minutes = 30): Interval => {
  const at = new Date(start)
  return { start: at, end: new Date(at.getTime() + minutes * MINUTE) }
}

/** The days as [date, ISO instants] pairs, to compare with the tables. */
const plain = (days: SlotDay[]) => days.map(({ date, slots }) => [date, slots.map((slot) => slot.toISOString())])

/** The slots offered on one coach-local date, as ISO instants ([] when the day is absent). */
function slotsOn(days: SlotDay[], date: string): string[] {
  return days.find((day) => day.date === date)?.slots.map((slot) => slot.toISOString()) ?? []
}

describe('openSlots: the grid in the coach time zone, across daylight-saving changes', () => {
  type Row = {
    zone: string
    date: string
    weekday: Weekday
    from: string
    to: string
    expected: string[]
    change?: Partial<Availability>
  }
  /**
   * The rows for one zone: hours from–to on one weekday, and the slots expected on `date`, a day of it, each
   * as its wall-clock time there with the UTC offset in force ('03:00-04:00').
   */
  const inZone =
    (zone: string) =>
    (
      date: string,
      weekday: Weekday,
      from: string,
      to: string,
      expected: string[],
      change?: Partial<Availability>,
    ): Row => ({
      zone,
      date,
      weekday,
      from,
      to,
      expected,
      change,
    })
  const newYork = inZone('America/New_York')
  const berlin = inZone('Europe/Berlin')
  const auckland = inZone('Pacific/Auckland')
  const kolkata = inZone('Asia/Kolkata')
  /** The slots of 400 days from 2026-01-01, each checked to fall on its coach-local date. */
  function slotsFromNewYear(a: Availability): SlotDay[] {
    const days = openSlots({ ...a, horizonDays: 400 }, [], [], new Date('2026-01-01T00:00:00Z'))
    for (const day of days) {
      for (const slot of day.slots) expect(localDate(slot, a.timeZone)).toBe(day.date)
    }
    return days
  }

  it.each<Row>([
    // New York, daylight saving begins Sunday 2026-03-08: 02:00 EST -> 03:00 EDT, so 02:00–02:59 does not exist.
    // 00:00, 00:45, 01:30 EST; 02:15 does not exist; 03:00, 03:45, 04:30 EDT.
    newYork('2026-03-08', 7, '00:00', '05:00', [
      '00:00-05:00',
      '00:45-05:00',
      '01:30-05:00',
      '03:00-04:00',
      '03:45-04:00',
      '04:30-04:00',
    ]),
    // 02:00 and 02:30 do not exist; 03:00 EDT does (03:00 + 30 = 03:30 ≤ 03:30).
    newYork('2026-03-08', 7, '02:00', '03:30', ['03:00-04:00'], { bufferMinutes: 0 }),
    // New York, daylight saving ends Sunday 2026-11-01: 02:00 EDT -> 01:00 EST, so 01:00–01:59 happens twice.
    // 00:00, 00:45 EDT; 01:30 the first time (EDT); 02:15 EST.
    newYork('2026-11-01', 7, '00:00', '03:00', ['00:00-04:00', '00:45-04:00', '01:30-04:00', '02:15-05:00']),
    // Only the first 01:00 and 01:30 (EDT), never the repeated ones (EST, -05:00).
    newYork('2026-11-01', 7, '01:00', '02:00', ['01:00-04:00', '01:30-04:00'], { bufferMinutes: 0 }),
    // Berlin, summer time begins Sunday 2026-03-29: 02:00 CET -> 03:00 CEST.
    // 01:00, 01:45 CET; 02:30 does not exist; 03:15 CEST.
    berlin('2026-03-29', 7, '01:00', '04:00', ['01:00+01:00', '01:45+01:00', '03:15+02:00']),
    // Berlin, summer time ends Sunday 2026-10-25: 03:00 CEST -> 02:00 CET, so 02:00–02:59 happens twice.
    // 01:30 CEST (still 10-24 in UTC); 02:15 the first time (CEST); 03:00 CET.
    berlin('2026-10-25', 7, '01:30', '04:00', ['01:30+02:00', '02:15+02:00', '03:00+01:00']),
    berlin('2026-10-25', 7, '02:00', '03:00', ['02:00+02:00', '02:30+02:00'], { bufferMinutes: 0 }),
    // Auckland (southern hemisphere): daylight saving ends Sunday 2026-04-05 (03:00 NZDT -> 02:00 NZST) and
    // begins Sunday 2026-09-27 (02:00 NZST -> 03:00 NZDT). The UTC date is the day before.
    auckland('2026-04-05', 7, '01:30', '04:00', ['01:30+13:00', '02:15+13:00', '03:00+12:00']),
    auckland('2026-09-27', 7, '01:00', '04:00', ['01:00+12:00', '01:45+12:00', '03:15+13:00']),
    // Kolkata, +05:30 all year; a range from midnight starts on the UTC day before.
    kolkata('2026-06-17', 3, '09:00', '10:30', ['09:00+05:30', '09:45+05:30']),
    kolkata('2026-06-17', 3, '00:00', '01:00', ['00:00+05:30']),
    kolkata('2026-06-17', 3, '23:00', '24:00', ['23:00+05:30']),
  ])('$zone $date $from–$to', ({ zone, date, weekday, from, to, expected, change }) => {
    const days = slotsFromNewYear(availability({ timeZone: zone, weeklyHours: [{ weekday, from, to }], ...change }))
    expect(slotsOn(days, date)).toEqual(expected.map((local) => new Date(`${date}T${local}`).toISOString()))
  })

  it.each([
    // zone, the days around one change with the UTC offset of each (New York and Berlin: before, on, after it)
    ['America/New_York', { '2026-03-07': '-05:00', '2026-03-08': '-04:00', '2026-03-09': '-04:00' }],
    ['America/New_York', { '2026-10-31': '-04:00', '2026-11-01': '-05:00', '2026-11-02': '-05:00' }],
    ['Europe/Berlin', { '2026-03-28': '+01:00', '2026-03-29': '+02:00', '2026-03-30': '+02:00' }],
    ['Europe/Berlin', { '2026-10-24': '+02:00', '2026-10-25': '+01:00', '2026-10-26': '+01:00' }],
    ['Pacific/Auckland', { '2026-04-04': '+13:00', '2026-04-06': '+12:00' }],
    ['Pacific/Auckland', { '2026-09-26': '+12:00', '2026-09-28': '+13:00' }],
  ])('keeps 09:00 in %s at the offset of each day around a change: %j', (zone, offsets) => {
    const daily = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, from: '09:00', to: '10:00' }))
    const days = slotsFromNewYear(availability({ timeZone: zone, weeklyHours: daily }))
    for (const [date, offset] of Object.entries(offsets)) {
      expect(slotsOn(days, date)).toEqual([new Date(`${date}T09:00${offset}`).toISOString()])
    }
  })

  it('offers each instant once, ascending, however the ranges overlap or are ordered', () => {
    const a = availability({
      weeklyHours: [
        { weekday: 2, from: '14:00', to: '15:30' },
        { weekday: 2, from: '09:00', to: '10:00' },
        { weekday: 2, from: '09:00', to: '10:00' },
        { weekday: 2, from: '09:30', to: '10:30' },
      ],
    })
    const days = openSlots(a, [], [], new Date('2026-06-14T00:00:00Z'))
    expect(plain(days).slice(0, 1)).toEqual([
      [
        '2026-06-16',
        [
          '2026-06-16T09:00:00.000Z',
          '2026-06-16T09:30:00.000Z',
          '2026-06-16T14:00:00.000Z',
          '2026-06-16T14:45:00.000Z',
        ],
      ],
    ])
  })

  it('repeats a fall-back range without duplicate instants even with overlapping ranges', () => {
    const a = availability({
      timeZone: 'Europe/Berlin',
      bufferMinutes: 0,
      weeklyHours: [
        { weekday: 7, from: '02:00', to: '03:00' },
        { weekday: 7, from: '02:30', to: '03:30' },
      ],
    })
    const days = openSlots(a, [], [], new Date('2026-10-20T00:00:00Z'))
    expect(slotsOn(days, '2026-10-25')).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ])
  })
})

describe('openSlots: several ranges per weekday', () => {
  it('offers each weekday its own ranges, in order', () => {
    const a = availability({
      noticeHours: 0,
      horizonDays: 7,
      weeklyHours: [
        { weekday: 1, from: '09:00', to: '10:00' },
        { weekday: 3, from: '16:00', to: '17:00' },
        { weekday: 3, from: '08:00', to: '09:30' },
        { weekday: 7, from: '12:00', to: '12:30' },
      ],
    })
    expect(plain(openSlots(a, [], [], new Date('2026-06-15T00:00:00Z')))).toEqual([
      ['2026-06-15', ['2026-06-15T09:00:00.000Z']],
      ['2026-06-17', ['2026-06-17T08:00:00.000Z', '2026-06-17T08:45:00.000Z', '2026-06-17T16:00:00.000Z']],
      ['2026-06-21', ['2026-06-21T12:00:00.000Z']],
    ])
  })

  it('starts today in the coach time zone, even when the UTC date is already tomorrow', () => {
    const a = availability({
      timeZone: 'America/New_York',
      noticeHours: 0,
      horizonDays: 1,
      weeklyHours: [{ weekday: 1, from: '21:00', to: '23:30' }],
    })
    // Monday 2026-06-15 22:00 EDT.
    expect(plain(openSlots(a, [], [], new Date('2026-06-16T02:00:00Z')))).toEqual([
      ['2026-06-15', ['2026-06-16T02:30:00.000Z']],
    ])
  })

  it('offers nothing without weekly hours', () => {
    expect(openSlots(availability(), [], [], new Date('2026-06-15T00:00:00Z'))).toEqual([])
  })
})

describe('openSlots: a coach in Berlin seen from New York while the two zones change on different dates', () => {
  it('shows Monday 16:00 in Berlin at 10:00 or 11:00 in New York', () => {
    const a = availability({
      timeZone: 'Europe/Berlin',
      horizonDays: 35,
      weeklyHours: [{ weekday: 1, from: '16:00', to: '16:30' }],
    })
    const slots = openSlots(a, [], [], new Date('2026-02-28T00:00:00Z')).flatMap((day) => day.slots)
    expect(slots.map((slot) => [formatSlot(slot, 'Europe/Berlin'), formatSlot(slot, 'America/New_York')])).toEqual([
      ['Monday, March 2, 2026, 4:00 PM GMT+1', 'Monday, March 2, 2026, 10:00 AM EST'],
      ['Monday, March 9, 2026, 4:00 PM GMT+1', 'Monday, March 9, 2026, 11:00 AM EDT'],
      ['Monday, March 16, 2026, 4:00 PM GMT+1', 'Monday, March 16, 2026, 11:00 AM EDT'],
      ['Monday, March 23, 2026, 4:00 PM GMT+1', 'Monday, March 23, 2026, 11:00 AM EDT'],
      ['Monday, March 30, 2026, 4:00 PM GMT+2', 'Monday, March 30, 2026, 10:00 AM EDT'],
    ])
  })
})

describe('formatSlot and localDate', () => {
  it.each([
    // instant, zone, formatted, local date
    ['2026-12-01T15:00:00Z', 'America/New_York', 'Tuesday, December 1, 2026, 10:00 AM EST', '2026-12-01'],
    ['2026-12-01T15:00:00Z', 'UTC', 'Tuesday, December 1, 2026, 3:00 PM UTC', '2026-12-01'],
    // The same instants in New York and Berlin: EST/CET, then EDT/CET (US changed 03-08), then EDT/CEST (EU 03-29).
    ['2026-03-06T15:00:00Z', 'America/New_York', 'Friday, March 6, 2026, 10:00 AM EST', '2026-03-06'],
    ['2026-03-06T15:00:00Z', 'Europe/Berlin', 'Friday, March 6, 2026, 4:00 PM GMT+1', '2026-03-06'],
    ['2026-03-13T15:00:00Z', 'America/New_York', 'Friday, March 13, 2026, 11:00 AM EDT', '2026-03-13'],
    ['2026-03-13T15:00:00Z', 'Europe/Berlin', 'Friday, March 13, 2026, 4:00 PM GMT+1', '2026-03-13'],
    ['2026-03-27T15:00:00Z', 'America/New_York', 'Friday, March 27, 2026, 11:00 AM EDT', '2026-03-27'],
    ['2026-03-27T15:00:00Z', 'Europe/Berlin', 'Friday, March 27, 2026, 4:00 PM GMT+1', '2026-03-27'],
    ['2026-04-03T15:00:00Z', 'America/New_York', 'Friday, April 3, 2026, 11:00 AM EDT', '2026-04-03'],
    ['2026-04-03T15:00:00Z', 'Europe/Berlin', 'Friday, April 3, 2026, 5:00 PM GMT+2', '2026-04-03'],
    // Late evening in New York is already the next day in Berlin and Kolkata and the day after in Auckland.
    ['2026-06-17T02:30:00Z', 'America/New_York', 'Tuesday, June 16, 2026, 10:30 PM EDT', '2026-06-16'],
    ['2026-06-17T02:30:00Z', 'Europe/Berlin', 'Wednesday, June 17, 2026, 4:30 AM GMT+2', '2026-06-17'],
    ['2026-06-17T02:30:00Z', 'Asia/Kolkata', 'Wednesday, June 17, 2026, 8:00 AM GMT+5:30', '2026-06-17'],
    ['2026-06-16T18:29:00Z', 'Asia/Kolkata', 'Tuesday, June 16, 2026, 11:59 PM GMT+5:30', '2026-06-16'],
    ['2026-06-16T12:00:00Z', 'Pacific/Auckland', 'Wednesday, June 17, 2026, 12:00 AM GMT+12', '2026-06-17'],
    // The repeated hour: the first and the second 01:30 in New York.
    ['2026-11-01T05:30:00Z', 'America/New_York', 'Sunday, November 1, 2026, 1:30 AM EDT', '2026-11-01'],
    ['2026-11-01T06:30:00Z', 'America/New_York', 'Sunday, November 1, 2026, 1:30 AM EST', '2026-11-01'],
  ])('%s in %s is "%s" on %s', (instant, zone, formatted, date) => {
    expect(formatSlot(new Date(instant), zone)).toBe(formatted)
    expect(localDate(new Date(instant), zone)).toBe(date)
  })
})

describe('openSlots: notice and horizon', () => {
  // Monday 2026-06-15 in UTC; the grid is 09:00, 09:45, 10:30, 11:15 Monday to Friday.
  it.each([
    // now, noticeHours, first slot
    ['2026-06-15T09:00:00Z', 24, '2026-06-16T09:00:00.000Z'], // exactly now + notice: open
    ['2026-06-15T09:01:00Z', 24, '2026-06-16T09:45:00.000Z'], // a minute short of the notice: not open
    ['2026-06-15T08:59:00Z', 24, '2026-06-16T09:00:00.000Z'],
    ['2026-06-15T09:45:00Z', 0, '2026-06-15T09:45:00.000Z'], // no notice: a slot starting now is open
    ['2026-06-15T09:46:00Z', 0, '2026-06-15T10:30:00.000Z'],
    ['2026-06-12T11:15:00Z', 48, '2026-06-15T09:00:00.000Z'], // Friday + 48 h is Sunday: no weekend hours
  ])('from %s with %i hours notice the first slot is %s', (now, noticeHours, first) => {
    const a = availability({ weeklyHours: weekdays, noticeHours })
    expect(openSlots(a, [], [], new Date(now))[0]?.slots[0]?.toISOString()).toBe(first)
  })

  it.each([
    // now, horizonDays, last slot
    ['2026-06-15T09:00:00Z', 7, '2026-06-22T09:00:00.000Z'], // exactly now + horizon: open
    ['2026-06-15T09:44:00Z', 7, '2026-06-22T09:00:00.000Z'],
    ['2026-06-15T09:45:00Z', 7, '2026-06-22T09:45:00.000Z'],
    ['2026-06-15T08:59:00Z', 7, '2026-06-19T11:15:00.000Z'], // a minute short of Monday 09:00: ends on Friday
    ['2026-06-15T00:00:00Z', 1, '2026-06-15T11:15:00.000Z'],
  ])('from %s with a %i-day horizon the last slot is %s', (now, horizonDays, last) => {
    const a = availability({ weeklyHours: weekdays, noticeHours: 0, horizonDays })
    expect(openSlots(a, [], [], new Date(now)).at(-1)?.slots.at(-1)?.toISOString()).toBe(last)
  })

  it('counts the horizon in hours, not calendar days, across a daylight-saving change', () => {
    // From Friday 2026-03-06 09:00 EST, 3 × 24 h ends Monday 10:00 EDT: the 09:00 and 09:45 slots are in.
    const a = availability({
      timeZone: 'America/New_York',
      weeklyHours: [{ weekday: 1, from: '09:00', to: '12:00' }],
      noticeHours: 0,
      horizonDays: 3,
    })
    expect(plain(openSlots(a, [], [], new Date('2026-03-06T14:00:00Z')))).toEqual([
      ['2026-03-09', ['2026-03-09T13:00:00.000Z', '2026-03-09T13:45:00.000Z']],
    ])
  })
})

describe('openSlots: busy times, calls and buffers', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  const day = '2026-06-16' // a Tuesday: 09:00, 09:45, 10:30, 11:15
  /** The instants of UTC times on `day`, as the rows write the slots left. */
  const onDay = (times: string[]) => times.map((time) => `${day}T${time}:00.000Z`)

  it.each([
    // busy from–to on the day, the slots left, why
    ['09:10', '09:20', ['09:45', '10:30', '11:15'], 'overlapping a slot'],
    ['08:00', '10:00', ['10:30', '11:15'], 'covering two slots'],
    ['08:00', '08:45', ['09:00', '09:45', '10:30', '11:15'], 'ending exactly a buffer before a slot (touching)'],
    ['08:00', '08:46', ['09:45', '10:30', '11:15'], 'ending within the buffer before a slot'],
    [
      '12:00',
      '13:00',
      ['09:00', '09:45', '10:30', '11:15'],
      'starting exactly a buffer after a call would end (touching)',
    ],
    ['11:59', '13:00', ['09:00', '09:45', '10:30'], 'starting within the buffer after a call would end'],
    ['09:35', '09:40', ['10:30', '11:15'], 'in the gap between two slots, within both buffers'],
  ])('busy %s–%s leaves %j: %s', (from, to, expected) => {
    const busy = [interval(`${day}T${from}Z`, `${day}T${to}Z`)]
    const a = availability({ weeklyHours: weekdays })
    expect(slotsOn(openSlots(a, busy, [], now), day)).toEqual(onDay(expected))
  })

  type Row = { name: string; busy?: Interval[]; calls?: Interval[]; change?: Partial<Availability>; expected: string[] }
  it.each<Row>([
    { name: 'nothing in the way', expected: ['09:00', '09:45', '10:30', '11:15'] },
    { name: 'busy all day', busy: [interval('2026-06-16T00:00Z', '2026-06-17T00:00Z')], expected: [] },
    {
      name: 'busy on another day',
      busy: [interval('2026-06-15T09:00Z', '2026-06-15T12:00Z')],
      expected: ['09:00', '09:45', '10:30', '11:15'],
    },
    {
      name: 'a booked call on the grid (its neighbours are exactly a buffer away)',
      calls: [call('2026-06-16T10:30Z')],
      expected: ['09:00', '09:45', '11:15'],
    },
    {
      name: 'a booked call off the grid (booked under other hours)',
      calls: [call('2026-06-16T10:00Z')],
      expected: ['09:00', '11:15'],
    },
    {
      name: 'no buffer: touching busy times do not block',
      change: { bufferMinutes: 0 },
      busy: [interval('2026-06-16T10:00Z', '2026-06-16T10:30Z')],
      expected: ['09:00', '09:30', '10:30', '11:00', '11:30'],
    },
    {
      name: 'a longer buffer spaces the grid and widens the margin',
      change: { bufferMinutes: 30 },
      busy: [interval('2026-06-16T09:00Z', '2026-06-16T09:30Z')],
      // Grid 09:00, 10:00, 11:00; 10:00 needs 09:30–11:00 free.
      expected: ['10:00', '11:00'],
    },
  ])('$name', ({ busy = [], calls = [], change, expected }) => {
    const a = availability({ weeklyHours: weekdays, ...change })
    expect(slotsOn(openSlots(a, busy, calls, now), day)).toEqual(onDay(expected))
  })
})

describe('openSlots: daily cap', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  type Row = {
    name: string
    zone?: string
    maxPerDay: number
    calls?: Interval[]
    busy?: Interval[]
    expected: number[]
  }
  // Slots counted on Tuesday 06-16 and Wednesday 06-17.
  it.each<Row>([
    { name: 'no calls', maxPerDay: 2, expected: [4, 4] },
    { name: 'one call under a cap of two', maxPerDay: 2, calls: [call('2026-06-16T09:00Z')], expected: [3, 4] },
    {
      name: 'two calls reach a cap of two',
      maxPerDay: 2,
      calls: [call('2026-06-16T09:00Z'), call('2026-06-16T11:15Z')],
      expected: [0, 4],
    },
    {
      name: 'the default cap of four',
      maxPerDay: DEFAULT_AVAILABILITY.maxPerDay,
      calls: [
        call('2026-06-16T07:00Z'),
        call('2026-06-16T08:00Z'),
        call('2026-06-16T13:00Z'),
        call('2026-06-16T14:00Z'),
      ],
      expected: [0, 4],
    },
    {
      name: 'three calls under the default cap',
      maxPerDay: DEFAULT_AVAILABILITY.maxPerDay,
      calls: [call('2026-06-16T07:00Z'), call('2026-06-16T13:00Z'), call('2026-06-16T14:00Z')],
      expected: [4, 4],
    },
    {
      name: 'busy times do not count toward the cap',
      maxPerDay: 2,
      busy: [interval('2026-06-16T06:00Z', '2026-06-16T06:30Z'), interval('2026-06-16T07:00Z', '2026-06-16T07:30Z')],
      expected: [4, 4],
    },
    { name: 'a cap of zero closes every day', maxPerDay: 0, expected: [0, 0] },
    {
      // 2026-06-17T01:00Z is Tuesday 21:00 in New York: it counts for Tuesday there.
      name: 'calls count on the coach-local day',
      zone: 'America/New_York',
      maxPerDay: 1,
      calls: [call('2026-06-17T01:00Z')],
      expected: [0, 4],
    },
    {
      name: 'the same call on the UTC day',
      zone: 'UTC',
      maxPerDay: 1,
      calls: [call('2026-06-17T01:00Z')],
      expected: [4, 0],
    },
  ])('$name', ({ zone = 'UTC', maxPerDay, calls = [], busy = [], expected }) => {
    const a = availability({ timeZone: zone, weeklyHours: weekdays, maxPerDay })
    const days = openSlots(a, busy, calls, now)
    expect([slotsOn(days, '2026-06-16').length, slotsOn(days, '2026-06-17').length]).toEqual(expected)
  })
})

describe('openSlots: days off', () => {
  const now = new Date('2026-06-14T00:00:00Z')
  it.each([
    // zone, days off, dates offered from Monday 06-15 to Friday 06-19
    ['UTC', [], ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19']],
    ['UTC', [{ from: '2026-06-16', to: '2026-06-16' }], ['2026-06-15', '2026-06-17', '2026-06-18', '2026-06-19']],
    ['UTC', [{ from: '2026-06-16', to: '2026-06-18' }], ['2026-06-15', '2026-06-19']],
    [
      'UTC',
      [
        { from: '2026-06-15', to: '2026-06-15' },
        { from: '2026-06-18', to: '2026-06-25' },
      ],
      ['2026-06-16', '2026-06-17'],
    ],
    ['UTC', [{ from: '2026-06-10', to: '2026-06-15' }], ['2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19']],
    // An evening range in New York is the next UTC day; the day off is the coach's date.
    [
      'America/New_York',
      [{ from: '2026-06-16', to: '2026-06-16' }],
      ['2026-06-15', '2026-06-17', '2026-06-18', '2026-06-19'],
    ],
  ])('in %s with days off %j offers %j', (zone, daysOff, expected) => {
    const a = availability({
      timeZone: zone,
      noticeHours: 0,
      horizonDays: 6,
      daysOff,
      weeklyHours: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, from: '20:00', to: '22:00' })),
    })
    expect(openSlots(a, [], [], now).map((day) => day.date)).toEqual(expected)
  })
})

describe('isOpenSlot', () => {
  const scenarios: { name: string; a: Availability; busy: Interval[]; calls: Interval[]; now: string }[] = [
    {
      name: 'UTC with busy times, calls and a day off',
      a: availability({ weeklyHours: weekdays, daysOff: [{ from: '2026-06-18', to: '2026-06-18' }], maxPerDay: 2 }),
      busy: [interval('2026-06-16T09:50Z', '2026-06-16T10:05Z')],
      calls: [call('2026-06-17T09:00Z'), call('2026-06-19T10:30Z'), call('2026-06-19T11:15Z')],
      now: '2026-06-15T08:00:00Z',
    },
    {
      name: 'New York across the spring change',
      a: availability({
        timeZone: 'America/New_York',
        weeklyHours: [{ weekday: 7, from: '00:00', to: '05:00' }],
        noticeHours: 0,
      }),
      busy: [],
      calls: [],
      now: '2026-03-07T00:00:00Z',
    },
    {
      name: 'Berlin across the autumn change',
      a: availability({
        timeZone: 'Europe/Berlin',
        weeklyHours: [{ weekday: 7, from: '01:30', to: '04:00' }],
        noticeHours: 0,
        bufferMinutes: 0,
      }),
      busy: [],
      calls: [],
      now: '2026-10-24T00:00:00Z',
    },
    {
      name: 'Kolkata',
      a: availability({
        timeZone: 'Asia/Kolkata',
        weeklyHours: [{ weekday: 3, from: '09:00', to: '11:00' }],
        noticeHours: 1,
      }),
      busy: [],
      calls: [call('2026-06-17T04:15Z')],
      now: '2026-06-16T00:00:00Z',
    },
  ]

  it.each(scenarios)('agrees with openSlots every 5 minutes over a week: $name', ({ a, busy, calls, now }) => {
    const clock = new Date(now)
    const week = { ...a, horizonDays: 7 }
    const open = openSlots(week, busy, calls, clock).flatMap((day) => day.slots.map((slot) => slot.getTime()))
    expect(open.length).toBeGreaterThan(0)
    for (const slot of open) expect(isOpenSlot(week, busy, calls, clock, new Date(slot))).toBe(true)
    const accepted: number[] = []
    for (let t = clock.getTime() - 86_400_000; t <= clock.getTime() + 9 * 86_400_000; t += 5 * MINUTE) {
      if (isOpenSlot(week, busy, calls, clock, new Date(t))) accepted.push(t)
    }
    expect(accepted).toEqual(open)
  })

  const a = availability({ weeklyHours: weekdays, daysOff: [{ from: '2026-06-18', to: '2026-06-18' }], maxPerDay: 2 })
  const now = new Date('2026-06-15T09:00:00Z')
  const busy = [interval('2026-06-16T10:40Z', '2026-06-16T11:05Z')]
  const calls = [call('2026-06-17T09:00Z'), call('2026-06-19T09:00Z'), call('2026-06-19T11:15Z')]
  it.each([
    // start, open, why
    ['2026-06-16T09:00:00.000Z', true, 'on the grid and free, exactly at now + notice'],
    ['2026-06-16T09:45:00.000Z', true, 'on the grid and free'],
    ['2026-06-16T09:10:00.000Z', false, 'off the grid'],
    ['2026-06-16T09:00:00.001Z', false, 'a millisecond off the grid'],
    ['2026-06-16T12:00:00.000Z', false, 'past the end of the range'],
    ['2026-06-16T10:30:00.000Z', false, 'a busy time overlaps'],
    ['2026-06-16T11:15:00.000Z', false, 'a busy time is within the buffer'],
    ['2026-06-17T09:00:00.000Z', false, 'already booked'],
    ['2026-06-17T09:45:00.000Z', true, 'a buffer after a booked call'],
    ['2026-06-18T09:00:00.000Z', false, 'a day off'],
    ['2026-06-19T10:00:00.000Z', false, 'off the grid on a full day'],
    ['2026-06-19T09:45:00.000Z', false, 'the day has reached its cap'],
    ['2026-06-15T11:15:00.000Z', false, 'before now + notice'],
    ['2026-06-20T09:00:00.000Z', false, 'a Saturday, no hours'],
    ['2026-07-15T09:00:00.000Z', true, 'the last day of the horizon, exactly at now + 30 days'],
    ['2026-07-15T09:45:00.000Z', false, 'after now + horizon'],
  ])('%s is open: %s (%s)', (start, open) => {
    expect(isOpenSlot(a, busy, calls, now, new Date(start))).toBe(open)
  })

  it.each([
    // zone, hours on Sunday, start, open
    ['America/New_York', '00:00', '2026-03-08T07:15:00.000Z', false], // 03:15 EDT: off the grid (02:15 does not exist)
    ['America/New_York', '00:00', '2026-03-08T07:00:00.000Z', true], // 03:00 EDT
    ['America/New_York', '01:00', '2026-11-01T05:30:00.000Z', true], // the first 01:30 (EDT)
    ['America/New_York', '01:00', '2026-11-01T06:30:00.000Z', false], // the repeated 01:30 (EST)
    ['Europe/Berlin', '02:00', '2026-10-25T00:30:00.000Z', true], // the first 02:30 (CEST)
    ['Europe/Berlin', '02:00', '2026-10-25T01:30:00.000Z', false], // the repeated 02:30 (CET)
  ])('in %s with hours from %s, %s is open: %s', (zone, from, start, open) => {
    const sunday = availability({
      timeZone: zone,
      noticeHours: 0,
      horizonDays: 400,
      bufferMinutes: 0,
      weeklyHours: [{ weekday: 7, from, to: '05:00' }],
    })
    expect(isOpenSlot(sunday, [], [], new Date('2026-01-01T00:00:00Z'), new Date(start))).toBe(open)
  })

  it('refuses an invalid date', () => {
    expect(isOpenSlot(a, [], [], now, new Date('not a date'))).toBe(false)
  })
})

describe('settings the rules cannot mean', () => {
  const now = new Date('2026-06-15T00:00:00Z')
  it.each<[string, Partial<Availability>]>([
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
    ['a range ending before it starts', { weeklyHours: [{ weekday: 1, from: '10:00', to: '09:00' }] }],
    ['an empty range', { weeklyHours: [{ weekday: 1, from: '10:00', to: '10:00' }] }],
    ['a malformed time', { weeklyHours: [{ weekday: 1, from: '9:00', to: '10:00' }] }],
    ['a start at 24:00', { weeklyHours: [{ weekday: 1, from: '24:00', to: '24:00' }] }],
    ['an hour past 24', { weeklyHours: [{ weekday: 1, from: '09:00', to: '25:00' }] }],
    ['a weekday 0', { weeklyHours: [{ weekday: 0 as Weekday, from: '09:00', to: '10:00' }] }],
    ['a call of 0 minutes', { callMinutes: 0 }],
    ['a negative buffer', { bufferMinutes: -5 }],
    ['a fractional daily cap', { maxPerDay: 1.5 }],
    ['a negative notice', { noticeHours: -1 }],
    ['a horizon that is not a number', { horizonDays: Number.NaN }],
    ['a malformed day off', { daysOff: [{ from: '2026-6-1', to: '2026-06-01' }] }],
  ])('throws on %s', (_name, change) => {
    expect(() => openSlots(availability(change), [], [], now)).toThrow(RangeError)
    expect(() => isOpenSlot(availability(change), [], [], now, now)).toThrow(RangeError)
  })

  it('leaves its arguments untouched', () => {
    const a = Object.freeze(availability({ weeklyHours: weekdays }))
    const busy = [interval('2026-06-16T09:00Z', '2026-06-16T09:30Z')]
    const clock = new Date('2026-06-15T09:00:00Z')
    const before = JSON.stringify([a, busy, clock])
    openSlots(a, busy, [], clock)
    isOpenSlot(a, busy, [], clock, new Date('2026-06-16T09:45:00Z'))
    expect(JSON.stringify([a, busy, clock])).toBe(before)
  })
})
