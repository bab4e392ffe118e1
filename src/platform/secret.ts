import { randomBytes } from 'node:crypto'
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
