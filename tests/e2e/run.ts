/**
 * Browser tests against the production build: builds if needed, then serves copies of the build through the
 * real server program (with the tests' Node flags: ../support/test-server.ts), one per database state
 * (seeded, empty, unreachable; and seeded PostgreSQL when TEST_POSTGRES_URL is set), runs the Playwright tests
 * in Vitest (two streams of files at once), checks the servers' logs, and stops everything.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'

import { buildIfNeeded, logRuleBreaks, serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { PREPARE_PROGRAM } from '../../scripts/lib/launch'
import { freshPostgres, makeSeededTemplate, templateEnv } from '../support/database'
import { e2ePort } from '../support/ports'
import { startTestServer } from '../support/test-server'

/**
 * The test files run in two streams at once: in one stream the machine sat idle more than half of the time
 * (servers starting, pages and mail awaited), so a second stream costs little. Each stream runs its files one
 * at a time. The second holds files that start servers of their own (own ports, own databases) and touch none
 * of the servers started here, about half the run's time; every other file is in the first, one after the
 * other as before, since most of them share those servers (what one stores, another may count). A new file
 * runs in the first unless named here. (mail-restart and newsletter-crash also start their own servers; they
 * run in the first, which evens the two streams out: in a CI run of 2026-11-26 the first took 610 s and the
 * second 472 s with restart, 85 s, in the first; it has moved to the second since, and mail-restart with it
 * when the packages' and the workshops' files joined the first; call-moves joined the second when
 * admin-screens came to run each click-through on one database, about half its time; recovery and
 * booking-race joined it when five more files did the same and the packages' file lost two minutes of waiting,
 * and went back when the crash test's two halves came to run at the same time, 170 s down to about 90.)
 */
const SECOND_STREAM = [
  'mail-restart',
  'admin-screens',
  'call-moves',
  'instances',
  'dev-server',
  'newsletter',
  'meeting-place',
  'restart',
  'time-zones',
  'stripe',
  'workshop-seats',
  'instalments',
].map((name) => `tests/e2e/${name}.e2e.ts`)

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
  const serverUrl = process.env.TEST_POSTGRES_URL
  const started = Date.now()
  // A seeded database of each kind to copy (tests/support/database.ts), made side by side, first: every
  // server below and in the test files that needs a freshly seeded site starts on a copy.
  const [sqliteTemplate, postgresTemplate] = await Promise.all([
    makeSeededTemplate([path.join('.next', PREPARE_PROGRAM)]),
    serverUrl ? makeSeededTemplate([path.join('.next', PREPARE_PROGRAM)], serverUrl) : undefined,
  ])
  cleanups.push(sqliteTemplate.cleanup)
  if (postgresTemplate) cleanups.push(postgresTemplate.cleanup)
  console.log(`Seeded templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const pg = serverUrl ? await freshPostgres(serverUrl, { template: postgresTemplate?.database }) : null
  // Dropped before its template (cleanups run in order).
  if (pg) cleanups.unshift(pg.cleanup)
  // The seeded servers run as behind one proxy (TRUST_PROXY_HOPS=1), so tests can speak for many visitors by
  // setting X-Forwarded-For; the empty one keeps npm start's default (no proxy: the header is not believed).
  const behindProxy = { TRUST_PROXY_HOPS: '1' }
  const starting = await Promise.allSettled([
    startTestServer('e2e-seeded', e2ePort(1), behindProxy, { startFrom: sqliteTemplate.dataDir }),
    startTestServer('e2e-empty', e2ePort(2), { SEED_ON_START: 'false' }),
    // Nothing listens on port 9: the database is unreachable.
    startTestServer('e2e-down', e2ePort(3), { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/unreachable' }),
    pg
      ? startTestServer(
          'e2e-seeded-pg',
          e2ePort(4),
          { ...behindProxy, DATABASE_URL: pg.url },
          { startFrom: postgresTemplate?.dataDir },
        )
      : Promise.resolve(null),
  ])
  // The servers that did start are stopped at the end, also when another one did not.
  for (const s of starting) if (s.status === 'fulfilled' && s.value) sites.push(s.value)
  const failed = starting.find((s) => s.status === 'rejected')
  if (failed) throw failed.reason
  const [seeded, empty, down, seededPg] = starting.map((s) => (s as PromiseFulfilledResult<RunningSite | null>).value)
  if (!seeded || !empty || !down) throw new Error('a server of the run did not start')
  console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const env = {
    ...process.env,
    E2E_SEEDED_URL: seeded.url,
    E2E_SEEDED_DATA_DIR: seeded.dataDir,
    E2E_SEEDED_LOG_FILE: seeded.logFile,
    E2E_SEEDED_PID: String(seeded.pid),
    E2E_EMPTY_URL: empty.url,
    E2E_DOWN_URL: down.url,
    ...(seededPg ? { E2E_SEEDED_PG_URL: seededPg.url } : {}),
    ...templateEnv(sqliteTemplate, postgresTemplate),
  }
  // Arguments after `npm run test:e2e --` go to Vitest, e.g. one file: tests/e2e/admin.e2e.ts. Without any,
  // every file runs, in two streams side by side (see SECOND_STREAM).
  const given = process.argv.slice(2)
  const streams = given.length > 0 ? [given] : allFilesInStreams()
  const codes = await Promise.all(streams.map((files, i) => runVitest(files, env, streams.length > 1 ? i + 1 : 0)))
  exitCode = codes.every((code) => code === 0) ? 0 : 1
  // The servers stopped, and all they wrote is in their log files (stop waits for it).
  const stopped = sites.splice(0)
  await Promise.all(stopped.map((s) => s.stop()))
  // What a visitor or the coach did in the tests must not leave error lines in any server's log.
  for (const site of stopped) {
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

function allFilesInStreams(): string[][] {
  const all = fs
    .readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => `tests/e2e/${f}`)
  return [all.filter((f) => !SECOND_STREAM.includes(f)), SECOND_STREAM.filter((f) => all.includes(f))]
}

/**
 * Runs Vitest on some files and answers its exit code. Not spawnSync: this process must keep copying the
 * servers' output into their log files while the tests run (a blocked pipe would hold each line back until
 * after the checks above, and stall a server once full). With a stream number, each line it prints starts
 * with it.
 */
function runVitest(files: string[], env: NodeJS.ProcessEnv, stream: number): Promise<number> {
  const vitest = spawn(
    process.execPath,
    [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts', ...files],
    { stdio: ['ignore', stream ? 'pipe' : 'inherit', stream ? 'pipe' : 'inherit'], env },
  )
  if (stream) {
    for (const [from, to] of [
      [vitest.stdout, process.stdout],
      [vitest.stderr, process.stderr],
    ] as const) {
      readline.createInterface({ input: from! }).on('line', (line) => to.write(`[${stream}] ${line}\n`))
    }
  }
  return new Promise((resolve) => vitest.on('exit', (code) => resolve(code ?? 1)))
}
