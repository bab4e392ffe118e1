import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

/** A fresh database for one suite, and how to remove it again. */
export type TestDatabase = { url: string; dataDir?: string; cleanup: () => Promise<void> | void }

/** A fresh, empty SQLite file in a temp folder (with its own data dir for uploads and the secret). */
export function freshSqlite(): { url: string; dataDir: string; cleanup: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-test-'))
  return {
    url: `file:${path.join(dataDir, 'site.db')}`,
    dataDir,
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

/**
 * A fresh PostgreSQL database on the server of TEST_POSTGRES_URL, with its own data dir (uploads, the
 * secret), both removed again by `cleanup`.
 */
export async function freshPostgres(
  serverUrl: string,
): Promise<{ url: string; dataDir: string; cleanup: () => Promise<void> }> {
  const name = `coach_test_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
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
