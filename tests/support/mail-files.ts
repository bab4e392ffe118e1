import fs from 'node:fs'
import path from 'node:path'

import PostalMime from 'postal-mime'

import type { RunningSite } from '../../scripts/lib/server'

/**
 * The recipients of the booking confirmations the servers sent: each is written to the data folder of the
 * server whose outbox worker sent it (no SMTP server is configured in these tests).
 */
export async function confirmationsSent(sites: RunningSite[]): Promise<(string | undefined)[]> {
  const files = sites.flatMap((s) => {
    const dir = path.join(s.dataDir, 'outbox')
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []
  })
  const mails = await Promise.all(files.map((f) => PostalMime.parse(fs.readFileSync(f))))
  return mails.filter((m) => m.subject?.startsWith('Your discovery call is booked')).map((m) => m.to?.[0]?.address)
}
