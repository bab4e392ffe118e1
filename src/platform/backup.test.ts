import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import { afterEach, describe, expect, it } from 'vitest'

import { restoreBackup, writeBackup } from './backup'

const dirs: string[] = []
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `coach-${name}-`))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A data folder as `npm start` leaves it: a WAL-mode database being written to, images and a secret. */
function dataFolder() {
  const dataDir = tmp('data')
  const dbFile = path.join(dataDir, 'site.db')
  const db = new DatabaseSync(dbFile)
  db.exec("PRAGMA journal_mode = WAL; CREATE TABLE posts (title TEXT); INSERT INTO posts VALUES ('first')")
  fs.mkdirSync(path.join(dataDir, 'media'))
  fs.writeFileSync(path.join(dataDir, 'media', 'a1b2.webp'), 'image bytes')
  fs.writeFileSync(path.join(dataDir, 'payload-secret'), 'the secret')
  return { dataDir, dbFile, db }
}
/** Every entry under `dir` with its kind and content (a link's target), to show that nothing changed. */
const snapshot = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => {
      const file = path.join(e.parentPath, e.name)
      const what = e.isSymbolicLink()
        ? `-> ${fs.readlinkSync(file)}`
        : e.isFile()
          ? fs.readFileSync(file).toString('base64')
          : 'dir'
      return `${path.relative(dir, file)} ${what}`
    })
    .sort()

/** `npm run <name> -- <folder>` as a person runs it: its exit code and what it printed. */
const runScript = (name: 'backup' | 'restore', folder: string, dataDir: string) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, folder], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

const titles = (dbFile: string) => {
  const db = new DatabaseSync(dbFile, { readOnly: true })
  const rows = db
    .prepare('SELECT title FROM posts ORDER BY rowid')
    .all()
    .map((r) => r.title)
  db.close()
  return rows
}

describe('backup and restore', () => {
  it('copies the database consistently while it is written to, with the images and the secret, for its owner only', async () => {
    const { dataDir, dbFile, db } = dataFolder()
    const target = path.join(tmp('backups'), 'today')
    const writes = setInterval(() => db.exec("INSERT INTO posts VALUES ('later')"), 1)
    const manifest = await writeBackup({ dataDir, dbFile, target })
    clearInterval(writes)
    expect(manifest).toMatchObject({ format: 1, database: 'sqlite', images: 1, secret: true })
    expect(fs.readdirSync(target).sort()).toEqual(['manifest.json', 'media', 'payload-secret', 'site.db'])
    expect(fs.statSync(target).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(target, 'site.db')).mode & 0o777).toBe(0o600)
    expect(titles(path.join(target, 'site.db'))[0]).toBe('first')
    db.close()
    await expect(writeBackup({ dataDir, dbFile, target })).rejects.toThrow('is not empty')
  })

  it('puts a backup back and keeps what it replaced, journal files included', async () => {
    const { dataDir, dbFile, db } = dataFolder()
    const target = path.join(tmp('backups'), 'today')
    await writeBackup({ dataDir, dbFile, target })
    db.exec("INSERT INTO posts VALUES ('after the backup')")
    fs.writeFileSync(path.join(dataDir, 'media', 'c3d4.webp'), 'a newer image')
    db.close()

    const { keptIn } = restoreBackup({ dataDir, dbFile, source: target })
    expect(titles(dbFile)).toEqual(['first'])
    expect(fs.readdirSync(path.join(dataDir, 'media'))).toEqual(['a1b2.webp'])
    expect(titles(path.join(keptIn, 'site.db'))).toEqual(['first', 'after the backup'])
    expect(fs.readdirSync(path.join(keptIn, 'media')).sort()).toEqual(['a1b2.webp', 'c3d4.webp'])
    expect(fs.readFileSync(path.join(dataDir, 'payload-secret'), 'utf8')).toBe('the secret')
  })

  it('refuses what is not a backup, or a damaged one, and touches nothing', async () => {
    const { dataDir, dbFile, db } = dataFolder()
    db.close()
    expect(() => restoreBackup({ dataDir, dbFile, source: dataDir })).toThrow('is not a backup')
    const target = path.join(tmp('backups'), 'today')
    await writeBackup({ dataDir, dbFile, target })
    fs.writeFileSync(path.join(target, 'site.db'), 'not a database at all, just some bytes')
    expect(() => restoreBackup({ dataDir, dbFile, source: target })).toThrow('file is not a database')
    expect(titles(dbFile)).toEqual(['first'])
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('before-restore'))).toEqual([])
  })

  it('refuses to back up a data folder holding a symbolic link, naming it, and writes nothing', async () => {
    const { dataDir, dbFile, db } = dataFolder()
    db.close()
    const outside = tmp('outside')
    fs.writeFileSync(path.join(outside, 'shadow'), 'root:$6$hash')
    const target = path.join(tmp('backups'), 'today')

    // An image that is a link to the secret (or to any file outside).
    fs.symlinkSync('../payload-secret', path.join(dataDir, 'media', 'evil.webp'))
    await expect(writeBackup({ dataDir, dbFile, target })).rejects.toThrow(
      'media/evil.webp is a symbolic link; a backup holds only the files themselves.',
    )
    expect(fs.existsSync(target)).toBe(false)
    fs.rmSync(path.join(dataDir, 'media', 'evil.webp'))

    // A link in a folder of images, the images folder itself, the secret.
    fs.mkdirSync(path.join(dataDir, 'media', 'sizes'))
    fs.symlinkSync(outside, path.join(dataDir, 'media', 'sizes', 'more'))
    await expect(writeBackup({ dataDir, dbFile, target })).rejects.toThrow('media/sizes/more is a symbolic link')
    fs.rmSync(path.join(dataDir, 'media', 'sizes'), { recursive: true })
    fs.renameSync(path.join(dataDir, 'media'), path.join(outside, 'media'))
    fs.symlinkSync(path.join(outside, 'media'), path.join(dataDir, 'media'))
    await expect(writeBackup({ dataDir, dbFile, target })).rejects.toThrow('media is a symbolic link')
    fs.rmSync(path.join(dataDir, 'media'))
    fs.renameSync(path.join(outside, 'media'), path.join(dataDir, 'media'))
    fs.rmSync(path.join(dataDir, 'payload-secret'))
    fs.symlinkSync(path.join(outside, 'shadow'), path.join(dataDir, 'payload-secret'))
    await expect(writeBackup({ dataDir, dbFile, target })).rejects.toThrow('payload-secret is a symbolic link')
    expect(fs.existsSync(target)).toBe(false)

    // A backup folder that is a link is not written through.
    fs.rmSync(path.join(dataDir, 'payload-secret'))
    fs.symlinkSync(outside, target)
    await expect(writeBackup({ dataDir, dbFile, target })).rejects.toThrow(`${target} is a symbolic link`)
    expect(fs.readdirSync(outside)).toEqual(['shadow'])

    // `npm run backup` says so and exits 1.
    fs.symlinkSync('../payload-secret', path.join(dataDir, 'media', 'evil.webp'))
    const other = path.join(tmp('backups'), 'again')
    const run = runScript('backup', other, dataDir)
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'No backup written: media/evil.webp is a symbolic link; a backup holds only the files themselves.\n',
    ])
    expect(fs.existsSync(other)).toBe(false)
  }, 120_000)

  it('refuses a backup holding a symbolic link anywhere, naming it, before it moves anything', async () => {
    const { dataDir, dbFile, db } = dataFolder()
    const target = path.join(tmp('backups'), 'today')
    await writeBackup({ dataDir, dbFile, target })
    db.exec("INSERT INTO posts VALUES ('after the backup')")
    db.close()
    const before = snapshot(dataDir)
    // What the links point at would restore fine: a sound database, a readable file.
    const outside = tmp('outside')
    fs.copyFileSync(path.join(target, 'site.db'), path.join(outside, 'other.db'))
    fs.writeFileSync(path.join(outside, 'shadow'), 'root:$6$hash')
    const refused = (file: string, link: string, message: string) => {
      fs.renameSync(path.join(target, file), path.join(outside, 'kept'))
      fs.symlinkSync(link, path.join(target, file))
      expect(() => restoreBackup({ dataDir, dbFile, source: target }), file).toThrow(`${target}: ${message}`)
      fs.rmSync(path.join(target, file))
      fs.renameSync(path.join(outside, 'kept'), path.join(target, file))
      expect(snapshot(dataDir), file).toEqual(before)
    }
    refused('site.db', path.join(outside, 'other.db'), 'site.db is a symbolic link')
    refused('payload-secret', path.join(outside, 'shadow'), 'payload-secret is a symbolic link')
    refused('manifest.json', path.join(outside, 'shadow'), 'manifest.json is a symbolic link')
    refused('media/a1b2.webp', '../../outside/shadow', 'media/a1b2.webp is a symbolic link')
    refused('media', outside, 'media is a symbolic link')

    // The backup folder itself.
    const linked = path.join(tmp('backups'), 'latest')
    fs.symlinkSync(target, linked)
    expect(() => restoreBackup({ dataDir, dbFile, source: linked })).toThrow(`${linked} is a symbolic link`)

    // `npm run restore` says so and exits 1; then the same backup, without the link, restores.
    fs.symlinkSync('../payload-secret', path.join(target, 'media', 'evil.webp'))
    const run = runScript('restore', target, dataDir)
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      `Nothing was restored: ${target}: media/evil.webp is a symbolic link; a backup holds only the files themselves.\n`,
    ])
    expect(snapshot(dataDir)).toEqual(before)
    fs.rmSync(path.join(target, 'media', 'evil.webp'))
    restoreBackup({ dataDir, dbFile, source: target })
    expect(titles(dbFile)).toEqual(['first'])
  }, 120_000)
})
