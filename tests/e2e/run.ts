/**
 * Browser tests against the production build: builds if needed, then serves copies of the build through the
 * real start script, one per database state (seeded, empty, unreachable; and seeded PostgreSQL when
 * TEST_POSTGRES_URL is set), runs the Playwright tests in Vitest, and stops everything.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

import { buildIfNeeded, startBuildCopy, type RunningSite } from '../../scripts/lib/server'
import { freshPostgres } from '../integration/database'

process.chdir(path.resolve(import.meta.dirname, '../..'))
buildIfNeeded()

const sites: RunningSite[] = []
const cleanups: (() => Promise<void>)[] = []
const stopAll = async () => {
  await Promise.all(sites.splice(0).map((s) => s.stop()))
  for (const c of cleanups.splice(0)) await c().catch(() => {})
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)))

let exitCode = 1
try {
  const pg = process.env.TEST_POSTGRES_URL ? await freshPostgres(process.env.TEST_POSTGRES_URL) : null
  if (pg) cleanups.push(pg.cleanup)
  const started = Date.now()
  const [seeded, empty, down, seededPg] = await Promise.all([
    startBuildCopy('e2e-seeded', 3301, {}),
    startBuildCopy('e2e-empty', 3302, { SEED_ON_START: 'false' }),
    // Nothing listens on port 9: the database is unreachable.
    startBuildCopy('e2e-down', 3303, { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/unreachable' }),
    pg ? startBuildCopy('e2e-seeded-pg', 3304, { DATABASE_URL: pg.url }) : Promise.resolve(null),
  ])
  sites.push(seeded, empty, down, ...(seededPg ? [seededPg] : []))
  console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const vitest = spawnSync(
    process.execPath,
    [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts'],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_SEEDED_URL: seeded.url,
        E2E_SEEDED_DATA_DIR: seeded.dataDir,
        E2E_EMPTY_URL: empty.url,
        E2E_DOWN_URL: down.url,
        ...(seededPg ? { E2E_SEEDED_PG_URL: seededPg.url } : {}),
      },
    },
  )
  exitCode = vitest.status ?? 1
} finally {
  await stopAll()
}
process.exit(exitCode)
