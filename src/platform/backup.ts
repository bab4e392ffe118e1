import fs from 'node:fs'
import path from 'node:path'
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite'

/**
 * Backups of what an embedded install keeps in DATA_DIR: the SQLite database, the uploaded images
 * (`media/`) and the generated secret (`payload-secret`: it signs sessions and derives the unsubscribe links
 * in every newsletter mail sent, so a restore without it would break them). A backup is a folder:
 *   manifest.json   what it holds and when it was taken
 *   site.db         a consistent copy made with SQLite's online backup API while the site keeps serving
 *   media/          the images (content-named and never changed in place, so a plain copy is consistent)
 *   payload-secret  when the install generated one (absent when PAYLOAD_SECRET is set in the environment)
 * The folder is readable by its owner only. PostgreSQL installs back up their database with pg_dump (see
 * the README); the images and the secret still come from here.
 */
export type Manifest = {
  format: 1
  createdAt: string
  database: 'sqlite' | 'postgres'
  images: number
  secret: boolean
}

const MANIFEST = 'manifest.json'
const DB_FILE = 'site.db'

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0

/**
 * Throws unless the file is a sound SQLite database. `settle` also makes a fresh copy one self-contained
 * file (rollback journal, not WAL), so nothing is left beside it.
 */
function checkIntegrity(dbFile: string, settle = false): void {
  const db = new DatabaseSync(dbFile, { readOnly: !settle })
  try {
    if (settle) db.exec('PRAGMA journal_mode = DELETE')
    const row = db.prepare('PRAGMA integrity_check').get() as { integrity_check?: string } | undefined
    if (row?.integrity_check !== 'ok') throw new Error(`${dbFile} is damaged: ${row?.integrity_check ?? 'no answer'}`)
  } finally {
    db.close()
  }
}

/** Writes a backup of `dataDir` (and of the SQLite file `dbFile`, when the install uses SQLite) into `target`. */
export async function writeBackup(opts: { dataDir: string; dbFile: string | null; target: string }): Promise<Manifest> {
  const { dataDir, dbFile, target } = opts
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty.`)
  fs.mkdirSync(target, { recursive: true, mode: 0o700 })
  fs.chmodSync(target, 0o700)
  if (dbFile) {
    if (!fs.existsSync(dbFile)) throw new Error(`There is no database at ${dbFile}.`)
    const source = new DatabaseSync(dbFile, { readOnly: true })
    try {
      await sqliteBackup(source, path.join(target, DB_FILE))
    } finally {
      source.close()
    }
    fs.chmodSync(path.join(target, DB_FILE), 0o600)
    checkIntegrity(path.join(target, DB_FILE), true)
  }
  const media = path.join(dataDir, 'media')
  if (fs.existsSync(media)) fs.cpSync(media, path.join(target, 'media'), { recursive: true })
  const secret = path.join(dataDir, 'payload-secret')
  const hasSecret = fs.existsSync(secret)
  if (hasSecret) fs.copyFileSync(secret, path.join(target, 'payload-secret'))
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: dbFile ? 'sqlite' : 'postgres',
    images: countFiles(path.join(target, 'media')),
    secret: hasSecret,
  }
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  return manifest
}

/**
 * Puts a backup back into `dataDir` (and `dbFile`), with the site stopped. Nothing is lost: what is replaced
 * (database with its journal files, images, secret) is first moved into `dataDir/before-restore-<time>/`.
 * The backup is checked before anything is touched. Returns where the replaced files went.
 */
export function restoreBackup(opts: { dataDir: string; dbFile: string | null; source: string }): {
  manifest: Manifest
  keptIn: string
} {
  const { dataDir, dbFile, source } = opts
  const manifestFile = path.join(source, MANIFEST)
  if (!fs.existsSync(manifestFile)) throw new Error(`${source} is not a backup (it has no ${MANIFEST}).`)
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
  if (manifest.format !== 1) throw new Error(`${source}: unknown backup format ${String(manifest.format)}.`)
  if (manifest.database === 'sqlite') {
    if (!dbFile) throw new Error('This backup holds a SQLite database, but DATABASE_URL points to PostgreSQL.')
    checkIntegrity(path.join(source, DB_FILE))
  }

  const keptIn = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  fs.mkdirSync(keptIn, { recursive: true, mode: 0o700 })
  const keep = (file: string) => {
    if (fs.existsSync(file)) fs.renameSync(file, path.join(keptIn, path.basename(file)))
  }

  if (manifest.database === 'sqlite' && dbFile) {
    // The journal files belong to the database they sit beside: they go with it.
    for (const suffix of ['', '-wal', '-shm', '-journal']) keep(`${dbFile}${suffix}`)
    const incoming = `${dbFile}.restoring`
    fs.copyFileSync(path.join(source, DB_FILE), incoming)
    fs.renameSync(incoming, dbFile)
  }
  keep(path.join(dataDir, 'media'))
  if (fs.existsSync(path.join(source, 'media'))) {
    fs.cpSync(path.join(source, 'media'), path.join(dataDir, 'media'), { recursive: true })
  }
  if (manifest.secret) {
    keep(path.join(dataDir, 'payload-secret'))
    fs.copyFileSync(path.join(source, 'payload-secret'), path.join(dataDir, 'payload-secret'))
    fs.chmodSync(path.join(dataDir, 'payload-secret'), 0o600)
  }
  return { manifest, keptIn }
}
