import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { dataDir } from './data-dir'

/**
 * PAYLOAD_SECRET signs admin sessions. When it is not set we generate one on first use and keep it in
 * data/ (git-ignored), so sessions survive restarts without anyone having to invent a secret.
 */
export function payloadSecret(): string {
  const fromEnv = process.env.PAYLOAD_SECRET
  if (fromEnv) return fromEnv
  const file = path.join(dataDir(), 'payload-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const secret = randomBytes(32).toString('hex')
    // 'wx' fails if another process wrote it first; then we read theirs.
    try {
      fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
      return secret
    } catch {
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}

const SEALED = 'sealed1.'

const sealingKey = (purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', payloadSecret(), '', `coach-site sealed ${purpose}`, 32))

/**
 * A value kept in the database that must not be readable from a copy of the database alone (a backup, an
 * export, a leaked dump): encrypted (AES-256-GCM) with a key derived from PAYLOAD_SECRET for one purpose.
 * Changing PAYLOAD_SECRET makes sealed values unreadable.
 */
export function seal(plain: string, purpose: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(purpose), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return SEALED + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

/** The value `seal` sealed; null when it was sealed with another secret or purpose, or is damaged. */
export function unseal(sealed: string, purpose: string): string | null {
  if (!sealed.startsWith(SEALED)) return null
  const [iv, tag, body] = sealed
    .slice(SEALED.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'))
  if (!iv || !tag || !body) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(purpose), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
