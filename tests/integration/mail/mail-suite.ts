import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { startSmtpPeer } from '../../../scripts/lib/smtp-peer'
import { testPayload, type TestDatabase } from '../../support/boot-payload'
import { expectNoLiveLinksInOutbox, liveLinks } from '../../support/outbox'

const ADMIN = { email: 'owner@example.com', password: 'the-owners-long-password' }
const EDITOR = { email: 'assistant@example.com', password: 'the-assistants-long-password' }

/**
 * The mail queue as the people of the admin reach it: only admins read it, and nobody (an admin neither)
 * reads a link that acts for someone while the mail waits, fails or after it is sent; the mail itself goes
 * out with the working link, to a real SMTP peer. Through Payload's REST API as the site serves it.
 */
export function outboxLinksSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`secret links in the mail queue on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    const testing = testPayload(setup, { seed: false })
    let rest: (path: string, token: string | null, init?: RequestInit) => Promise<Response>
    let mod: typeof import('@/platform/mail/outbox')
    const tokens = { admin: '', editor: '' }

    beforeAll(async () => {
      smtp = await startSmtpPeer()
      payload = await testing.start({
        COACH_EMAIL: 'coach@example.com',
        MAIL_FROM: '"Coach Site" <site@example.com>',
        SMTP_URL: smtp.url,
      })
      mod = await import('@/platform/mail/outbox')
      // The tests run the outbox themselves, at the clock they choose: no run in the background (queueing
      // Payload's mail starts one) takes a mail first.
      ;(await import('@/platform/mail/worker-state')).workerState().stopped = true
      const { handleEndpoints } = await import('payload')
      const { default: config } = await import('@/cms/payload.config')
      rest = (path, token, init = {}) =>
        handleEndpoints({
          config,
          request: new Request(`http://localhost:3000/cms-api${path}`, {
            ...init,
            headers: { 'content-type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
          }),
        })
      for (const [role, account] of [
        ['admin', ADMIN],
        ['editor', EDITOR],
      ] as const) {
        await payload.create({ collection: 'users', data: { ...account, role }, overrideAccess: true })
      }
    })

    afterAll(async () => {
      await smtp?.close()
      await testing.stop()
    })

    beforeEach(async () => {
      await payload.delete({ collection: 'mail-outbox', where: { id: { exists: true } }, overrideAccess: true })
      smtp.mails.length = 0
      // A new session each time: a password reset may end the earlier ones.
      tokens.admin = (await payload.login({ collection: 'users', data: ADMIN })).token!
      tokens.editor = (await payload.login({ collection: 'users', data: EDITOR })).token!
    })
    afterEach(() => expectNoLiveLinksInOutbox(payload))

    /** Payload's "Forgot password?" for the admin's account, asked by anyone; resolves with its outbox row. */
    const resetQueued = async () => {
      // Payload mails an account at most one reset per 15 seconds; each test asks anew.
      await payload.db.updateOne({
        collection: 'users',
        where: { email: { equals: ADMIN.email } },
        data: { resetPasswordRequestedAt: null },
        req: {},
      })
      await payload.forgotPassword({ collection: 'users', data: { email: ADMIN.email } })
      // Queued just after Payload commits the token (see src/platform/mail/payload-email.ts).
      await expect
        .poll(async () => (await payload.find({ collection: 'mail-outbox', overrideAccess: true })).totalDocs, {
          timeout: 10_000,
        })
        .toBe(1)
      return (await payload.find({ collection: 'mail-outbox', overrideAccess: true })).docs[0]!
    }
    const resetLinkOf = (text: string | undefined) => /http:\/\/localhost:3000\/admin\/reset\/(\w+)/.exec(text ?? '')

    it('shows the queue to admins only: an editor gets nothing through any path of the REST API', async () => {
      const row = await resetQueued()
      // The admin reads it.
      const list = await rest('/mail-outbox', tokens.admin)
      expect(list.status).toBe(200)
      expect(((await list.json()) as { docs: { id: unknown }[] }).docs.map((d) => d.id)).toEqual([row.id])

      const reads = [
        '/mail-outbox',
        '/mail-outbox/',
        `/mail-outbox/${row.id}`,
        `/mail-outbox/${row.id}?depth=0`,
        '/mail-outbox?where[kind][equals]=account',
        '/mail-outbox/count',
        '/MAIL-OUTBOX',
        '/Mail-Outbox/',
        `/mail%2Doutbox/${row.id}`,
      ]
      for (const path of reads) {
        for (const token of [tokens.editor, null]) {
          const res = await rest(path, token)
          const body = await res.text()
          expect([403, 404], `${path} ${res.status} ${body}`).toContain(res.status)
          expect(body, path).not.toContain(ADMIN.email)
          expect(body, path).not.toContain('Reset your password')
        }
      }
      // Nor can an editor change or delete it.
      await payload.update({ collection: 'mail-outbox', id: row.id, data: { status: 'failed' }, overrideAccess: true })
      const patch = await rest(`/mail-outbox/${row.id}`, tokens.editor, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'queued' }),
      })
      expect(patch.status).toBe(403)
      expect((await rest(`/mail-outbox/${row.id}`, tokens.editor, { method: 'DELETE' })).status).toBe(403)
      const kept = await payload.findByID({ collection: 'mail-outbox', id: row.id, overrideAccess: true })
      expect(kept.status).toBe('failed')
      // The admin's screens know the collection is not the editor's: it is not in their navigation.
      const access = (await (await rest('/access', tokens.editor)).json()) as {
        collections: Record<string, { read: boolean }>
      }
      expect(access.collections['mail-outbox']?.read ?? false).toBe(false)
      const { MailOutbox } = await import('@/platform/mail/MailOutbox')
      const hidden = MailOutbox.admin!.hidden as (args: { user: unknown }) => boolean
      expect([hidden({ user: { role: 'editor' } }), hidden({ user: { role: 'admin' } })]).toEqual([true, false])
    })

    it("keeps the admin's reset link out of every readable field, and mails it working", async () => {
      const row = await resetQueued()
      // What the admin reads, through the REST API and the Local API: the link's token is hidden.
      const asAdmin = (await (await rest(`/mail-outbox/${row.id}`, tokens.admin)).json()) as Record<string, unknown>
      expect(asAdmin.text).toMatch(/http:\/\/localhost:3000\/admin\/reset\/\[link hidden\]/)
      expect(asAdmin.html).toContain('href="http://localhost:3000/admin/reset/[link hidden]"')
      expect(Object.keys(asAdmin)).not.toContain('sealedLinks')
      expect(liveLinks(asAdmin)).toEqual([])

      expect(await mod.deliverDueMail(payload)).toEqual({ sent: 1, retried: 0, failed: 0 })
      const [mail] = smtp.mails
      const token = resetLinkOf(mail!.text)?.[1]
      expect(token, mail!.text).toBeTruthy()
      expect(mail!.html).toContain(`href="http://localhost:3000/admin/reset/${token}"`)
      for (const stored of [
        await (await rest(`/mail-outbox/${row.id}`, tokens.admin)).text(),
        JSON.stringify(await payload.findByID({ collection: 'mail-outbox', id: row.id, overrideAccess: true })),
      ]) {
        expect(stored).not.toContain(token)
        expect(stored).toContain('[link hidden]')
      }
      // Once sent, nothing is sealed any more: the row (and any backup of it) holds no live link.
      const sent = await payload.findByID({
        collection: 'mail-outbox',
        id: row.id,
        overrideAccess: true,
        showHiddenFields: true,
      })
      expect([sent.status, sent.sealedLinks]).toEqual(['sent', null])

      // The mailed link works.
      await payload.resetPassword({
        collection: 'users',
        data: { token: token!, password: 'the-owners-new-password' },
        overrideAccess: true,
      })
      const login = await payload.login({
        collection: 'users',
        data: { email: ADMIN.email, password: 'the-owners-new-password' },
      })
      expect(login.user?.email).toBe(ADMIN.email)
      await payload.update({
        collection: 'users',
        where: { email: { equals: ADMIN.email } },
        data: { password: ADMIN.password },
        overrideAccess: true,
      })
    })

    it('sends a failed mail set back to "Queued" by the admin with its live link', async () => {
      const row = await resetQueued()
      await smtp.down()
      try {
        let now = Date.now()
        for (let i = 0; i < 8; i++) {
          await mod.deliverDueMail(payload, new Date(now))
          now += 2 * 3_600_000
        }
      } finally {
        await smtp.up()
      }
      const failed = await payload.findByID({ collection: 'mail-outbox', id: row.id, overrideAccess: true })
      expect([failed.status, failed.attempts]).toEqual(['failed', 8])
      expect(failed.text).toContain('/admin/reset/[link hidden]')

      const retried = await rest(`/mail-outbox/${row.id}`, tokens.admin, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'queued' }),
      })
      expect(retried.status).toBe(200)
      expect(await mod.deliverDueMail(payload)).toEqual({ sent: 1, retried: 0, failed: 0 })
      const token = resetLinkOf(smtp.mails[0]?.text)?.[1]
      expect(token, smtp.mails[0]?.text).toBeTruthy()
      // The link works: it is the one Payload stored.
      await expect(
        payload.resetPassword({
          collection: 'users',
          data: { token: token!, password: 'the-owners-new-password' },
          overrideAccess: true,
        }),
      ).resolves.toBeTruthy()
      await payload.update({
        collection: 'users',
        where: { email: { equals: ADMIN.email } },
        data: { password: ADMIN.password },
        overrideAccess: true,
      })
    })

    it('fails a mail whose links cannot be opened any more (the secret changed) instead of sending it broken', async () => {
      const row = await resetQueued()
      const secret = process.env.PAYLOAD_SECRET
      process.env.PAYLOAD_SECRET = 'a-secret-set-after-the-mail-was-queued'
      try {
        expect(await mod.deliverDueMail(payload)).toEqual({ sent: 0, retried: 0, failed: 1 })
      } finally {
        process.env.PAYLOAD_SECRET = secret
      }
      expect(smtp.mails).toHaveLength(0)
      const failed = await payload.findByID({ collection: 'mail-outbox', id: row.id, overrideAccess: true })
      expect([failed.status, failed.lastError]).toEqual([
        'failed',
        'Not sent: this mail’s private links (e.g. to reset a password or to confirm a subscription) could not be restored, because the site’s secret (PAYLOAD_SECRET) changed after the mail was queued. Ask for the mail again (e.g. a new password reset) instead.',
      ])
      // With the secret back, the admin can send it after all.
      await payload.update({ collection: 'mail-outbox', id: row.id, data: { status: 'queued' }, overrideAccess: true })
      expect(await mod.deliverDueMail(payload)).toEqual({ sent: 1, retried: 0, failed: 0 })
      expect(resetLinkOf(smtp.mails[0]?.text)).toBeTruthy()
    })

    it('clears the live links of a mail that is cancelled before it is due', async () => {
      const { enqueueMail, cancelQueuedMail } = await import('@/platform/mail/outbox')
      const link = 'http://localhost:3000/scheduling/manage/12-1764000000000.' + 'a'.repeat(43)
      const { id } = await enqueueMail(
        payload,
        {
          kind: 'call-reminder-24h',
          mail: { from: 'site@example.com', to: 'ada@example.com', subject: 'Tomorrow', text: `Change it: ${link}` },
          now: new Date(),
          sendAfter: new Date(Date.now() + 86_400_000),
          reference: 'discovery-calls:12',
        },
        {},
      )
      const sealed = async () =>
        (await payload.findByID({ collection: 'mail-outbox', id, overrideAccess: true, showHiddenFields: true }))
          .sealedLinks
      expect(await sealed()).toMatch(/^sealed1\./)
      expect(await cancelQueuedMail(payload, { reference: 'discovery-calls:12' })).toBe(1)
      expect(await sealed()).toBeNull()
    })
  })
}
