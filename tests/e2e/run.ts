/**
 * Browser tests against the production build: builds if needed, then serves copies of the build through the
 * real start script, one per database state (seeded, empty, unreachable; and seeded PostgreSQL when
 * TEST_POSTGRES_URL is set), runs the Playwright tests in Vitest, and stops everything.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

import {
  buildIfNeeded,
  logRuleBreaks,
  serverErrorLines,
  startBuildCopy,
  type RunningSite,
} from '../../scripts/lib/server'
import { freshPostgres } from '../integration/database'
import { e2ePort } from './ports'

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
  // The seeded servers run as behind one proxy (TRUST_PROXY_HOPS=1), so tests can speak for many visitors by
  // setting X-Forwarded-For; the empty one keeps npm start's default (no proxy: the header is not believed).
  const behindProxy = { TRUST_PROXY_HOPS: '1' }
  const [seeded, empty, down, seededPg] = await Promise.all([
    startBuildCopy('e2e-seeded', e2ePort(1), behindProxy),
    startBuildCopy('e2e-empty', e2ePort(2), { SEED_ON_START: 'false' }),
    // Nothing listens on port 9: the database is unreachable.
    startBuildCopy('e2e-down', e2ePort(3), { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/unreachable' }),
    pg ? startBuildCopy('e2e-seeded-pg', e2ePort(4), { ...behindProxy, DATABASE_URL: pg.url }) : Promise.resolve(null),
  ])
  sites.push(seeded, empty, down, ...(seededPg ? [seededPg] : []))
  console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const vitest = spawnSync(
    process.execPath,
    // Arguments after `npm run test:e2e --` go to Vitest, e.g. one file: tests/e2e/admin.e2e.ts
    [
      path.join('node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      'vitest.e2e.config.ts',
      ...process.argv.slice(2),
    ],
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
  // What a visitor or the coach did in the tests must not leave error lines in any server's log.
  for (const site of sites) {
    // The server whose database is unreachable reports that, and nothing else.
    const errors = serverErrorLines(
      site.logFile,
      site === down ? /cannot connect to Postgres|connect ECONNREFUSED/ : undefined,
    )
    if (errors.length) {
      console.error(`\nError lines in the log of ${site.url} (${site.logFile}):\n${errors.join('\n')}`)
      exitCode = 1
    }
    // Every line is JSON, and none holds an e-mail or IP address, after all the forms the tests sent.
    const breaks = logRuleBreaks(site.logFile)
    if (breaks.length) {
      console.error(`\nLines against the log's rules in ${site.logFile}:\n${breaks.slice(0, 20).join('\n')}`)
      exitCode = 1
    }
  }
} finally {
  await stopAll()
}
process.exit(exitCode)
