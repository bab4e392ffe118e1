import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { serverErrorLines, startBuildCopy, type RunningSite } from '../../scripts/lib/server'
import { startSmtpPeer, type SmtpPeer } from '../../scripts/lib/smtp-peer'
import { e2ePort } from '../support/ports'

/**
 * The real server and a real SMTP peer: a message is accepted while SMTP is down, the server is stopped,
 * SMTP comes back, a new server starts on the same data, and both mails arrive exactly once.
 */
describe('mail across an SMTP outage and a server restart', () => {
  let smtp: SmtpPeer | undefined
  let site: RunningSite | undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-mail-restart-'))

  afterAll(async () => {
    await site?.stop()
    await smtp?.close().catch(() => {})
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('delivers every accepted mail exactly once', async () => {
    smtp = await startSmtpPeer()
    await smtp.down()
    const env = { SMTP_URL: smtp.url, SEED_ON_START: 'false', OUTBOX_RETRY_BASE_MS: '500', OUTBOX_INTERVAL_MS: '500' }

    site = await startBuildCopy('e2e-mail-1', e2ePort(11), env, { dataDir })
    const res = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.50' },
      body: JSON.stringify({ name: 'Restart Test', email: 'restart@example.com', message: 'Still there?' }),
    })
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 1500)) // a few failed tries while SMTP is down
    await site.stop()
    expect(serverErrorLines(site.logFile)).toEqual([])
    site = undefined
    expect(smtp.mails).toHaveLength(0)

    await smtp.up()
    site = await startBuildCopy('e2e-mail-2', e2ePort(11), env, { dataDir })
    await expect.poll(() => smtp!.mails.length, { timeout: 20_000, interval: 250 }).toBe(2)
    await new Promise((r) => setTimeout(r, 2000)) // and nothing more arrives
    expect(serverErrorLines(site.logFile)).toEqual([])
    expect(smtp.mails.map((m) => m.subject).sort()).toEqual([
      'New message from Restart Test (General Question)',
      'We received your message | Jordan Ellis Coaching',
    ])
  }, 120_000)
})
