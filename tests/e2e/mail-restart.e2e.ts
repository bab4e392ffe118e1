import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import { expect, test } from './fixtures'

import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { startSmtpPeer, type SmtpPeer } from '../../scripts/lib/smtp-peer'
import { e2ePort } from '../support/ports'
import { startTestServer } from '../support/test-server'

/**
 * The real server and a real SMTP peer: a message is accepted while SMTP is down, the server is stopped,
 * SMTP comes back, a new server starts on the same data, and both mails arrive exactly once.
 */
test.describe('mail across an SMTP outage and a server restart', () => {
  let smtp: SmtpPeer | undefined
  let site: RunningSite | undefined
  // Made before the tests, not as the file loads (the runner loads it to list the tests, too).
  let dataDir = ''
  test.beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-mail-restart-'))
  })
  /** The outbox's mails as the server stored them (its SQLite file, in the data folder), oldest first. */
  const outbox = () => {
    const db = new DatabaseSync(path.join(dataDir, 'site.db'), { readOnly: true })
    try {
      return db.prepare('SELECT status, attempts FROM mail_outbox ORDER BY id').all() as {
        status: string
        attempts: number
      }[]
    } finally {
      db.close()
    }
  }

  test.afterAll(async () => {
    await site?.stop()
    await smtp?.close().catch(() => {})
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('delivers every accepted mail exactly once', async () => {
    smtp = await startSmtpPeer()
    await smtp.down()
    const env = { SMTP_URL: smtp.url, SEED_ON_START: 'false', OUTBOX_RETRY_BASE_MS: '500', OUTBOX_INTERVAL_MS: '500' }

    site = await startTestServer('e2e-mail-1', e2ePort(11), env, { dataDir })
    const res = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.50' },
      body: JSON.stringify({ name: 'Restart Test', email: 'restart@example.com', message: 'Still there?' }),
    })
    expect(res.status).toBe(200)
    // A few failed tries while SMTP is down: two at least, for each of the two mails.
    await expect.poll(() => outbox().map((mail) => mail.attempts >= 2)).toEqual([true, true])
    await site.stop()
    expect(serverErrorLines(site.logFile)).toEqual([])
    site = undefined
    expect(smtp.mails).toHaveLength(0)

    await smtp.up()
    site = await startTestServer('e2e-mail-2', e2ePort(11), env, { dataDir })
    await expect.poll(() => smtp!.mails.length, { timeout: 20_000, intervals: [250] }).toBe(2)
    // And nothing more arrives: the outbox has marked both sent, so it has nothing left to send again.
    await expect.poll(() => outbox().map((mail) => mail.status)).toEqual(['sent', 'sent'])
    expect(smtp.mails).toHaveLength(2)
    expect(serverErrorLines(site.logFile)).toEqual([])
    expect(smtp.mails.map((m) => m.subject).sort()).toEqual([
      'New message from Restart Test (General Question)',
      'We received your message | Jordan Ellis Coaching',
    ])
  })
})
