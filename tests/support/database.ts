import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import pg from 'pg'

/** A fresh database for one suite, and how to remove it again. */
export type TestDatabase = { url: string; dataDir?: string; cleanup: () => Promise<void> | void }

/**
 * Makes a suite's fresh database: empty, or (`'migrated'`) a copy of the run's migrated template when there
 * is one (tests/support/migrated-templates.ts), else empty too.
 */
export type DatabaseSetup = (from?: 'empty' | 'migrated') => Promise<TestDatabase>

/**
 * A fresh SQLite file in a temp folder (with its own data dir for uploads and the secret): empty, or a copy
 * of the template's data folder (its `site.db` and files).
 */
export function freshSqlite(template?: SeededTemplate): { url: string; dataDir: string; cleanup: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-test-'))
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true })
  return {
    url: `file:${path.join(dataDir, 'site.db')}`,
    dataDir,
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

/**
 * A fresh PostgreSQL database on the server of TEST_POSTGRES_URL (empty, or a copy of `template`), with its
 * own data dir (uploads, the secret), both removed again by `cleanup`.
 */
export async function freshPostgres(
  serverUrl: string,
  { template }: { template?: string } = {},
): Promise<{ url: string; dataDir: string; cleanup: () => Promise<void> }> {
  const name = `coach_test_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  // With a template: a copy of that database (tests/support/database.ts, makeSeededTemplate).
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-test-'))
  return {
    url: url.toString(),
    dataDir,
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true })
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/**
 * A seeded database to copy, one per kind, made once per browser-test run (tests/e2e/global-setup.ts) by the build's
 * own preparation program (`.next/prepare-database.mjs`, the preparation every server makes as it starts,
 * src/cms/prepare.ts): the servers that need a freshly seeded site start on a copy, whose preparation then
 * finds every migration applied and the seed done, instead of each migrating and seeding its own (about 3 s
 * of CPU a start). A copy holds
 * what a fresh migration and seed give (tests/integration/server/seeded-template.test.ts).
 */
export type SeededTemplate = {
  /** A data folder to copy: `site.db` (SQLite) and the seeded images (`media/`, for both kinds). */
  dataDir: string
  /** PostgreSQL: the database to create copies from (`CREATE DATABASE ... TEMPLATE`). */
  database?: string
}

/** Where the browser tests' global setup tells the test files its templates are. */
const TEMPLATE_ENV = {
  sqliteDir: 'E2E_TEMPLATE_SQLITE_DIR',
  postgresDir: 'E2E_TEMPLATE_POSTGRES_DIR',
  postgresDatabase: 'E2E_TEMPLATE_POSTGRES_DATABASE',
} as const

/**
 * Runs the preparation program on a new data folder (and, with `serverUrl`, a new PostgreSQL database on
 * that server), as a server's start would: answers the seeded template, and how to remove it.
 */
export function makeSeededTemplate(
  program: string[],
  serverUrl?: string,
): Promise<SeededTemplate & { url?: string; cleanup: () => Promise<void> }> {
  return makeTemplate(program, serverUrl, { seed: true })
}

/**
 * As makeSeededTemplate, without the seed (SEED_ON_START=false): every migration applied, nothing else. The
 * unit and integration run makes one per kind (tests/support/migrated-templates.ts) for the suites that
 * start on a migrated, empty database.
 */
export function makeMigratedTemplate(
  program: string[],
  serverUrl?: string,
): Promise<SeededTemplate & { url?: string; cleanup: () => Promise<void> }> {
  return makeTemplate(program, serverUrl, { seed: false })
}

async function makeTemplate(
  program: string[],
  serverUrl: string | undefined,
  { seed }: { seed: boolean },
): Promise<SeededTemplate & { url?: string; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-template-'))
  const pgDb = serverUrl ? await freshPostgres(serverUrl) : undefined
  const removeAll = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    await pgDb?.cleanup()
  }
  const outcome = await prepareDatabaseAsAtStart(program, dataDir, pgDb?.url, { SEED_ON_START: String(seed) })
  if (!outcome.includes(`{"ok":true,"seeded":${seed}`)) {
    await removeAll()
    throw new Error(`The ${seed ? 'seeded' : 'migrated'} template was not made:\n${outcome.slice(-2000)}`)
  }
  if (!pgDb) {
    // All in the one file, to copy: the write-ahead log the program left is written into it (the last
    // connection to close removes the log).
    const db = new DatabaseSync(path.join(dataDir, 'site.db'))
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    db.close()
  }
  return {
    dataDir,
    database: pgDb ? new URL(pgDb.url).pathname.slice(1) : undefined,
    url: pgDb?.url,
    cleanup: removeAll,
  }
}

/**
 * Runs the preparation `program` (node's arguments: the compiled one, or the source through tsx) on a data
 * folder and database as a server's start does; answers what it printed.
 */
export function prepareDatabaseAsAtStart(
  program: string[],
  dataDir: string,
  databaseUrl = '',
  extraEnv: Record<string, string> = {},
): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: 'template-secret',
    ...extraEnv,
  }
  return new Promise<string>((resolve) => {
    const child = spawn(process.execPath, program, { env, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('close', () => resolve(out))
  })
}

/** The environment that names the run's templates to the test files (see seededTemplate). */
export const templateEnv = (sqlite: SeededTemplate, postgres?: SeededTemplate): Record<string, string> => ({
  [TEMPLATE_ENV.sqliteDir]: sqlite.dataDir,
  ...(postgres?.database
    ? { [TEMPLATE_ENV.postgresDir]: postgres.dataDir, [TEMPLATE_ENV.postgresDatabase]: postgres.database }
    : {}),
})

/** The run's template of a kind, as the global setup named it; undefined when it made none. */
export function seededTemplate(kind: 'SQLite' | 'PostgreSQL'): SeededTemplate | undefined {
  const dataDir = process.env[kind === 'SQLite' ? TEMPLATE_ENV.sqliteDir : TEMPLATE_ENV.postgresDir]
  const database = process.env[TEMPLATE_ENV.postgresDatabase]
  if (!dataDir || (kind === 'PostgreSQL' && !database)) return undefined
  return { dataDir, database: kind === 'PostgreSQL' ? database : undefined }
}
