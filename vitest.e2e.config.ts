import path from 'node:path'

import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's order (the longest or, without a record of earlier runs, the largest file first), except that the
 * crash test starts its stream. Its sending keeps the cores busy throughout, and it fills the time the first
 * files of both streams spend waiting (the packages' file waits for a session to begin): run later, as in a
 * clean clone it was, both cores sat nearly idle for about 50 s while both streams waited.
 */
class CrashTestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const first = (file: TestSpecification) => file.moduleId.endsWith('/newsletter-crash.e2e.ts')
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))]
  }
}

/** Browser tests; tests/e2e/run.ts starts the servers they talk to. */
export default defineConfig({
  // Tests may name the site's own constants (built-in copy, spec texts) as the site does.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    // A click-through of several screens at two widths on PostgreSQL took 25-35 s alone and over 60 s while the
    // newsletter crash test's two PostgreSQL instances ran beside it (clean-clone run, 2026-11-29): the limit
    // says when a test is stuck, not how fast a busy machine must be.
    testTimeout: 150_000,
    hookTimeout: 150_000,
    // A condition a test waits for (a page showing an edit, a mail arriving) gets 15 s, not Vitest's 1 s: the
    // browser tests run in two streams on two cores, and a busy machine is slow, not wrong.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One file at a time: each launches Chromium, and the machine has two cores.
    fileParallelism: false,
    sequence: { sequencer: CrashTestFirst },
  },
})
