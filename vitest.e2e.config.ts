import { defineConfig } from 'vitest/config'

/** Browser tests; tests/e2e/run.ts starts the servers they talk to. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time: each launches Chromium, and the machine has two cores.
    fileParallelism: false,
  },
})
