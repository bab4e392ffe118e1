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
    // A condition a test waits for (a page showing an edit, a mail arriving) gets 15 s, not Vitest's 1 s: the
    // browser tests run in two streams on two cores, and a busy machine is slow, not wrong.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One file at a time: each launches Chromium, and the machine has two cores.
    fileParallelism: false,
  },
})
