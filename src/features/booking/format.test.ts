import { afterEach, describe, expect, it } from 'vitest'

import { slotsByDay } from './format'

const startingTz = process.env.TZ
afterEach(() => {
  if (startingTz === undefined) delete process.env.TZ
  else process.env.TZ = startingTz
})

/** Every half hour for 40 days from a date that crosses daylight-saving changes on both sides of the Atlantic. */
const slots = Array.from({ length: 40 * 48 }, (_, i) => new Date(Date.UTC(2026, 2, 20) + i * 30 * 60_000).toISOString())

describe('slot labels', () => {
  it('are the English text the site writes: "10:00 AM", "Tuesday, December 1"', () => {
    const [day] = slotsByDay(
      ['2026-12-01T10:00:00.000Z', '2026-12-01T12:30:00.000Z', '2026-12-02T00:15:00.000Z'],
      'UTC',
    )
    expect(day).toEqual({
      key: '2026-12-01',
      label: 'Tuesday, December 1',
      slots: [
        { iso: '2026-12-01T10:00:00.000Z', label: '10:00 AM' },
        { iso: '2026-12-01T12:30:00.000Z', label: '12:30 PM' },
      ],
    })
    expect(slotsByDay(['2026-12-02T00:15:00.000Z'], 'UTC')[0]!.slots[0]!.label).toBe('12:15 AM')
  })

  // The browser writes its visitor's own zone from Date's local fields, without Intl: the same text.
  for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC']) {
    it(`in the machine's own zone are the ones Intl writes for that zone (${zone})`, () => {
      process.env.TZ = zone
      expect(slotsByDay(slots, 'host')).toEqual(slotsByDay(slots, zone))
    })
  }
})
