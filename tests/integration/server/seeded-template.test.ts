/**
 * The browser tests start their seeded sites on copies of one seeded database per kind (tests/e2e/global-setup.ts,
 * tests/support/database.ts): a copy must be what a fresh migration and seed give, and a server starting on
 * it must find nothing left to migrate or seed. The template here is made by the preparation's source (the
 * build compiles the same file into the program the global setup uses; this suite runs beside the build, not after it).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { freshPostgres, makeSeededTemplate, prepareDatabaseAsAtStart } from '../../support/database'

const PREPARE = ['--import', 'tsx', 'scripts/prepare-database.ts']
const serverUrl = process.env.TEST_POSTGRES_URL

/** What a database holds, to compare: each table's columns and indexes, and its number of rows. */
type Shape = { schema: string[]; rows: Record<string, number>; migrations: string[] }

function sqliteShape(file: string): Shape {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const schema = (
      db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").all() as {
        type: string
        name: string
        sql: string | null
      }[]
    ).map((r) => `${r.type} ${r.name}: ${r.sql}`)
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string
      }[]
    ).map((r) => r.name)
    const rows = Object.fromEntries(
      tables.map((t) => [t, Number((db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n)]),
    )
    const migrations = (
      db.prepare('SELECT name FROM payload_migrations ORDER BY name').all() as { name: string }[]
    ).map((r) => r.name)
    return { schema: schema.sort(), rows, migrations }
  } finally {
    db.close()
  }
}

async function postgresShape(url: string): Promise<Shape> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const columns = await client.query<{ line: string }>(
      `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS line
       FROM information_schema.columns WHERE table_schema = 'public'`,
    )
    const indexes = await client.query<{ line: string }>(
      `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
    )
    const tables = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )
    const rows: Record<string, number> = {}
    for (const { name } of tables.rows) {
      rows[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`)).rows[0]!.n)
    }
    const migrations = (
      await client.query<{ name: string }>('SELECT name FROM payload_migrations ORDER BY name')
    ).rows.map((r) => r.name)
    return { schema: [...columns.rows, ...indexes.rows].map((r) => r.line).sort(), rows, migrations }
  } finally {
    await client.end()
  }
}

const mediaOf = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'media')).sort()

describe('a copy of the seeded template', () => {
  it('on SQLite: the same tables, indexes, rows and images as a fresh migration and seed; nothing left to do at start', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-template-copy-'))
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-template-fresh-'))
    const [template, freshOutcome] = await Promise.all([
      makeSeededTemplate(PREPARE),
      prepareDatabaseAsAtStart(PREPARE, fresh),
    ])
    try {
      expect(freshOutcome).toContain('{"ok":true,"seeded":true')
      // As startBuildCopy's startFrom does; then the server's start prepares it.
      fs.cpSync(template.dataDir, copy, { recursive: true })
      expect(await prepareDatabaseAsAtStart(PREPARE, copy)).toContain('{"ok":true,"seeded":false')
      const freshShape = sqliteShape(path.join(fresh, 'site.db'))
      expect(freshShape.rows['testimonials']).toBe(6)
      expect(sqliteShape(path.join(copy, 'site.db'))).toEqual(freshShape)
      expect(mediaOf(copy)).toEqual(mediaOf(fresh))
      // The images of the 6 blog posts and the 3 book covers, each stored with its 'card' size.
      expect(mediaOf(copy)).toHaveLength((6 + 3) * 2)
    } finally {
      for (const dir of [copy, fresh]) fs.rmSync(dir, { recursive: true, force: true })
      await template.cleanup()
    }
  }, 300_000)

  it.runIf(serverUrl)(
    'on PostgreSQL: the same tables, indexes, rows and images as a fresh migration and seed; nothing left to do at start',
    async () => {
      const fresh = await freshPostgres(serverUrl!)
      const [template, freshOutcome] = await Promise.all([
        makeSeededTemplate(PREPARE, serverUrl),
        prepareDatabaseAsAtStart(PREPARE, fresh.dataDir, fresh.url),
      ])
      const copy = await freshPostgres(serverUrl!, { template: template.database })
      try {
        expect(freshOutcome).toContain('{"ok":true,"seeded":true')
        fs.cpSync(template.dataDir, copy.dataDir, { recursive: true })
        expect(await prepareDatabaseAsAtStart(PREPARE, copy.dataDir, copy.url)).toContain('{"ok":true,"seeded":false')
        const freshShape = await postgresShape(fresh.url)
        expect(freshShape.rows['testimonials']).toBe(6)
        expect(await postgresShape(copy.url)).toEqual(freshShape)
        expect(mediaOf(copy.dataDir)).toEqual(mediaOf(fresh.dataDir))
        expect(mediaOf(copy.dataDir)).toHaveLength((6 + 3) * 2)
      } finally {
        for (const db of [copy, fresh, template]) await db.cleanup()
      }
    },
    300_000,
  )
})
