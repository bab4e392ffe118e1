import { defineConfig } from '@playwright/test'

import { CHROMIUM_LAUNCH, DESKTOP } from './tests/support/browser'

/**
 * The browser tests on Playwright's own runner, against the production build (tests/e2e/global-setup.ts
 * builds if needed and makes the seeded templates; the servers are worker fixtures: tests/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  // Two workers on two cores: a worker's machine time is half waiting (servers starting, pages, mail).
  workers: 2,
  // A test that fails is a finding, not bad luck: never run again to pass.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A click-through of several screens took 25-35 s alone and over 60 s beside the newsletter crash test's two
  // PostgreSQL instances (clean-clone run, 2026-11-29): the limit says when a test is stuck, not how fast a
  // busy machine must be.
  timeout: 150_000,
  // A condition a test waits for (a page showing an edit, a mail arriving) gets 15 s: a busy machine is slow,
  // not wrong.
  expect: { timeout: 15_000 },
  // A line per test as it ends, and at the end a line per failure with where its trace is.
  reporter: 'list',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  outputDir: 'test-results/e2e',
  use: {
    // Debian's Chromium: no browser is downloaded.
    launchOptions: CHROMIUM_LAUNCH,
    viewport: DESKTOP,
    trace: 'retain-on-failure',
  },
})
