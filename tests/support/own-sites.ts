import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'

import type { RunningSite } from '../../scripts/lib/server'
import { launchBrowser } from './browser'
import { freshPostgres, seededTemplate } from './database'
import { startedLater } from './started-later'
import { startTestServer } from './test-server'

/** The databases a file's own sites run on: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set. */
export const DATABASES: string[] = ['SQLite', ...(process.env.TEST_POSTGRES_URL ? ['PostgreSQL'] : [])]

/**
 * A port nothing listens on now, from the system (as `listen(0)` picks one): files whose servers run in the
 * two streams at once never ask for the same port, as two hand-picked numbers once did.
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
const STARTING_MS = Math.max(150_000, Number(process.env.E2E_START_TIMEOUT_MS || 0) + 30_000)

/**
 * The database of a seeded site of a test file's own on `database` (SQLite or PostgreSQL), for
 * startTestServer: a copy of the run's seeded template when tests/e2e/run.ts made one (else empty: the server
 * migrates and seeds it). Answers the server's environment, the data folder it starts from, and how to drop
 * the database again.
 */
export async function seededDatabase(
  database: string,
): Promise<{ env: Record<string, string>; startFrom?: string; cleanup: () => Promise<void> }> {
  if (database !== 'PostgreSQL')
    return { env: {}, startFrom: seededTemplate('SQLite')?.dataDir, cleanup: async () => {} }
  const template = seededTemplate('PostgreSQL')
  const pg = await freshPostgres(process.env.TEST_POSTGRES_URL!, { template: template?.database })
  return { env: { DATABASE_URL: pg.url }, startFrom: template?.dataDir, cleanup: pg.cleanup }
}

/**
 * A file whose click-throughs run on one database (`on`, or SQLite without PostgreSQL): its screens are the
 * same React on both, and every outcome it stores is proven on both by the integration suites `provenBy`
 * names (`booking` is tests/integration/booking/booking-suite.ts). The files take turns, so each database gets
 * its share of the screens, and one site is started instead of two (as admin-screens does per test).
 */
export type OneDatabase = { on: 'SQLite' | 'PostgreSQL'; provenBy: string[] }

function oneDatabase({ on, provenBy }: OneDatabase): string[] {
  const suite = (name: string) => path.resolve(import.meta.dirname, '../integration', `${name}-suite.ts`)
  const missing = provenBy.filter((name) => !fs.existsSync(suite(name)))
  if (provenBy.length === 0 || missing.length > 0)
    throw new Error(`Name the integration suites that prove this file on both databases (not found: ${missing})`)
  return [DATABASES.includes(on) ? on : 'SQLite']
}

/**
 * Seeded sites of a test file's own, one per database under test (or on one, `only`), started side by side with Chromium before
 * the file's tests and stopped (their PostgreSQL databases dropped) after them. For a file whose tests change
 * what the shared seeded servers offer other files while they run (settings, open times, mail). Call it at
 * the file's top level; `site(database)` and `browser()` are ready inside the tests.
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

  beforeAll(async () => {
    const start = async (database: string) => {
      const seeded = await seededDatabase(database)
      cleanups.push(seeded.cleanup)
      const own = { ...env, ...seeded.env }
      sites.set(
        database,
        await startTestServer(`e2e-${name}-${database}`, await freePort(), own, { startFrom: seeded.startFrom }),
      )
    }
    ;[browser] = await Promise.all([launchBrowser(), ...databases.map(start)])
  }, STARTING_MS)

  afterAll(async () => {
    await browser?.close()
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
