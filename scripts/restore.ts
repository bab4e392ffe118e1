/**
 * `npm run restore -- <folder>`: puts a backup written by `npm run backup` back, with the site stopped.
 * What it replaces is kept in DATA_DIR/before-restore-<date and time>/, so nothing is lost; the next
 * `npm start` migrates the restored database if it is older than the code.
 */
import path from 'node:path'

import { databaseKind, sqliteUrl } from '../src/cms/database-url'
import { restoreBackup } from '../src/platform/backup'
import { dataDir } from '../src/platform/data-dir'

const source = process.argv[2]
if (!source) {
  console.error('Say which backup to restore: npm run restore -- backups/<folder>')
  process.exit(1)
}
try {
  const { manifest, keptIn } = restoreBackup({
    dataDir: dataDir(),
    dbFile: databaseKind() === 'postgres' ? null : sqliteUrl().slice('file:'.length),
    source: path.resolve(source),
  })
  console.log(`Restored the backup of ${manifest.createdAt} (${manifest.images} image files).`)
  console.log(`What it replaced is kept in ${keptIn}.`)
  if (manifest.database === 'postgres') {
    console.log(
      'Restore the PostgreSQL database with: pg_restore --clean --if-exists --dbname="$DATABASE_URL" site.dump',
    )
  }
  console.log('Start the site again: npm start')
} catch (error) {
  console.error(`Nothing was restored: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
