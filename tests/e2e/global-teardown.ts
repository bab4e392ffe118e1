/** After the browser tests: the seeded templates of global-setup.ts removed (the PostgreSQL one dropped). */
import fs from 'node:fs'

import pg from 'pg'

import { seededTemplate } from '../support/database'

export default async function globalTeardown(): Promise<void> {
  const sqlite = seededTemplate('SQLite')
  const postgres = seededTemplate('PostgreSQL')
  for (const template of [sqlite, postgres]) if (template) fs.rmSync(template.dataDir, { recursive: true, force: true })
  const serverUrl = process.env.TEST_POSTGRES_URL
  if (postgres?.database && serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${postgres.database} WITH (FORCE)`)
    await admin.end()
  }
}
