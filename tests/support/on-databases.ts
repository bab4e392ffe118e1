import fs from 'node:fs'

import { describe, inject, it } from 'vitest'

import { freshPostgres, freshSqlite, type DatabaseSetup, type SeededTemplate } from './database'

/**
 * The run's migrated template of a kind (tests/support/migrated-templates.ts, Vitest's global setup, which
 * must not load Vitest's test API itself); undefined when the run made none, e.g. PostgreSQL without a server.
 */
function migratedTemplate(kind: 'SQLite' | 'PostgreSQL'): SeededTemplate | undefined {
  return inject('migratedTemplates')?.[kind]
}

/**
 * A feature's integration suite: its tests on the database `setup` makes, `label` naming that database in
 * the titles. Each runner file runs one suite on one database, with a Payload of its own (Payload keeps one
 * instance per process, bound to one database; tests/support/one-app-per-file.ts resets the process between
 * files): `<feature>.sqlite.test.ts` and `<feature>.postgres.test.ts`.
 */
export type DatabaseSuite = (label: 'SQLite' | 'PostgreSQL', setup: DatabaseSetup) => void

/** The suite on a fresh SQLite file (a copy of the run's migrated one when asked: DatabaseSetup). */
export function onSqlite(suite: DatabaseSuite): void {
  suite('SQLite', async (from) => freshSqlite(from === 'migrated' ? migratedTemplate('SQLite') : undefined))
}

/**
 * The suite on a fresh PostgreSQL database on the server of TEST_POSTGRES_URL (a copy of the run's migrated
 * one when asked: DatabaseSetup); without it, one skipped test
 * under `${title} on PostgreSQL` that says why.
 */
export function onPostgres(title: string, suite: DatabaseSuite): void {
  const serverUrl = process.env.TEST_POSTGRES_URL
  if (serverUrl) {
    suite('PostgreSQL', async (from) => {
      const template = from === 'migrated' ? migratedTemplate('PostgreSQL') : undefined
      const db = await freshPostgres(serverUrl, { template: template?.database })
      if (template) fs.cpSync(template.dataDir, db.dataDir, { recursive: true })
      return db
    })
  } else {
    describe(`${title} on PostgreSQL`, () => {
      it.skip('needs TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); .ci/run sets it', () => {})
    })
  }
}
