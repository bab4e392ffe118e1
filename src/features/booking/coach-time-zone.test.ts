import type { Payload } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import { readCoachTimeZone } from './coach-time-zone'

/** A Local API that answers Availability with `zones` in turn (an Error: the read fails). */
function payloadAnswering(...zones: (string | Error)[]) {
  const findGlobal = vi.fn(async () => {
    const next = zones.shift()
    if (next instanceof Error) throw next
    return { timeZone: next, weeklyHours: [], daysOff: [] }
  })
  return { payload: { findGlobal } as unknown as Payload, findGlobal }
}

describe('readCoachTimeZone', () => {
  it('reads Availability’s zone once per request, however many dates ask', async () => {
    const { payload, findGlobal } = payloadAnswering('America/New_York', 'Europe/Berlin')
    const req = { context: {} }
    const zones = await Promise.all([1, 2, 3].map(() => readCoachTimeZone(payload, req)))
    expect(zones).toEqual(['America/New_York', 'America/New_York', 'America/New_York'])
    expect(findGlobal).toHaveBeenCalledTimes(1)
    // Another request reads it again: a new zone is seen at once.
    expect(await readCoachTimeZone(payload, { context: {} })).toBe('Europe/Berlin')
  })

  it('does not keep a failed read: the next date of the request tries again', async () => {
    const { payload } = payloadAnswering(new Error('database away'), 'Asia/Tokyo')
    const req = { context: {} }
    await expect(readCoachTimeZone(payload, req)).rejects.toThrow('database away')
    expect(await readCoachTimeZone(payload, req)).toBe('Asia/Tokyo')
  })
})
