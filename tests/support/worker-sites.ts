import type { RunningSite } from '../../scripts/lib/server'

/**
 * The shared servers a Playwright worker has started so far (tests/e2e/fixtures.ts fills this in as each one
 * starts), so helpers used by many files (logInAsCoach, mailsWrittenTo) can default to the worker's seeded
 * site. Kept free of any test runner's imports: the integration suites load the same helpers under Vitest.
 */
export const workerSites: {
  seeded?: RunningSite
  seededPg?: RunningSite
  empty?: RunningSite
  down?: RunningSite
} = {}

/** The worker's seeded SQLite site; a test (or its file's beforeAll) must have asked for the `seeded` fixture. */
export function workerSeeded(): RunningSite {
  if (!workerSites.seeded) throw new Error('No seeded site in this worker yet: ask for the `seeded` fixture first')
  return workerSites.seeded
}
