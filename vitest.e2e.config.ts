import path from 'node:path'

import { defineConfig } from 'vitest/config'

/** Browser tests; tests/e2e/run.ts starts the servers they talk to. */
export default defineConfig({
  // Tests may name the site's own constants (built-in copy, spec texts) as the site does.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time: each launches Chromium, and the machine has two cores.
    fileParallelism: false,
  },
})
