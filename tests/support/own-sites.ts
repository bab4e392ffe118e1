import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { test } from '@playwright/test'
import type { Browser } from 'playwright-core'

import type { RunningSite } from '../../scripts/lib/server'
import { freshPostgres, seededTemplate } from './database'
import { startedLater } from './started-later'
import { startTestServer } from './test-server'

/** The databases a file's own sites run on: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set. */
export const DATABASES: string[] = ['SQLite', ...(process.env.TEST_POSTGRES_URL ? ['PostgreSQL'] : [])]

/**
 * A port nothing listens on now, from the system (as `listen(0)` picks one): servers of the runner's workers,
 * started at the same time, never ask for the same port, as two hand-picked numbers once did.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** How long starting a file's sites may take: as long as a start may (E2E_START_TIMEOUT_MS on a busy machine). */
export const STARTING_MS = Math.max(150_000, Number(process.env.E2E_START_TIMEOUT_MS || 0) + 30_000)

/**
 * The server of TEST_POSTGRES_URL, for a test that asks for PostgreSQL: without it the test fails and says
 * so, rather than quietly running on SQLite and passing for the wrong reason.
 */
export function postgresServer(): string {
  const serverUrl = process.env.TEST_POSTGRES_URL
  if (!serverUrl)
    throw new Error(
      'This test runs on PostgreSQL: set TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    )
  return serverUrl
}

/**
 * The database of a seeded site of a test file's own on `database` (SQLite or PostgreSQL), for
 * startTestServer: a copy of the run's seeded template when the run's global setup made one (else empty: the server
 * migrates and seeds it). Answers the server's environment, the data folder it starts from, and how to drop
 * the database again.
 */
export async function seededDatabase(
  database: string,
): Promise<{ env: Record<string, string>; startFrom?: string; cleanup: () => Promise<void> }> {
  if (database !== 'PostgreSQL')
    return { env: {}, startFrom: seededTemplate('SQLite')?.dataDir, cleanup: async () => {} }
  const template = seededTemplate('PostgreSQL')
  const pg = await freshPostgres(postgresServer(), { template: template?.database })
  return { env: { DATABASE_URL: pg.url }, startFrom: template?.dataDir, cleanup: pg.cleanup }
}

/**
 * A file whose click-throughs run on one database (`on`, or SQLite without PostgreSQL): its screens are the
 * same React on both, and every outcome it stores is proven on both by the integration suites `provenBy`
 * names (`booking` is tests/integration/booking/booking-suite.ts): one site is started instead of two, and
 * each screen is clicked once. PostgreSQL asked for without TEST_POSTGRES_URL fails loudly.
 */
export type OneDatabase = { on: 'SQLite' | 'PostgreSQL'; provenBy: string[] }

/**
 * For a file that clicks its screens on one database (the worker's seeded SQLite site): the integration
 * suites that prove what it stores on both (`booking/booking` is tests/integration/booking/booking-suite.ts).
 * A name that is no suite fails the file as it loads.
 */
export function provenOnBothBy(provenBy: string[]): void {
  const suite = (name: string) => path.resolve(import.meta.dirname, '../integration', `${name}-suite.ts`)
  const missing = provenBy.filter((name) => !fs.existsSync(suite(name)))
  if (provenBy.length === 0 || missing.length > 0)
    throw new Error(`Name the integration suites that prove this file on both databases (not found: ${missing})`)
}

function oneDatabase({ on, provenBy }: OneDatabase): string[] {
  provenOnBothBy(provenBy)
  if (on === 'PostgreSQL') postgresServer()
  return [on]
}

/**
 * Seeded sites of a test file's own, one per database under test (or on one, `only`), started side by side
 * before the file's tests and stopped (their PostgreSQL databases dropped) after them; `browser()` is the
 * worker's browser (Playwright's fixture). For a file whose tests change what a seeded server offers while
 * they run (settings, open times, mail). Call it at the file's top level; `site(database)` and `browser()`
 * are ready inside the tests.
 */
export function sitesOfThisFile(
  name: string,
  env: Record<string, string> = {},
  only?: OneDatabase,
): {
  /** The databases the file's sites run on: DATABASES, or the one `only` names. */
  databases: string[]
  site: (database: string) => RunningSite
  /** The site on `database`, to hold from before it has started (in a describe block). */
  siteOn: (database: string) => RunningSite
  browser: () => Browser
} {
  const databases = only ? oneDatabase(only) : DATABASES
  const sites = new Map<string, RunningSite>()
  const cleanups: (() => Promise<void>)[] = []
  let browser: Browser | undefined

  test.beforeAll(async ({ browser: given }) => {
    test.setTimeout(STARTING_MS)
    browser = given
    const start = async (database: string) => {
      const seeded = await seededDatabase(database)
      cleanups.push(seeded.cleanup)
      const own = { ...env, ...seeded.env }
      sites.set(
        database,
        await startTestServer(`e2e-${name}-${database}`, await freePort(), own, { startFrom: seeded.startFrom }),
      )
    }
    await Promise.all(databases.map(start))
  })

  test.afterAll(async () => {
    for (const site of sites.values()) await site.stop()
    for (const cleanup of cleanups) await cleanup()
  })

  const siteOf = (database: string) => {
    const started = sites.get(database)
    if (!started) throw new Error(`No site of this file's on ${database}: did beforeAll fail?`)
    return started
  }
  return {
    databases,
    site: siteOf,
    siteOn: (database) => startedLater(() => siteOf(database)),
    browser: () => {
      if (!browser) throw new Error('No browser: did beforeAll fail?')
      return browser
    },
  }
}
