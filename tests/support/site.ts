import type { CollectionSlug, Payload, Where } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

import { startSmtpPeer, type SmtpPeer } from '../../scripts/lib/smtp-peer'
import { testPayload } from './boot-payload'
import type { DatabaseSetup } from './database'
import { expectNoLiveLinksInOutbox } from './outbox'

/** Who the site mails as, and where the coach's own mail goes, in every suite. */
export const SITE_MAIL = { COACH_EMAIL: 'coach@example.com', MAIL_FROM: '"Coach Site" <site@example.com>' }

export type TestSite = {
  payload: Payload
  /** The SMTP peer the site sends to (only with `smtp: true`). */
  smtp: SmtpPeer
  /** Takes the SMTP peer down; it is up again after the test, also when the test failed. */
  smtpDown: () => Promise<void>
  smtpUp: () => Promise<void>
}

/**
 * The app below HTTP for one suite (call it inside the suite's describe): in beforeAll a fresh database
 * (`setup`), Payload booted on it and migrated (seeded when asked), mailing as SITE_MAIL, with `env` set
 * before the app is loaded, and with `smtp: true` a real SMTP peer on loopback it sends to; in afterAll all of
 * it stopped and removed. Before each test the outbox and the peer's mails are emptied; after each, the outbox shows no live link, whatever
 * mail the test made (newsletter links, a password reset, a call's manage link), and a peer the test took
 * down is up again, so the next test starts as if alone.
 *
 * The fields are filled in beforeAll: read them in hooks and tests, e.g. `beforeAll(() => ({ payload } = site))`.
 */
export function testSite(
  setup: DatabaseSetup,
  { seed = false, smtp = false, env = {} }: { seed?: boolean; smtp?: boolean; env?: Record<string, string> } = {},
): TestSite {
  const testing = testPayload(setup, { seed })
  let smtpIsDown = false
  const site: TestSite = {
    payload: undefined as unknown as Payload,
    smtp: undefined as unknown as SmtpPeer,
    smtpDown: async () => {
      await site.smtp.down()
      smtpIsDown = true
    },
    smtpUp: async () => {
      await site.smtp.up()
      smtpIsDown = false
    },
  }

  beforeAll(async () => {
    if (smtp) site.smtp = await startSmtpPeer()
    site.payload = await testing.start({ ...SITE_MAIL, ...env, ...(smtp ? { SMTP_URL: site.smtp.url } : {}) })
  })
  afterAll(async () => {
    await site.smtp?.close()
    await testing.stop()
  })

  beforeEach(async () => {
    await site.payload.delete({ collection: 'mail-outbox', where: { id: { exists: true } }, overrideAccess: true })
    if (smtp) {
      site.smtp.mails.length = 0
      site.smtp.received.length = 0
      site.smtp.cut.length = 0
      delete site.smtp.behaviour.rcpt
      delete site.smtp.behaviour.data
    }
  })
  afterEach(() => expectNoLiveLinksInOutbox(site.payload))
  afterEach(async () => {
    if (smtpIsDown) await site.smtpUp()
  })
  return site
}

/** How many documents of a collection there are (of those `where` picks), whoever may read them. */
export async function countOf(payload: Payload, collection: CollectionSlug, where?: Where): Promise<number> {
  return (await payload.count({ collection, ...(where ? { where } : {}), overrideAccess: true })).totalDocs
}
