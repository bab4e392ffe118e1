import path from 'node:path'

import type { Payload } from 'payload'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { DAY, HOUR, MINUTE } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { runInstance } from '../../support/instances'
import { linkToken, liveLinks, runEveryTry } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { CONTACT_POST, newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

const ADMIN = { email: 'owner@example.com', password: 'the-owners-long-password' }
const EDITOR = { email: 'assistant@example.com', password: 'the-assistants-long-password' }

/**
 * The mail queue (the outbox) and its transport below HTTP, on a real database and a real SMTP peer: every
 * mail sent exactly once across SMTP outages, restarts and two app instances, the queue's own rules, mail
 * files without SMTP, the records the coach may not rewrite; and the queue as the people of the admin reach
 * it through the REST API, with no link that acts for someone readable while a mail waits, fails or after it
 * is sent, and the mail itself going out with the working link.
 */
export function mailSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`mail on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    const site = testSite(setup, { smtp: true })
    const { smtpDown, smtpUp } = site
    // Every test posts as a different client, so rate limits only meet where a test means them to.
    const client = newClients(`client-${label}`)
    let mod: typeof import('@/features/contact/form') &
      typeof import('@/features/newsletter/form') &
      typeof import('@/platform/mail/outbox') &
      typeof import('@/platform/mail/transport')

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      mod = {
        ...(await import('@/features/contact/form')),
        ...(await import('@/features/newsletter/form')),
        ...(await import('@/platform/mail/outbox')),
        ...(await import('@/platform/mail/transport')),
      }
    })

    const valid = CONTACT_POST
    const count = (collection: 'mail-outbox') => countOf(payload, collection)

    it('keeps mail through an SMTP outage and delivers every mail exactly once when it is back', async () => {
      await smtpDown()
      expect((await mod.submitContact(payload, valid, client())).status).toBe('ok')
      const now = new Date()
      const outage = await mod.deliverDueMail(payload, now)
      expect(outage).toEqual({ sent: 0, retried: 2, failed: 0 })
      const waiting = await payload.find({ collection: 'mail-outbox', overrideAccess: true })
      // Each tried once, the reason kept, the next try 30 seconds after this one (the first step of the backoff).
      const port = new URL(smtp.url).port
      expect(waiting.docs.map((m) => [m.status, m.attempts, m.lastError, m.nextAttemptAt])).toEqual(
        Array(2).fill([
          'queued',
          1,
          `connect ECONNREFUSED 127.0.0.1:${port}`,
          new Date(now.getTime() + 30_000).toISOString(),
        ]),
      )
      // Not due yet: nothing is tried.
      expect(await mod.deliverDueMail(payload, new Date(now.getTime() + 29_999))).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      })

      await smtpUp()
      const later = new Date(now.getTime() + MINUTE)
      // Two workers at once (as two app instances would): each mail is still sent once.
      const reports = await Promise.all([mod.deliverDueMail(payload, later), mod.deliverDueMail(payload, later)])
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(2)
      expect(await mod.deliverDueMail(payload, new Date(Date.now() + HOUR))).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      })
      expect(smtp.mails).toHaveLength(2)
    })

    it('after a restart, sends what a dead worker had claimed, and never again what was sent', async () => {
      expect((await mod.submitContact(payload, valid, client())).status).toBe('ok')
      const [first, second] = (
        await payload.find({ collection: 'mail-outbox', sort: 'createdAt', overrideAccess: true })
      ).docs
      // The old process sent the first mail, and died while holding the second.
      expect(await mod.deliverDueMail(payload)).toEqual({ sent: 2, retried: 0, failed: 0 })
      smtp.mails.length = 0
      await payload.update({
        collection: 'mail-outbox',
        id: second!.id,
        data: { status: 'sending', sentAt: null, claimedAt: new Date(Date.now() - 10 * MINUTE).toISOString() },
        overrideAccess: true,
      })
      // The restarted process: a fresh transport, a later clock.
      const report = await mod.deliverDueMail(payload, new Date(), mod.createMailTransport(smtp.url))
      expect(report.sent).toBe(1)
      expect(smtp.mails).toHaveLength(1)
      expect(smtp.mails[0]!.subject).toBe(second!.subject)
      const states = (await payload.find({ collection: 'mail-outbox', sort: 'createdAt', overrideAccess: true })).docs
      expect(states.map((m) => m.status)).toEqual(['sent', 'sent'])
      expect(states[0]!.id).toBe(first!.id)
    })

    it('never sends a mail twice when two app instances run the outbox at the same moment', async () => {
      const { enqueueMail } = await import('@/platform/mail/outbox')
      const now = new Date()
      for (let i = 0; i < 20; i++) {
        const mail = { from: 'site@example.com', to: `twin${i}@example.com`, subject: `Twin ${i}`, text: 'x' }
        await enqueueMail(payload, { kind: 'test', mail, now }, {})
      }
      const instance = () => runInstance<{ sent: number }>(path.join(import.meta.dirname, 'deliver-once.ts'))
      const [a, b] = await Promise.all([instance(), instance()])
      expect(a.sent + b.sent).toBe(20)
      expect(smtp.mails).toHaveLength(20)
      expect(new Set(smtp.mails.map((m) => m.subject)).size).toBe(20)
      // Two processes each boot Payload: on a machine busy with other files that alone passed a minute.
    }, 180_000)

    it('marks a mail failed after its last try and keeps it', async () => {
      await smtpDown()
      expect((await mod.submitContact(payload, valid, client())).status).toBe('ok')
      await runEveryTry(payload)
      const docs = (await payload.find({ collection: 'mail-outbox', overrideAccess: true })).docs
      expect(docs.map((m) => [m.status, m.attempts])).toEqual([
        ['failed', 8],
        ['failed', 8],
      ])
      await smtpUp()
    })

    describe('the mail queue', () => {
      const base = { from: 'site@example.com', to: 'guest@example.com', subject: 'Your call', text: 'See you then.' }
      const queue = async (options: Partial<import('@/platform/mail/outbox').QueuedMail> = {}) => {
        const { enqueueMail } = await import('@/platform/mail/outbox')
        return enqueueMail(payload, { kind: 'test', mail: base, now: new Date(), ...options }, {})
      }
      const statuses = async () =>
        (await payload.find({ collection: 'mail-outbox', sort: 'createdAt', overrideAccess: true })).docs.map((m) => [
          m.subject,
          m.status,
        ])

      it('sends HTML beside the text, a file attachment and a calendar invite', async () => {
        const invite = [
          'BEGIN:VCALENDAR',
          'METHOD:REQUEST',
          'BEGIN:VEVENT',
          'UID:call-1@test',
          'END:VEVENT',
          'END:VCALENDAR',
        ].join('\r\n')
        await queue({
          mail: {
            ...base,
            html: '<p>See you <strong>then</strong>.</p>',
            attachments: [{ filename: 'notes.txt', contentType: 'text/plain', content: 'Bring questions.' }],
            calendar: { method: 'REQUEST', content: invite },
          },
        })
        expect(await mod.deliverDueMail(payload)).toEqual({ sent: 1, retried: 0, failed: 0 })
        const mail = smtp.mails[0]!
        expect(mail.text?.trim()).toBe('See you then.')
        expect(mail.html).toContain('<p>See you <strong>then</strong>.</p>')
        const files = mail.attachments.map((a) => [
          a.filename ?? null,
          a.mimeType,
          typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content),
        ])
        expect(files).toContainEqual(['notes.txt', 'text/plain', 'Bring questions.'])
        expect(files.find(([, type]) => type === 'text/calendar')?.[2]).toContain('UID:call-1@test')
      })

      it('keeps a mail until its send-not-before time, apart from the retry schedule', async () => {
        const now = new Date()
        await queue({ now, sendAfter: new Date(now.getTime() + HOUR) })
        expect(await mod.deliverDueMail(payload, new Date(now.getTime() + 3_599_000))).toEqual({
          sent: 0,
          retried: 0,
          failed: 0,
        })
        expect(smtp.mails).toHaveLength(0)
        expect(await mod.deliverDueMail(payload, new Date(now.getTime() + HOUR))).toEqual({
          sent: 1,
          retried: 0,
          failed: 0,
        })
        expect(smtp.mails.map((m) => m.subject)).toEqual(['Your call'])
      })

      it('cancels the queued mail of one reference, of one kind or all, and never mail already sent', async () => {
        const { cancelQueuedMail } = await import('@/platform/mail/outbox')
        const later = new Date(Date.now() + DAY)
        await queue({ mail: { ...base, subject: 'Booked' }, reference: 'discovery-calls:1' })
        await mod.deliverDueMail(payload)
        await queue({
          mail: { ...base, subject: 'Reminder' },
          kind: 'reminder',
          reference: 'discovery-calls:1',
          sendAfter: later,
        })
        await queue({
          mail: { ...base, subject: 'Follow-up' },
          kind: 'follow-up',
          reference: 'discovery-calls:1',
          sendAfter: later,
        })
        await queue({
          mail: { ...base, subject: 'Other call' },
          kind: 'reminder',
          reference: 'discovery-calls:2',
          sendAfter: later,
        })

        expect(await cancelQueuedMail(payload, { reference: 'discovery-calls:1', kind: 'reminder' })).toBe(1)
        expect(await statuses()).toEqual([
          ['Booked', 'sent'],
          ['Reminder', 'cancelled'],
          ['Follow-up', 'queued'],
          ['Other call', 'queued'],
        ])
        expect(await cancelQueuedMail(payload, { reference: 'discovery-calls:1' })).toBe(1)
        expect(await cancelQueuedMail(payload, { reference: 'discovery-calls:1' })).toBe(0)
        expect((await statuses())[2]).toEqual(['Follow-up', 'cancelled'])
        // Cancelled mail is never sent, even when it falls due.
        expect(await mod.deliverDueMail(payload, new Date(later.getTime() + 1000))).toEqual({
          sent: 1,
          retried: 0,
          failed: 0,
        })
        expect(smtp.mails.map((m) => m.subject)).toEqual(['Booked', 'Other call'])
      })

      it('queues the same idempotency key once, backed by a unique index', async () => {
        const first = await queue({ idempotencyKey: 'reminder:call-7:2026-12-01T10:00Z' })
        const second = await queue({ idempotencyKey: 'reminder:call-7:2026-12-01T10:00Z' })
        expect(first.queued).toBe(true)
        expect(second).toEqual({ id: first.id, queued: false })
        expect(await count('mail-outbox')).toBe(1)
        // A unique index holds even against a writer that skipped the check.
        // (The database's unique violation, as the adapter reports it: on the key, not any failure.)
        await expect(
          payload.create({
            collection: 'mail-outbox',
            data: {
              ...base,
              kind: 'test',
              status: 'queued',
              attempts: 0,
              idempotencyKey: 'reminder:call-7:2026-12-01T10:00Z',
            },
            overrideAccess: true,
          }),
        ).rejects.toMatchObject({
          name: 'ValidationError',
          data: { errors: [{ path: 'idempotencyKey', message: 'Value must be unique' }] },
        })
        expect(await count('mail-outbox')).toBe(1)
      })
    })

    it('keeps the records the coach relies on as they were written: mail, consent, a message’s receipt', async () => {
      const user = await payload.create({
        collection: 'users',
        data: { email: `records.${label.toLowerCase()}@example.com`, password: 'a-long-coach-password', role: 'admin' },
        overrideAccess: true,
      })
      const asCoach = { user, overrideAccess: false } as const
      const email = `records.reader.${label.toLowerCase()}@example.com`
      expect((await mod.subscribe(payload, { email }, 'footer', client())).status).toBe('ok')
      await mod.deliverDueMail(payload)
      const [sent] = smtp.mails.filter((m) => m.to?.[0]?.address === email)
      const confirmToken = /\/newsletter\/confirm\/([\w-]+)/.exec(sent!.text ?? '')![1]!
      const unsubscribeToken = /\/newsletter\/unsubscribe\/([\w-]+)/.exec(sent!.text ?? '')![1]!

      // The outbox keeps no working link, once sent as before: the tokens are hidden in its text and headers.
      const row = (
        await payload.find({ collection: 'mail-outbox', where: { to: { equals: email } }, overrideAccess: true })
      ).docs[0]!
      expect(row.status).toBe('sent')
      const stored = JSON.stringify(row)
      expect(stored).not.toContain(confirmToken)
      expect(stored).not.toContain(unsubscribeToken)
      expect(row.text).toContain('/newsletter/confirm/[link hidden]')

      // Nobody rewrites a mail: its recipient and text stay; a sent mail cannot be set back to queued.
      await payload.update({
        collection: 'mail-outbox',
        id: row.id,
        data: { to: 'someone@else.example', text: 'forged' },
        ...asCoach,
      })
      const after = await payload.findByID({ collection: 'mail-outbox', id: row.id, overrideAccess: true })
      expect([after.to, after.text]).toEqual([row.to, row.text])
      await expect(
        payload.update({ collection: 'mail-outbox', id: row.id, data: { status: 'queued' }, ...asCoach }),
      ).rejects.toMatchObject({
        data: { errors: [{ message: 'Only a failed mail can be changed: set it back to "Queued" to try again.' }] },
      })
      // A failed one may be tried again, its tries starting afresh.
      await payload.update({
        collection: 'mail-outbox',
        id: row.id,
        data: { status: 'failed', attempts: 8 },
        overrideAccess: true,
      })
      const retried = await payload.update({
        collection: 'mail-outbox',
        id: row.id,
        data: { status: 'queued' },
        ...asCoach,
      })
      expect([retried.status, retried.attempts]).toEqual(['queued', 0])

      // Consent cannot be given or rewritten in the admin; unsubscribing someone can, and is logged.
      const subscriber = (
        await payload.find({ collection: 'subscribers', where: { email: { equals: email } }, overrideAccess: true })
      ).docs[0]!
      await payload.update({
        collection: 'subscribers',
        id: subscriber.id,
        data: { email: 'other@example.com', consentAt: '2020-01-01T00:00:00.000Z', source: 'workshops' },
        ...asCoach,
      })
      const kept = await payload.findByID({ collection: 'subscribers', id: subscriber.id, overrideAccess: true })
      expect([kept.email, kept.consentAt, kept.source]).toEqual([
        subscriber.email,
        subscriber.consentAt,
        subscriber.source,
      ])
      await expect(
        payload.update({ collection: 'subscribers', id: subscriber.id, data: { status: 'confirmed' }, ...asCoach }),
      ).rejects.toMatchObject({
        data: {
          errors: [
            { message: 'Only the subscriber can confirm a subscription. You can set a subscriber to "Unsubscribed".' },
          ],
        },
      })
      const info = vi.spyOn(console, 'info').mockImplementation(() => {})
      const beforeUnsubscribing = Date.now()
      const unsubscribed = await payload.update({
        collection: 'subscribers',
        id: subscriber.id,
        data: { status: 'unsubscribed' },
        ...asCoach,
      })
      const logged = info.mock.calls.map((c) => c.join(' ')).join('\n')
      info.mockRestore()
      expect(unsubscribed.status).toBe('unsubscribed')
      // Stamped by the admin's save itself (on the real clock): a time within the save, not just any value.
      expect(Date.parse(unsubscribed.unsubscribedAt!)).toBeGreaterThanOrEqual(beforeUnsubscribing)
      expect(Date.parse(unsubscribed.unsubscribedAt!)).toBeLessThanOrEqual(Date.now())
      expect(logged).toContain(`Subscriber ${subscriber.id}: pending → unsubscribed by user ${user.id}`)
      expect(logged).not.toContain(email)

      // A message's receipt time and sender hash stay as received.
      expect(
        (await mod.submitContact(payload, { ...valid, email: `records.${label}@example.com` }, client())).status,
      ).toBe('ok')
      const message = (
        await payload.find({ collection: 'contact-messages', sort: '-receivedAt', limit: 1, overrideAccess: true })
      ).docs[0]!
      await payload.update({
        collection: 'contact-messages',
        id: message.id,
        data: { receivedAt: '2020-01-01T00:00:00.000Z', ipHash: 'forged', handled: true },
        ...asCoach,
      })
      const handled = await payload.findByID({ collection: 'contact-messages', id: message.id, overrideAccess: true })
      expect([handled.receivedAt, handled.ipHash, handled.handled]).toEqual([message.receivedAt, message.ipHash, true])
    })

    it('writes mail files (no SMTP server) readable by their owner only', async () => {
      const fs = await import('node:fs')
      const os = await import('node:os')
      const dataDir = process.env.DATA_DIR
      process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-eml-'))
      const folder = path.join(process.env.DATA_DIR, 'outbox')
      try {
        const transport = mod.createMailTransport()
        await transport.send({ from: 'site@example.com', to: 'file@example.com', subject: 'File', text: 'Hello' })
      } finally {
        process.env.DATA_DIR = dataDir
      }
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700)
      const files = fs.readdirSync(folder).filter((f) => f.endsWith('.eml'))
      expect(files).toHaveLength(1)
      for (const f of files) expect(fs.statSync(path.join(folder, f)).mode & 0o777).toBe(0o600)
    })

    describe('secret links in the mail queue', () => {
      let rest: (path: string, token: string | null, init?: { method?: string; body?: string }) => Promise<Response>
      const tokens = { admin: '', editor: '' }

      beforeAll(async () => {
        // The tests run the outbox themselves, at the clock they choose: no run in the background (queueing
        // Payload's mail starts one) takes a mail first.
        ;(await import('@/platform/mail/worker-state')).workerState().stopped = true
        rest = (path, token, init = {}) => restRequest(path, { token, ...init })
        for (const [role, account] of [
          ['admin', ADMIN],
          ['editor', EDITOR],
        ] as const) {
          await payload.create({ collection: 'users', data: { ...account, role }, overrideAccess: true })
        }
      })

      beforeEach(async () => {
        // A new session each time: a password reset may end the earlier ones.
        tokens.admin = (await payload.login({ collection: 'users', data: ADMIN })).token!
        tokens.editor = (await payload.login({ collection: 'users', data: EDITOR })).token!
      })

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
      const resetLinkOf = (text: string | undefined) => linkToken(text, 'http://localhost:3000/admin/reset')
      /** Sets the admin's password with the token of a reset link. */
      const resetAdminPassword = (token: string) =>
        payload.resetPassword({
          collection: 'users',
          data: { token, password: 'the-owners-new-password' },
          overrideAccess: true,
        })
      /** Gives the admin's account its password again, for the tests after this one. */
      const restoreAdminPassword = () =>
        payload.update({
          collection: 'users',
          where: { email: { equals: ADMIN.email } },
          data: { password: ADMIN.password },
          overrideAccess: true,
        })

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
        await payload.update({
          collection: 'mail-outbox',
          id: row.id,
          data: { status: 'failed' },
          overrideAccess: true,
        })
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
        const token = resetLinkOf(mail!.text)
        // Payload's reset token, as stored: 20 random bytes in hex.
        expect(token, mail!.text).toMatch(/^[0-9a-f]{40}$/)
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
        await resetAdminPassword(token!)
        const login = await payload.login({
          collection: 'users',
          data: { email: ADMIN.email, password: 'the-owners-new-password' },
        })
        expect(login.user?.email).toBe(ADMIN.email)
        await restoreAdminPassword()
      })

      it('sends a failed mail set back to "Queued" by the admin with its live link', async () => {
        const row = await resetQueued()
        await smtpDown()
        await runEveryTry(payload)
        await smtpUp()
        const failed = await payload.findByID({ collection: 'mail-outbox', id: row.id, overrideAccess: true })
        expect([failed.status, failed.attempts]).toEqual(['failed', 8])
        expect(failed.text).toContain('/admin/reset/[link hidden]')

        const retried = await rest(`/mail-outbox/${row.id}`, tokens.admin, {
          method: 'PATCH',
          body: JSON.stringify({ status: 'queued' }),
        })
        expect(retried.status).toBe(200)
        expect(await mod.deliverDueMail(payload)).toEqual({ sent: 1, retried: 0, failed: 0 })
        const token = resetLinkOf(smtp.mails[0]?.text)
        expect(token, smtp.mails[0]?.text).toMatch(/^[0-9a-f]{40}$/)
        // The link works: it is the one Payload stored.
        await expect(resetAdminPassword(token!)).resolves.toMatchObject({ user: { email: ADMIN.email } })
        await restoreAdminPassword()
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
        await payload.update({
          collection: 'mail-outbox',
          id: row.id,
          data: { status: 'queued' },
          overrideAccess: true,
        })
        expect(await mod.deliverDueMail(payload)).toEqual({ sent: 1, retried: 0, failed: 0 })
        // Sent with its link restored: the one Payload stored, which resets the password.
        const token = resetLinkOf(smtp.mails[0]?.text)
        expect(token, smtp.mails[0]?.text).toMatch(/^[0-9a-f]{40}$/)
        await expect(resetAdminPassword(token!)).resolves.toMatchObject({ user: { email: ADMIN.email } })
        await restoreAdminPassword()
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
            sendAfter: new Date(Date.now() + DAY),
            reference: 'discovery-calls:12',
          },
          {},
        )
        const sealed = async () =>
          (await payload.findByID({ collection: 'mail-outbox', id: id!, overrideAccess: true, showHiddenFields: true }))
            .sealedLinks
        expect(await sealed()).toMatch(/^sealed1\./)
        expect(await cancelQueuedMail(payload, { reference: 'discovery-calls:12' })).toBe(1)
        expect(await sealed()).toBeNull()
      })
    })
  })
}
