import { describe, expect, it } from 'vitest'

import { afterFailedAttempt, MAX_ATTEMPTS, retryDelayMs } from './outbox-schedule'

describe('outbox retry schedule', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [20, 3_600_000],
  ])('after %i failed tries waits %i ms', (tries, ms) => {
    expect(retryDelayMs(tries)).toBe(ms)
  })

  it('queues again until the last try, then marks the mail failed', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    expect(afterFailedAttempt(1, now)).toEqual({ status: 'queued', nextAttemptAt: new Date('2026-01-01T00:00:30Z') })
    expect(afterFailedAttempt(MAX_ATTEMPTS - 1, now).status).toBe('queued')
    expect(afterFailedAttempt(MAX_ATTEMPTS, now)).toEqual({ status: 'failed' })
  })
})
