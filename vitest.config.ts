import path from 'node:path'

import { defineConfig } from 'vitest/config'

const alias = {
  '@payload-config': path.resolve(import.meta.dirname, 'src/cms/payload.config.ts'),
  '@': path.resolve(import.meta.dirname, 'src'),
}

/** Unit tests beside the domain code, and integration tests that boot Payload on a real database. */
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Processes, not threads: Payload keeps one instance per process, bound to one database (a unit file gets
    // a process of its own; the integration files share theirs, reset between files, below).
    pool: 'forks',
    // Two files at a time (Vitest's default is one fewer than the cores: one, on these two-core machines).
    // The integration files wait on their databases and SMTP peers much of the time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/lighthouse/**/*.test.ts'],
          // As the integration files below: a process per file spent more CPU starting (about 25 of the unit
          // files' 60 CPU seconds) than most files spend testing; the setup file resets what a file could leave.
          isolate: false,
          setupFiles: ['tests/support/one-app-per-file.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // One migrated database per kind, made once per run (only when integration files run): the suites
          // start on copies of it instead of each running every migration.
          globalSetup: ['tests/support/migrated-templates.ts'],
          // Files share a few long-lived processes, each loading Payload's libraries once; before each file,
          // tests/support/one-app-per-file.ts puts the process back as a fresh one would be.
          isolate: false,
          setupFiles: ['tests/support/one-app-per-file.ts'],
        },
      },
    ],
  },
})
