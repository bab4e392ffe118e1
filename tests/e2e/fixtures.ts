/**
 * The browser tests' shared servers, as Playwright worker fixtures: each worker starts a server the first time
 * one of its tests asks for it (a seeded SQLite site, a seeded PostgreSQL site, an empty one, one whose
 * database is unreachable), keeps it for every file it runs, and stops it when the worker ends. Then the
 * server's log must hold no error line and no line against the log's rules (src/platform/log.ts): what a
 * visitor or the coach did in the tests must not leave either. Each worker has its own servers, so no file
 * sees what a file of another worker stored; a file that changes a setting puts it back after.
 *
 * The seeded servers run as behind one proxy (TRUST_PROXY_HOPS=1), so tests can speak for many visitors by
 * setting X-Forwarded-For; the empty one keeps npm start's default (no proxy: the header is not believed).
 */
import { test as base, expect } from '@playwright/test'

import { logRuleBreaks, serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { seededDatabase, freePort, postgresServer, STARTING_MS } from '../support/own-sites'
import { startTestServer } from '../support/test-server'
import { workerSites } from '../support/worker-sites'

export { expect }

/** The shared servers a worker may start. */
export type SharedKind = 'seeded' | 'seededPg' | 'empty' | 'down'

type SharedSites = {
  /** The worker's shared servers, each started the first time it is asked for (`get`). */
  sharedSites: { get: (kind: SharedKind) => Promise<RunningSite> }
  /** The seeded site on SQLite. */
  seeded: RunningSite
  /** The seeded site on PostgreSQL: fails the test without TEST_POSTGRES_URL. */
  seededPg: RunningSite
  /** A site with an empty database (no seed, no account). */
  empty: RunningSite
  /** A site whose database is unreachable (nothing listens on port 9). */
  down: RunningSite
}

/** The seeded site's kind on each database under test: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set. */
export const SEEDED_KINDS: [string, SharedKind][] = [
  ['SQLite', 'seeded'],
  ...(process.env.TEST_POSTGRES_URL ? [['PostgreSQL', 'seededPg'] as [string, SharedKind]] : []),
]

const behindProxy = { TRUST_PROXY_HOPS: '1' }

/** How each shared server starts (`name` keeps the worker's build copies apart). */
const START: Record<SharedKind, (name: string) => Promise<RunningSite>> = {
  seeded: async (name) => {
    const { startFrom } = await seededDatabase('SQLite')
    // The secret the hostile-input file signs links with, whatever the worker.
    return startTestServer(
      name,
      await freePort(),
      { ...behindProxy, PAYLOAD_SECRET: 'e2e-seeded-secret' },
      { startFrom },
    )
  },
  seededPg: async (name) => {
    postgresServer()
    const database = await seededDatabase('PostgreSQL')
    const site = await startTestServer(
      name,
      await freePort(),
      { ...behindProxy, ...database.env },
      {
        startFrom: database.startFrom,
      },
    ).catch(async (error: unknown) => {
      await database.cleanup()
      throw error
    })
    // The database is dropped once the server has stopped.
    return { ...site, stop: async () => site.stop().finally(database.cleanup) }
  },
  empty: async (name) => startTestServer(name, await freePort(), { SEED_ON_START: 'false' }),
  down: async (name) =>
    startTestServer(name, await freePort(), { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/unreachable' }),
}

/** The error lines a server writes on purpose: the server whose database is unreachable reports that. */
const EXPECTED_ERRORS: Partial<Record<SharedKind, RegExp>> = {
  down: /cannot connect to Postgres|connect ECONNREFUSED/,
}

/** A fixture for one shared server: started (once per worker) when a test or hook asks for it. */
const one = (
  kind: SharedKind,
): [
  (fixtures: { sharedSites: SharedSites['sharedSites'] }, use: (site: RunningSite) => Promise<void>) => Promise<void>,
  { scope: 'worker'; timeout: number },
] => [async ({ sharedSites }, use) => use(await sharedSites.get(kind)), { scope: 'worker', timeout: STARTING_MS }]

export const test = base.extend<object, SharedSites>({
  sharedSites: [
    async ({}, use, { workerIndex }) => {
      const started = new Map<SharedKind, Promise<RunningSite>>()
      await use({
        get: (kind) => {
          if (!started.has(kind)) {
            const starting = START[kind](`e2e-${kind}-w${workerIndex}`)
            started.set(kind, starting)
            void starting.then((site) => (workerSites[kind] = site)).catch(() => {})
          }
          return started.get(kind)!
        },
      })
      // After the worker's last test: each server stopped (all it wrote is in its log file then), and its log
      // checked. What a visitor or the coach did in the tests must leave no error line, and every line is JSON
      // holding no e-mail or IP address, after all the forms the tests sent.
      const problems: string[] = []
      for (const [kind, starting] of started) {
        const site = await starting.catch(() => undefined)
        if (!site) continue
        delete workerSites[kind]
        await site.stop()
        const errors = serverErrorLines(site.logFile, EXPECTED_ERRORS[kind])
        if (errors.length) problems.push(`Error lines in the log of the ${kind} site (${site.logFile}):`, ...errors)
        const breaks = logRuleBreaks(site.logFile)
        if (breaks.length) problems.push(`Lines against the log's rules in ${site.logFile}:`, ...breaks.slice(0, 20))
      }
      expect(problems).toEqual([])
    },
    { scope: 'worker', timeout: STARTING_MS },
  ],
  seeded: one('seeded'),
  seededPg: one('seededPg'),
  empty: one('empty'),
  down: one('down'),
})
