import fs from 'node:fs'
import path from 'node:path'

import PostalMime, { type Email } from 'postal-mime'
import { expect } from '@playwright/test'

import type { RunningSite } from '../../scripts/lib/server'
import { workerSeeded } from './worker-sites'

/**
 * Each mail file parsed once, with the size it had when read: the seeded server writes hundreds of mails in a
 * run, and tests poll for theirs every 100 ms, so parsing every file on every poll was a good part of the
 * test processes' CPU time. A file is written in one go but not atomically: one read while it was being
 * written is parsed again once its size has changed.
 */
const parsed = new Map<string, { size: number; mail: Promise<Email> }>()

function parsedMail(file: string): Promise<Email> {
  const known = parsed.get(file)
  if (known && known.size === fs.statSync(file).size) return known.mail
  const data = fs.readFileSync(file)
  const mail = PostalMime.parse(data)
  parsed.set(file, { size: data.length, mail })
  return mail
}

/**
 * Every mail a server wrote to its data folder (outbox/, where mail goes when no SMTP_URL is set, as on a
 * first run), parsed.
 */
export async function mailsWritten(dataDir: string): Promise<Email[]> {
  const dir = path.join(dataDir, 'outbox')
  if (!fs.existsSync(dir)) return []
  return Promise.all(fs.readdirSync(dir).map((f) => parsedMail(path.join(dir, f))))
}

/** Every mail to `address` the seeded server (or the one with the data folder `dataDir`) has written so far. */
export const mailsWrittenTo = async (address: string, dataDir: string = workerSeeded().dataDir): Promise<Email[]> =>
  (await mailsWritten(dataDir)).filter((m) => m.to?.[0]?.address === address)

/** The one mail to `address` whose subject starts with `subject`, once `site` has written it (30 s at most). */
export async function mailTo(site: RunningSite, address: string, subject: string): Promise<Email> {
  const matching = async () =>
    (await mailsWritten(site.dataDir)).filter((m) => m.to?.[0]?.address === address && m.subject?.startsWith(subject))
  await expect.poll(async () => (await matching()).length, { timeout: 30_000 }).toBe(1)
  return (await matching())[0]!
}

/**
 * The recipients of the booking confirmations the servers sent: each is written to the data folder of the
 * server whose outbox worker sent it (no SMTP server is configured in these tests).
 */
export async function confirmationsSent(sites: RunningSite[]): Promise<(string | undefined)[]> {
  const mails = (await Promise.all(sites.map((s) => mailsWritten(s.dataDir)))).flat()
  return mails.filter((m) => m.subject?.startsWith('Your discovery call is booked')).map((m) => m.to?.[0]?.address)
}
