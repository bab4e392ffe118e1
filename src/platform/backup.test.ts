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
    expect(() => restoreBackup({ dataDir, dbFile, source: target })).toThrow()
    expect(titles(dbFile)).toEqual(['first'])
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('before-restore'))).toEqual([])
  })
})
