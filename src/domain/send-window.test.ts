import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { waitBeforeNext, waitBeforeNextInAll, type SendWindow } from './send-window'

const minute: SendWindow = { limit: 3, windowMs: 60_000 }

describe('the newsletter throttle', () => {
  it('lets a mail start while fewer than the limit are open or ended within the window', () => {
    expect(waitBeforeNext(minute, 100_000, [], 0)).toBe(0)
    expect(waitBeforeNext(minute, 100_000, [90_000], 1)).toBe(0)
    // One ended 61 s ago: out of the window.
    expect(waitBeforeNext(minute, 100_000, [39_000, 95_000, 96_000], 0)).toBe(0)
  })

  it('waits until the oldest end leaves the window', () => {
    expect(waitBeforeNext(minute, 100_000, [50_000, 95_000, 96_000], 0)).toBe(10_001)
    // Two places held by open transactions: the third is the ended one's until it leaves the window.
    expect(waitBeforeNext(minute, 100_000, [70_000], 2)).toBe(30_001)
    // Two ended in the window beside two open: both must leave.
    expect(waitBeforeNext(minute, 100_000, [70_000, 99_000], 2)).toBe(59_001)
  })

  it('waits for an open transaction when every place is held by one', () => {
    expect(waitBeforeNext(minute, 100_000, [], 3)).toBeNull()
    expect(waitBeforeNextInAll([minute, { limit: 100, windowMs: 3_600_000 }], 100_000, [], 3)).toBeNull()
  })

  it('takes the longest wait of a minute and an hour window', () => {
    const hour: SendWindow = { limit: 4, windowMs: 3_600_000 }
    // The minute has room; the hour holds 4 ends, the oldest at 10 s.
    expect(waitBeforeNextInAll([minute, hour], 100_000, [10_000, 20_000, 30_000, 40_000], 0)).toBe(3_510_001)
  })

  /*
   * A sender with a few connections starts transactions whenever the throttle lets it; each lasts a random
   * time and the server takes the mail at a random moment within it. No window of the server's log may
   * hold more than the limit.
   */
  it('never lets a window at the server hold more than the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.double({ min: 0, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 60,
        }),
        (limit, connections, mails) => {
          const window: SendWindow = { limit, windowMs: 10_000 }
          let now = 0
          const open: { end: number }[] = []
          const ended: number[] = []
          const taken: number[] = []
          for (const [length, at] of mails) {
            // Wait for a free connection and for the throttle.
            for (;;) {
              open.sort((a, b) => a.end - b.end)
              while (open[0] && open[0].end <= now) ended.push(open.shift()!.end)
              const wait = open.length >= connections ? null : waitBeforeNext(window, now, ended, open.length)
              if (wait === 0) break
              now = wait === null ? open[0]!.end : Math.min(now + wait, open[0]?.end ?? Infinity)
            }
            open.push({ end: now + length })
            taken.push(now + at * length)
          }
          taken.sort((a, b) => a - b)
          for (let i = 0; i < taken.length; i++) {
            const inWindow = taken.filter((t) => t >= taken[i]! && t <= taken[i]! + window.windowMs).length
            expect(inWindow).toBeLessThanOrEqual(limit)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
