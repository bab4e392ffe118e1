import type { TestProject } from 'vitest/node'

import { makeMigratedTemplate, type SeededTemplate } from './database'

/** The preparation's source, as tests/integration/server/seeded-template.test.ts runs it (the run may precede any build). */
const PREPARE = ['--import', 'tsx', 'scripts/prepare-database.ts']

type Kind = 'SQLite' | 'PostgreSQL'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated templates, by database kind (read them in the test files: migratedTemplate). */
    migratedTemplates: Partial<Record<Kind, SeededTemplate>>
  }
}

/**
 * Vitest's global setup (vitest.config.ts): before the files run, one migrated, empty database per kind
 * (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set), made once by the preparation program as a
 * server's start would; removed again after the run. An integration suite then starts on a copy (testPayload)
 * instead of running every migration itself (36 of them, 2.5 to 2.9 s a suite on the busy machine).
 */
export default async function makeMigratedTemplates(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_POSTGRES_URL
  const made = await Promise.allSettled([
    makeMigratedTemplate(PREPARE),
    serverUrl ? makeMigratedTemplate(PREPARE, serverUrl) : Promise.resolve(undefined),
  ])
  const removeAll = async () => {
    for (const one of made) if (one.status === 'fulfilled') await one.value?.cleanup()
  }
  const failed = made.find((one) => one.status === 'rejected')
  if (failed) {
    await removeAll()
    throw failed.reason
  }
  const [sqlite, postgres] = made.map((one) => (one.status === 'fulfilled' ? one.value : undefined))
  project.provide('migratedTemplates', {
    SQLite: { dataDir: sqlite!.dataDir },
    ...(postgres ? { PostgreSQL: { dataDir: postgres.dataDir, database: postgres.database } } : {}),
  })
  return removeAll
}
