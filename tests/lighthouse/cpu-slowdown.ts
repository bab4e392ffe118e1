/**
 * How much slower than this machine Lighthouse's phone is. Lighthouse slows the CPU by a factor of the machine
 * it runs on (4× by default, meant for a high-end desktop with a "benchmark index" of about 1,500), so on a
 * machine half as fast the same page is judged on a phone half as fast again: seen in CI, every public page's
 * Total Blocking Time doubled on a shared machine whose every other step took twice as long. Lighthouse's
 * advice (docs/throttling.md, "Calibrating the CPU slowdown") is to choose the factor from the machine's
 * benchmark index, which is what PageSpeed Insights does for its own servers; the Lighthouse team's calculator
 * maps an index of 150 to 1×, 800 to 2×, 1,300 to 3× and every 233 above 1,300 to one more (1,533 to the
 * default 4×, 2,000 to 6×). So a fast machine judges the page as strictly as a slow one: on the same phone.
 */

/** Index → factor, between which the factor is interpolated; above the last, one more per STEP_ABOVE. */
const ANCHORS: readonly (readonly [index: number, slowdown: number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
]
const STEP_ABOVE = 233

/** Below this index Lighthouse's phone cannot be emulated: the machine is slower than the phone. */
export const SLOWEST_INDEX = ANCHORS[0]![0]

/** The CPU slowdown that makes a machine of this benchmark index Lighthouse's mid-tier phone (at least 1×). */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  const [lastIndex, lastSlowdown] = ANCHORS.at(-1)!
  if (benchmarkIndex >= lastIndex) return lastSlowdown + (benchmarkIndex - lastIndex) / STEP_ABOVE
  if (benchmarkIndex <= SLOWEST_INDEX) return 1
  const above = ANCHORS.findIndex(([index]) => index > benchmarkIndex)
  const [i0, s0] = ANCHORS[above - 1]!
  const [i1, s1] = ANCHORS[above]!
  return s0 + ((benchmarkIndex - i0) / (i1 - i0)) * (s1 - s0)
}
