/**
 * The size of a stress test: one that proves the mechanism on every commit, and the full size under
 * `npm run test:stress` (STRESS=full), run before a release (README, "Tests").
 */
export const FULL_STRESS = process.env.STRESS === 'full'

/** `everyCommit` in the ordinary run, `full` under STRESS=full. */
export const stressSize = <T>(everyCommit: T, full: T): T => (FULL_STRESS ? full : everyCommit)
