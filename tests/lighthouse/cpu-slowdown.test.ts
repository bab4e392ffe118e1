import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { cpuSlowdownFor } from './cpu-slowdown'

describe('cpuSlowdownFor', () => {
  it('gives the factors of Lighthouse’s calculator at its anchors', () => {
    expect(cpuSlowdownFor(150)).toBe(1)
    expect(cpuSlowdownFor(800)).toBe(2)
    expect(cpuSlowdownFor(1300)).toBe(3)
    expect(cpuSlowdownFor(1533)).toBe(4)
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 2)
  })

  it('interpolates between them, and never slows by less than 1×', () => {
    expect(cpuSlowdownFor(1050)).toBe(2.5)
    expect(cpuSlowdownFor(475)).toBe(1.5)
    expect(cpuSlowdownFor(100)).toBe(1)
    expect(cpuSlowdownFor(0)).toBe(1)
  })

  it('slows a faster machine more', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (a, b) => {
          const [slow, fast] = a < b ? [a, b] : [b, a]
          expect(cpuSlowdownFor(fast)).toBeGreaterThanOrEqual(cpuSlowdownFor(slow))
        },
      ),
    )
  })
})
