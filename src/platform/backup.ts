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
 *
 * Only regular files and folders are copied, either way, and never through a symbolic link: a link in
 * `media/` (`evil.webp -> ../payload-secret`) or a backup's `site.db -> /etc/shadow` would otherwise copy
 * whatever it points at into a backup or into DATA_DIR. Such a folder is refused, naming the file, before
 * anything is written. The site never makes a link there (Payload writes uploads as plain files), so a
 * normal install has none to lose.
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

/** The entry itself, not what a link points at; null when there is none. */
const entryAt = (file: string): fs.Stats | null => fs.lstatSync(file, { throwIfNoEntry: false }) ?? null

const refusal = (name: string, stats: fs.Stats): Error =>
  new Error(
    stats.isSymbolicLink()
      ? `${name} is a symbolic link; a backup holds only the files themselves.`
      : `${name} is not a regular file or folder.`,
  )

/**
 * The folders and files under `root`/`sub` as paths relative to `root` (each folder before what it holds),
 * read without following anything: a symbolic link (or a device, a pipe...) anywhere in it is refused.
 */
function plainTree(root: string, sub: string): { dirs: string[]; files: string[] } {
  const dirs: string[] = []
  const files: string[] = []
  const walk = (rel: string) => {
    // Entry types come from the directory itself (lstat where the file system does not say): no link is followed.
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name)
      if (entry.isDirectory()) {
        dirs.push(child)
        walk(child)
      } else if (entry.isFile()) files.push(child)
      else throw refusal(child, fs.lstatSync(path.join(root, child)))
    }
  }
  const top = entryAt(path.join(root, sub))
  if (!top) return { dirs, files }
  if (sub && !top.isDirectory()) throw refusal(sub, top)
  if (sub) dirs.push(sub)
  walk(sub)
  return { dirs, files }
}

/** Throws unless `root`/`name` is a regular file (not a link to one); false when there is none. */
function plainFile(root: string, name: string): boolean {
  const stats = entryAt(path.join(root, name))
  if (stats && !stats.isFile()) throw refusal(name, stats)
  return stats !== null
}

const COPY_CHUNK = 1024 * 1024

/**
 * Copies one regular file, keeping its mode. Opened with O_NOFOLLOW at both ends, so a file swapped for a
 * link after the check above is refused rather than followed, and never written over (O_EXCL).
 */
function copyPlainFile(from: string, to: string, name: string): void {
  let source: number
  try {
    source = fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw refusal(name, fs.lstatSync(from))
    throw error
  }
  try {
    const stats = fs.fstatSync(source)
    if (!stats.isFile()) throw refusal(name, stats)
    const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants
    const target = fs.openSync(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, stats.mode & 0o777)
    try {
      const buffer = Buffer.allocUnsafe(COPY_CHUNK)
      for (let read; (read = fs.readSync(source, buffer, 0, COPY_CHUNK, null)) > 0;) {
        for (let written = 0; written < read;) written += fs.writeSync(target, buffer, written, read - written)
      }
    } finally {
      fs.closeSync(target)
    }
  } finally {
    fs.closeSync(source)
  }
}

/** Copies a tree listed by `plainTree` from one root to another. */
function copyPlainTree(tree: { dirs: string[]; files: string[] }, from: string, to: string): void {
  for (const dir of tree.dirs) fs.mkdirSync(path.join(to, dir))
  for (const file of tree.files) copyPlainFile(path.join(from, file), path.join(to, file), file)
}

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
  const existing = entryAt(target)
  if (existing?.isSymbolicLink()) throw new Error(`${target} is a symbolic link; name a folder of its own.`)
  if (existing && fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty.`)
  if (dbFile && !fs.existsSync(dbFile)) throw new Error(`There is no database at ${dbFile}.`)
  // Everything is checked before the backup folder is made: a refused backup leaves nothing behind.
  const media = plainTree(dataDir, 'media')
  const hasSecret = plainFile(dataDir, 'payload-secret')
  fs.mkdirSync(target, { recursive: true, mode: 0o700 })
  fs.chmodSync(target, 0o700)
  if (dbFile) {
    const source = new DatabaseSync(dbFile, { readOnly: true })
    try {
      await sqliteBackup(source, path.join(target, DB_FILE))
    } finally {
      source.close()
    }
    fs.chmodSync(path.join(target, DB_FILE), 0o600)
    checkIntegrity(path.join(target, DB_FILE), true)
  }
  copyPlainTree(media, dataDir, target)
  if (hasSecret)
    copyPlainFile(path.join(dataDir, 'payload-secret'), path.join(target, 'payload-secret'), 'payload-secret')
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: dbFile ? 'sqlite' : 'postgres',
    images: media.files.length,
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
  // Every entry of the backup is checked, without following any, before anything is read or moved.
  if (entryAt(source)?.isSymbolicLink()) throw new Error(`${source} is a symbolic link; name the backup folder itself.`)
  if (!entryAt(path.join(source, MANIFEST))) throw new Error(`${source} is not a backup (it has no ${MANIFEST}).`)
  let media: ReturnType<typeof plainTree>
  try {
    plainTree(source, '')
    media = plainTree(source, 'media')
  } catch (error) {
    throw new Error(`${source}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const manifestFile = path.join(source, MANIFEST)
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
  if (manifest.format !== 1) throw new Error(`${source}: unknown backup format ${String(manifest.format)}.`)
  if (manifest.database === 'sqlite') {
    if (!dbFile) throw new Error('This backup holds a SQLite database, but DATABASE_URL points to PostgreSQL.')
    if (!plainFile(source, DB_FILE)) throw new Error(`${source}: it has no ${DB_FILE}.`)
    checkIntegrity(path.join(source, DB_FILE))
  }
  if (manifest.secret && !plainFile(source, 'payload-secret')) throw new Error(`${source}: it has no payload-secret.`)

  const keptIn = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  fs.mkdirSync(keptIn, { recursive: true, mode: 0o700 })
  // A link in DATA_DIR is moved aside as the link it is (rename never follows one), like any file.
  const keep = (file: string) => {
    if (entryAt(file)) fs.renameSync(file, path.join(keptIn, path.basename(file)))
  }

  if (manifest.database === 'sqlite' && dbFile) {
    // The journal files belong to the database they sit beside: they go with it.
    for (const suffix of ['', '-wal', '-shm', '-journal']) keep(`${dbFile}${suffix}`)
    const incoming = `${dbFile}.restoring`
    // A leftover of an interrupted restore (or a link planted under that name) goes first: the copy never
    // writes through an existing name.
    fs.rmSync(incoming, { force: true })
    copyPlainFile(path.join(source, DB_FILE), incoming, DB_FILE)
    fs.renameSync(incoming, dbFile)
  }
  keep(path.join(dataDir, 'media'))
  copyPlainTree(media, source, dataDir)
  if (manifest.secret) {
    keep(path.join(dataDir, 'payload-secret'))
    copyPlainFile(path.join(source, 'payload-secret'), path.join(dataDir, 'payload-secret'), 'payload-secret')
    fs.chmodSync(path.join(dataDir, 'payload-secret'), 0o600)
  }
  return { manifest, keptIn }
}
