/**
 * `npm run backup [-- <folder>]`: a consistent copy of the site's data while it keeps serving: the SQLite
 * database (SQLite's online backup API), the uploaded images and the generated secret, into <folder>
 * (default backups/<date and time>). With PostgreSQL, the images and secret only: the database itself is
 * backed up with pg_dump (see the README). Put one back with `npm run restore -- <folder>`.
 */
import path from 'node:path'

import { databaseKind, sqliteUrl } from '../src/cms/database-url'
import { writeBackup } from '../src/platform/backup'
import { dataDir } from '../src/platform/data-dir'

const stamp = new Date()
  .toISOString()
  .replace(/[:.]/g, '-')
  .replace(/-\d{3}Z$/, 'Z')
const target = path.resolve(process.argv[2] ?? path.join('backups', stamp))
const postgres = databaseKind() === 'postgres'
try {
  const manifest = await writeBackup({
    dataDir: dataDir(),
    dbFile: postgres ? null : sqliteUrl().slice('file:'.length),
    target,
  })
  console.log(
    `Backup written to ${target}: ${postgres ? 'no database (PostgreSQL)' : 'the database'}, ${manifest.images} image files` +
      `${manifest.secret ? ', the secret' : ''}. Readable by you only.`,
  )
  if (postgres) {
    console.log('Back up the PostgreSQL database with: pg_dump --format=custom --file=site.dump "$DATABASE_URL"')
  }
} catch (error) {
  console.error(`No backup written: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
