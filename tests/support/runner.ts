/**
 * The test runner's own expect and hooks, for the helpers both runners load: the integration suites run
 * under Vitest, the browser tests under Playwright's runner, and each runner's expect.poll and hooks work only
 * inside that runner (Vitest's poll throws "failed to access its internal state" elsewhere). Vitest sets
 * VITEST in its processes.
 */
import type { expect as vitestExpect } from 'vitest'

const underVitest = Boolean(process.env.VITEST)
const vitest = underVitest ? await import('vitest') : undefined
const playwright = underVitest ? undefined : await import('@playwright/test')

/**
 * The runner's expect. Typed as Vitest's: the shared helpers use only what both have (the plain matchers,
 * and expect.poll with a timeout).
 */
export const expect = (vitest?.expect ?? playwright!.expect) as unknown as typeof vitestExpect

/** Runs `fn` before the tests of the file or describe block it is called in. */
export function beforeAll(fn: () => Promise<void> | void): void {
  if (vitest) vitest.beforeAll(fn)
  else playwright!.test.beforeAll(async () => fn())
}

/** Runs `fn` after the tests of the file or describe block it is called in. */
export function afterAll(fn: () => Promise<void> | void): void {
  if (vitest) vitest.afterAll(fn)
  else playwright!.test.afterAll(async () => fn())
}
