import { spawn } from 'node:child_process'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { startSmtpPeer } from '../../../scripts/lib/smtp-peer'
import { testPayload, type TestDatabase } from '../../support/boot-payload'
import { expectNoLiveLinksInOutbox } from '../../support/outbox'

const CONTACT_SUCCESS = 'Thank you! Your message has been sent. We reply within 2-3 business days.'
const SUBSCRIBE_SUCCESS = 'Thanks! Please check your inbox to confirm your subscription.'

/**
 * The forms end to end below HTTP, on a real database and a real SMTP peer: what is stored, what is mailed,
 * what survives an SMTP outage and a restart, on the database the calling file passes in.
 */
export function formsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`forms and mail on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    const testing = testPayload(setup, { seed: false })
    let ip = 0
    // Every test posts as a different client, so rate limits only meet where a test means them to.
    const client = () => ({ ipHash: `client-${label}-${++ip}-${Math.random()}` })
    let mod: {
      submitContact: typeof import('@/features/contact/form').submitContact
      subscribe: typeof import('@/features/newsletter/form').subscribe
      confirmSubscription: typeof import('@/features/newsletter/form').confirmSubscription
      unsubscribe: typeof import('@/features/newsletter/form').unsubscribe
      deliverDueMail: typeof import('@/platform/mail/outbox').deliverDueMail
      createMailTransport: typeof import('@/platform/mail/transport').createMailTransport
    }

    beforeAll(async () => {
      smtp = await startSmtpPeer()
      payload = await testing.start({
        COACH_EMAIL: 'coach@example.com',
        MAIL_FROM: '"Coach Site" <site@example.com>',
        SMTP_URL: smtp.url,
      })
      mod = {
        ...(await import('@/features/contact/form')),
        ...(await import('@/features/newsletter/form')),
        ...(await import('@/platform/mail/outbox')),
        ...(await import('@/platform/mail/transport')),
      }
    })

    afterAll(async () => {
      await smtp?.close()
      await testing.stop()
    })

    beforeEach(async () => {
      await payload.delete({ collection: 'mail-outbox', where: { id: { exists: true } }, overrideAccess: true })
      smtp.mails.length = 0
    })
    // Whatever mail a test made (newsletter links, a password reset), the outbox shows its links hidden.
    afterEach(() => expectNoLiveLinksInOutbox(payload))
    // A test that failed while SMTP was down leaves it up again: the next test starts as if alone.
    let smtpIsDown = false
    const smtpDown = async () => {
      await smtp.down()
      smtpIsDown = true
    }
    const smtpUp = async () => {
      await smtp.up()
      smtpIsDown = false
    }
    afterEach(async () => {
      if (smtpIsDown) await smtpUp()
    })

    const valid = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      inquiryType: 'media',
      message: 'Could we talk about a podcast episode?',
    }
    const count = async (collection: 'contact-messages' | 'mail-outbox' | 'subscribers') =>
      (await payload.count({ collection, overrideAccess: true })).totalDocs

    it('stores an accepted message with both mails queued, then delivers them: the coach gets it with Reply-To, the sender a receipt', async () => {
      const before = await count('contact-messages')
      const result = await mod.submitContact(payload, valid, client())
      expect(result).toEqual({ status: 'ok', message: CONTACT_SUCCESS })
      expect(await count('contact-messages')).toBe(before + 1)
      const stored = (
        await payload.find({ collection: 'contact-messages', sort: '-receivedAt', limit: 1, overrideAccess: true })
      ).docs[0]!
      expect(stored).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        inquiryType: 'media',
        handled: false,
      })
      expect(stored.ipHash).toMatch(/^client-/)
      // Stored before any mail went out: both mails are still queued.
      const queued = await payload.find({ collection: 'mail-outbox', overrideAccess: true })
      expect(queued.docs.map((m) => m.status)).toEqual(['queued', 'queued'])

      expect(await mod.deliverDueMail(payload)).toEqual({ sent: 2, retried: 0, failed: 0 })
      expect(smtp.mails).toHaveLength(2)
      const toCoach = smtp.mails.find((m) => m.to?.[0]?.address === 'coach@example.com')!
      expect(toCoach.replyTo?.[0]?.address).toBe('ada@example.com')
      expect(toCoach.subject).toBe('New message from Ada Lovelace (Media Inquiry)')
      expect(toCoach.text).toContain('Could we talk about a podcast episode?')
      const receipt = smtp.mails.find((m) => m.to?.[0]?.address === 'ada@example.com')!
      expect(receipt.from?.address).toBe('site@example.com')
      expect(receipt.replyTo?.[0]?.address).toBe('coach@example.com')
      expect(receipt.text).toContain('2-3 business days')
      expect(receipt.text).not.toContain('podcast')
      expect(receipt.text).not.toContain('Ada')
    })

    it("sends the receipt in the coach's words and name; a broken text gives the built-in one, still sent", async () => {
      const brand = { coachName: 'Sam Rivera', siteName: 'Rivera Coaching' }
      await payload.updateGlobal({ slug: 'site-settings', data: { brand }, overrideAccess: true })
      await payload.updateGlobal({
        slug: 'contact-page',
        data: { replyTime: 'one business day', _status: 'published' },
        overrideAccess: true,
      })
      const receiptOf = async (email: string) => {
        expect((await mod.submitContact(payload, { ...valid, email }, client())).status).toBe('ok')
        await mod.deliverDueMail(payload)
        return smtp.mails.find((m) => m.to?.[0]?.address === email)!
      }
      try {
        // A text with a placeholder the mail does not have is refused in the admin's terms, and nothing changes.
        await expect(
          payload.updateGlobal({
            slug: 'mail-texts',
            data: { contactReceipt: { subject: 'Thanks, {name}', body: 'Hi {name}' } },
            overrideAccess: true,
          }),
        ).rejects.toMatchObject({
          data: {
            errors: expect.arrayContaining([
              {
                label: 'Receipt for a message > Subject',
                message: 'This mail has no placeholder {name}. It can use {siteName}, {coachName}.',
                path: 'contactReceipt.subject',
              },
            ]),
          },
        })
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: {
            contactReceipt: {
              subject: 'Thanks from {coachName}',
              body: 'Hi!\n{coachName} answers within {replyTime}.\n-- {siteName}, {siteUrl}',
            },
          },
          overrideAccess: true,
        })
        const edited = await receiptOf('edited@example.com')
        expect(edited.subject).toBe('Thanks from Sam Rivera')
        expect(edited.text?.trim()).toBe(
          'Hi!\nSam Rivera answers within one business day.\n-- Rivera Coaching, http://localhost:3000',
        )

        // Stored around the admin's checks (here straight into the database), a broken text is not used:
        // the built-in one goes out, in the coach's name, and the log names the mail, not the visitor.
        await payload.db.updateGlobal({
          slug: 'mail-texts',
          data: { contactReceipt: { subject: 'Thanks {', body: 'Hi {nmae}' } },
          req: {},
        })
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
        const fallback = await receiptOf('fallback@example.com')
        expect(fallback.subject).toBe('We received your message | Rivera Coaching')
        expect(fallback.text).toContain(
          'Thank you for getting in touch. Your message has reached Sam Rivera, who replies within one business day.',
        )
        const logged = warn.mock.calls.map((c) => c.join(' ')).join('\n')
        warn.mockRestore()
        expect(logged).toContain('The mail text "Receipt for a message" cannot be used')
        expect(logged).not.toContain('fallback@example.com')
      } finally {
        const { MAIL_TEXTS } = await import('@/features/mail-texts/defaults')
        const { DEFAULT_BRAND } = await import('@/domain/brand')
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: {
            contactReceipt: { subject: MAIL_TEXTS.contactReceipt.subject, body: MAIL_TEXTS.contactReceipt.body },
          },
          overrideAccess: true,
        })
        await payload.updateGlobal({
          slug: 'site-settings',
          data: { brand: { coachName: DEFAULT_BRAND.name, siteName: DEFAULT_BRAND.siteName } },
          overrideAccess: true,
        })
        await payload.updateGlobal({
          slug: 'contact-page',
          data: { replyTime: '2-3 business days', _status: 'published' },
          overrideAccess: true,
        })
      }
    })

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
      const later = new Date(now.getTime() + 60_000)
      // Two workers at once (as two app instances would): each mail is still sent once.
      const reports = await Promise.all([mod.deliverDueMail(payload, later), mod.deliverDueMail(payload, later)])
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(2)
      expect(await mod.deliverDueMail(payload, new Date(Date.now() + 3_600_000))).toEqual({
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
        data: { status: 'sending', sentAt: null, claimedAt: new Date(Date.now() - 10 * 60_000).toISOString() },
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
      const instance = () =>
        new Promise<{ sent: number }>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', path.join(import.meta.dirname, '../mail/deliver-once.ts')],
            {
              env: { ...process.env },
              stdio: ['ignore', 'pipe', 'inherit'],
            },
          )
          let out = ''
          child.stdout.on('data', (c: Buffer) => (out += c.toString()))
          child.on('exit', (code) => {
            const line = out.split('\n').findLast((l) => l.startsWith('{"sent"'))
            if (code === 0 && line) resolve(JSON.parse(line) as { sent: number })
            else reject(new Error(`instance exited with ${code}: ${out.slice(-2000)}`))
          })
        })
      const [a, b] = await Promise.all([instance(), instance()])
      expect(a.sent + b.sent).toBe(20)
      expect(smtp.mails).toHaveLength(20)
      expect(new Set(smtp.mails.map((m) => m.subject)).size).toBe(20)
    }, 60_000)

    it('marks a mail failed after its last try and keeps it', async () => {
      await smtpDown()
      expect((await mod.submitContact(payload, valid, client())).status).toBe('ok')
      let now = Date.now()
      for (let i = 0; i < 8; i++) {
        await mod.deliverDueMail(payload, new Date(now))
        now += 2 * 3_600_000
      }
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
        await queue({ now, sendAfter: new Date(now.getTime() + 3_600_000) })
        expect(await mod.deliverDueMail(payload, new Date(now.getTime() + 3_599_000))).toEqual({
          sent: 0,
          retried: 0,
          failed: 0,
        })
        expect(smtp.mails).toHaveLength(0)
        expect(await mod.deliverDueMail(payload, new Date(now.getTime() + 3_600_000))).toEqual({
          sent: 1,
          retried: 0,
          failed: 0,
        })
        expect(smtp.mails.map((m) => m.subject)).toEqual(['Your call'])
      })

      it('cancels the queued mail of one reference, of one kind or all, and never mail already sent', async () => {
        const { cancelQueuedMail } = await import('@/platform/mail/outbox')
        const later = new Date(Date.now() + 86_400_000)
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

    describe('the shared transaction', () => {
      const revalidated = () => {
        const debug = vi.spyOn(payload.logger, 'debug')
        return {
          tags: () =>
            debug.mock.calls.map(([arg]) => (arg as { msg?: string }).msg).filter((m) => m?.startsWith('revalidate ')),
          clear: () => debug.mockClear(),
          restore: () => debug.mockRestore(),
        }
      }

      it('revalidates what its writes change once they are committed, and nothing when they roll back', async () => {
        const { inTransaction } = await import('@/platform/transaction')
        const spy = revalidated()
        try {
          await expect(
            inTransaction(payload, async (req) => {
              await payload.create({
                collection: 'testimonials',
                data: { quote: 'Rolled back', author: 'Nobody' },
                overrideAccess: true,
                req,
              })
              throw new Error('changed my mind')
            }),
          ).rejects.toThrow('changed my mind')
          expect(spy.tags()).toEqual([])
          const leftOver = await payload.find({
            collection: 'testimonials',
            where: { author: { equals: 'Nobody' } },
            overrideAccess: true,
          })
          // Payload's SQLite adapter runs without transactions (it turns them off by default: with libsql a
          // second writer blocks the process while a transaction holds the lock), so only PostgreSQL rolls
          // the row back. Booking must not rely on a rollback on SQLite; see the README.
          expect(leftOver.totalDocs).toBe(label === 'PostgreSQL' ? 0 : 1)
          if (leftOver.docs[0])
            await payload.delete({ collection: 'testimonials', id: leftOver.docs[0].id, overrideAccess: true })

          spy.clear()
          let tagsBeforeCommit: (string | undefined)[] = []
          const created = await inTransaction(payload, async (req) => {
            const doc = await payload.create({
              collection: 'testimonials',
              data: { quote: 'Committed', author: 'Somebody' },
              overrideAccess: true,
              req,
            })
            tagsBeforeCommit = spy.tags()
            return doc
          })
          expect(tagsBeforeCommit).toEqual([])
          // Outside a Next server the revalidation is logged as skipped; inside one it clears the cache.
          expect(spy.tags()).toEqual(['revalidate testimonials skipped outside Next'])
          await payload.delete({ collection: 'testimonials', id: created.id, overrideAccess: true })
        } finally {
          spy.restore()
        }
      })
    })

    const NAME = 'Please enter your name.'
    const EMAIL = 'Please enter your email address.'
    const VALID_EMAIL = 'Please enter a valid email address.'
    const INQUIRY_TYPE = 'Please choose one of the inquiry types.'
    const MESSAGE = 'Please enter a message.'
    const NO_MARKUP = 'Your name cannot contain < or >.'
    it.each([
      ['an over-long name', { name: 'x'.repeat(101) }, { name: 'Your name can be at most 100 characters.' }],
      [
        'an over-long message',
        { message: 'x'.repeat(5001) },
        { message: 'Your message can be at most 5,000 characters.' },
      ],
      [
        'header injection in the e-mail',
        { email: 'ada@example.com\r\nBcc: victim@example.com' },
        { email: VALID_EMAIL },
      ],
      [
        'header injection in the name',
        { name: 'Ada\r\nBcc: victim@example.com' },
        { name: 'Your name cannot contain line breaks.' },
      ],
      ['script in the name', { name: '<script>alert(1)</script>' }, { name: NO_MARKUP }],
      [
        'script everywhere',
        { name: '<b>x</b>', email: '<script>@x', inquiryType: '<i>', message: '<script>alert(1)</script>' },
        { name: NO_MARKUP, email: VALID_EMAIL, inquiryType: INQUIRY_TYPE },
      ],
      [
        'wrong types',
        { name: 1, email: true, inquiryType: ['media'], message: { a: 1 } },
        { name: NAME, email: EMAIL, inquiryType: INQUIRY_TYPE, message: MESSAGE },
      ],
      [
        'missing fields',
        { name: undefined, email: undefined, message: undefined },
        { name: NAME, email: EMAIL, message: MESSAGE },
      ],
      ['an unknown inquiry type', { inquiryType: 'sales' }, { inquiryType: INQUIRY_TYPE }],
    ])('refuses %s with the exact error texts and stores nothing', async (_label, change, errors) => {
      const before = await count('contact-messages')
      const result = await mod.submitContact(payload, { ...valid, ...change }, client())
      expect(result).toMatchObject({ status: 'invalid', message: 'Please correct the fields marked below.' })
      if (result.status !== 'invalid') return
      expect(result.errors).toEqual(errors)
      expect(await count('contact-messages')).toBe(before)
      expect(await count('mail-outbox')).toBe(0)
    })

    it('tells a bot that fills the honeypot "thank you" and stores and sends nothing', async () => {
      const before = await count('contact-messages')
      expect(await mod.submitContact(payload, { ...valid, website: 'https://spam.example' }, client())).toEqual({
        status: 'ok',
        message: CONTACT_SUCCESS,
      })
      expect(await count('contact-messages')).toBe(before)
      expect(await count('mail-outbox')).toBe(0)
    })

    it('keeps a message whose fields hold NUL characters, without them (PostgreSQL cannot store one)', async () => {
      const nul = { ...valid, name: 'Ada\u0000 Lovelace', message: 'Hello\u0000 there' }
      expect(await mod.submitContact(payload, nul, client())).toEqual({ status: 'ok', message: CONTACT_SUCCESS })
      const stored = (
        await payload.find({ collection: 'contact-messages', sort: '-receivedAt', limit: 1, overrideAccess: true })
      ).docs[0]!
      expect([stored.name, stored.message]).toEqual(['Ada Lovelace', 'Hello there'])
    })

    it('refuses a form sent faster than a person could fill it', async () => {
      const result = await mod.submitContact(payload, { ...valid, startedAt: String(Date.now() - 500) }, client())
      expect(result.status).toBe('invalid')
    })

    it('allows 5 posts per client in 10 minutes, then refuses with a clear text', async () => {
      const c = client()
      for (let i = 0; i < 5; i++) {
        expect((await mod.submitContact(payload, { ...valid, email: `r${i}@example.com` }, c)).status).toBe('ok')
      }
      const sixth = await mod.submitContact(payload, { ...valid, email: 'r6@example.com' }, c)
      expect(sixth.status).toBe('rate-limited')
      expect(sixth.message).toMatch(/Too many messages/)
      // Another client is not affected...
      expect((await mod.submitContact(payload, { ...valid, email: 'other@example.com' }, client())).status).toBe('ok')
      // ...and ten minutes later the first one may post again.
      const later = new Date(Date.now() + 10 * 60_000 + 1000)
      expect((await mod.submitContact(payload, { ...valid, email: 'r7@example.com' }, c, later)).status).toBe('ok')
    })

    it('counts victim+1@, Victim+2@… as one inbox: one confirmation mail a day, the sixth sign-up in 10 minutes refused', async () => {
      const inbox = `victim.${label.toLowerCase()}`
      for (let i = 1; i <= 5; i++) {
        const result = await mod.subscribe(payload, { email: `${inbox}+${i}@example.com` }, 'footer', client())
        expect(result.status, `sign-up ${i}`).toBe('ok')
      }
      const sixth = await mod.subscribe(payload, { email: `${inbox.toUpperCase()}+6@Example.com` }, 'footer', client())
      expect(sixth.status).toBe('rate-limited')
      // And within a day that inbox got one confirmation mail, not five.
      const mails = await payload.find({ collection: 'mail-outbox', overrideAccess: true })
      expect(mails.docs.map((m) => m.to)).toEqual([`${inbox}+1@example.com`])
      // A day later it may get one more.
      const tomorrow = new Date(Date.now() + 86_400_000 + 60_000)
      expect(
        (await mod.subscribe(payload, { email: `${inbox}+7@example.com` }, 'footer', client(), tomorrow)).status,
      ).toBe('ok')
      expect((await payload.count({ collection: 'mail-outbox', overrideAccess: true })).totalDocs).toBe(2)
    })

    it('double opt-in: confirmation mail, confirm with the token, unsubscribe in one idempotent step', async () => {
      const email = `Reader.${label}@Example.com`
      expect(await mod.subscribe(payload, { email }, 'workshops', client())).toEqual({
        status: 'ok',
        message: SUBSCRIBE_SUCCESS,
      })
      const sub = (
        await payload.find({
          collection: 'subscribers',
          where: { email: { equals: email.toLowerCase() } },
          overrideAccess: true,
        })
      ).docs[0]!
      expect(sub).toMatchObject({ status: 'pending', source: 'workshops' })
      await mod.deliverDueMail(payload)
      expect(smtp.mails).toHaveLength(1)
      const mail = smtp.mails[0]!
      expect(mail.subject).toMatch(/confirm your subscription/i)
      const headers = Object.fromEntries(mail.headers.map((h) => [h.key, h.value]))
      expect(headers['list-unsubscribe']).toMatch(/^<https?:\/\/.+\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/)
      expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      const confirmToken = /\/newsletter\/confirm\/([\w-]+)/.exec(mail.text ?? '')![1]!
      const unsubscribeToken = /\/newsletter\/unsubscribe\/([\w-]+)/.exec(mail.text ?? '')![1]!
      // Only hashes are stored.
      const raw = JSON.stringify(
        await payload.findByID({ collection: 'subscribers', id: sub.id, overrideAccess: true, showHiddenFields: true }),
      )
      expect(raw).not.toContain(confirmToken)
      expect(raw).not.toContain(unsubscribeToken)

      expect(await mod.confirmSubscription(payload, 'not-a-token')).toBe('invalid')
      const confirmedAt = new Date()
      expect(await mod.confirmSubscription(payload, confirmToken, confirmedAt)).toBe('confirmed')
      const confirmed = await payload.findByID({ collection: 'subscribers', id: sub.id, overrideAccess: true })
      expect([confirmed.status, confirmed.consentAt]).toEqual(['confirmed', confirmedAt.toISOString()])

      // Subscribing again: the same answer, no new row, no mail.
      smtp.mails.length = 0
      expect(await mod.subscribe(payload, { email: email.toUpperCase() }, 'footer', client())).toEqual({
        status: 'ok',
        message: SUBSCRIBE_SUCCESS,
      })
      await mod.deliverDueMail(payload)
      expect(smtp.mails).toHaveLength(0)
      expect(
        (
          await payload.count({
            collection: 'subscribers',
            where: { email: { equals: email.toLowerCase() } },
            overrideAccess: true,
          })
        ).totalDocs,
      ).toBe(1)

      expect(await mod.unsubscribe(payload, unsubscribeToken)).toBe('unsubscribed')
      expect(await mod.unsubscribe(payload, unsubscribeToken)).toBe('unsubscribed')
      expect((await payload.findByID({ collection: 'subscribers', id: sub.id, overrideAccess: true })).status).toBe(
        'unsubscribed',
      )

      // Coming back later starts a fresh double opt-in.
      expect((await mod.subscribe(payload, { email }, 'footer', client())).status).toBe('ok')
      expect((await payload.findByID({ collection: 'subscribers', id: sub.id, overrideAccess: true })).status).toBe(
        'pending',
      )
      await mod.deliverDueMail(payload)
      expect(smtp.mails).toHaveLength(1)
    })

    it('takes a dozen messages, a dozen sign-ups, a dozen confirmations and a dozen unsubscribes at once: none waits on another for the database', async () => {
      // More posts at once than the database pool has connections (10): each holds one for its transaction,
      // and none may need a second one meanwhile, or all of them wait on one another until each fails.
      const dozen = Array.from({ length: 12 }, (_, i) => i)
      const messages = await Promise.all(
        dozen.map((i) => mod.submitContact(payload, { ...valid, email: `burst-${i}.${label}@example.com` }, client())),
      )
      expect(messages).toEqual(dozen.map(() => ({ status: 'ok', message: CONTACT_SUCCESS })))
      const emails = dozen.map((i) => `burst-reader-${i}.${label.toLowerCase()}@example.com`)
      const signUps = await Promise.all(emails.map((email) => mod.subscribe(payload, { email }, 'footer', client())))
      expect(signUps).toEqual(emails.map(() => ({ status: 'ok', message: SUBSCRIBE_SUCCESS })))
      await mod.deliverDueMail(payload)
      const mailTo = (email: string) => smtp.mails.find((m) => m.to?.[0]?.address === email)!.text ?? ''
      const token = (email: string, link: 'confirm' | 'unsubscribe') =>
        new RegExp(`/newsletter/${link}/([\\w-]+)`).exec(mailTo(email))![1]!
      const confirmed = await Promise.all(
        emails.map((email) => mod.confirmSubscription(payload, token(email, 'confirm'))),
      )
      expect(confirmed).toEqual(emails.map(() => 'confirmed'))
      const left = await Promise.all(emails.map((email) => mod.unsubscribe(payload, token(email, 'unsubscribe'))))
      expect(left).toEqual(emails.map(() => 'unsubscribed'))
      const stored = await payload.find({
        collection: 'subscribers',
        where: { email: { in: emails } },
        pagination: false,
        overrideAccess: true,
      })
      expect(stored.docs.map((s) => s.status)).toEqual(emails.map(() => 'unsubscribed'))
    })

    it('keeps every unsubscribe link ever mailed to an address working, however many mails follow', async () => {
      const email = `links.${label.toLowerCase()}@example.com`
      const linkOf = (mail: { text?: string }) => /\/newsletter\/unsubscribe\/([\w-]+)/.exec(mail.text ?? '')![1]!
      // Three sign-ups more than a day apart (within a day, the inbox gets one confirmation mail only).
      for (const daysAgo of [3, 1.5, 0]) {
        const at = new Date(Date.now() - daysAgo * 86_400_000)
        expect((await mod.subscribe(payload, { email }, 'footer', client(), at)).status).toBe('ok')
      }
      expect((await mod.subscribe(payload, { email: `other.${label}@example.com` }, 'footer', client())).status).toBe(
        'ok',
      )
      await mod.deliverDueMail(payload)
      const mine = smtp.mails.filter((m) => m.to?.[0]?.address === email)
      expect(mine).toHaveLength(3)
      const links = new Set(mine.map(linkOf))
      expect(links.size).toBe(1)
      const other = smtp.mails.find((m) => m.to?.[0]?.address !== email)!
      expect(linkOf(other)).not.toBe(linkOf(mine[0]!))
      // The first mail's link, used after the later ones were sent.
      expect(await mod.unsubscribe(payload, linkOf(mine[0]!))).toBe('unsubscribed')
      const stored = await payload.find({
        collection: 'subscribers',
        where: { email: { equals: email } },
        overrideAccess: true,
      })
      expect(stored.docs[0]!.status).toBe('unsubscribed')
      // Still the same link after coming back and leaving again.
      expect((await mod.subscribe(payload, { email }, 'footer', client())).status).toBe('ok')
      expect(await mod.unsubscribe(payload, linkOf(mine[2]!))).toBe('unsubscribed')
      expect(await mod.unsubscribe(payload, linkOf(other))).toBe('unsubscribed')
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

    it('holds back visitor mail past the hourly ceiling, keeps every message, and tells the coach once', async () => {
      process.env.VISITOR_MAIL_PER_HOUR = '3'
      const floods = [1, 2, 3, 4, 5].map((i) => `flood${i}.${label.toLowerCase()}@example.com`)
      try {
        for (const email of floods) {
          expect((await mod.submitContact(payload, { ...valid, email }, client())).status).toBe('ok')
        }
      } finally {
        delete process.env.VISITOR_MAIL_PER_HOUR
      }
      const kinds = (
        await payload.find({ collection: 'mail-outbox', pagination: false, overrideAccess: true })
      ).docs.map((m) => m.kind)
      expect(kinds.filter((k) => k === 'contact-confirmation')).toHaveLength(3)
      expect(kinds.filter((k) => k === 'contact-notification')).toHaveLength(5)
      const notice = await payload.find({
        collection: 'mail-outbox',
        where: { kind: { equals: 'visitor-mail-ceiling' } },
        overrideAccess: true,
      })
      expect(notice.docs.map((m) => [m.to, m.subject])).toEqual([
        ['coach@example.com', 'The site held back visitor mail | Jordan Ellis Coaching'],
      ])
      const stored = await payload.count({
        collection: 'contact-messages',
        where: { email: { in: floods } },
        overrideAccess: true,
      })
      expect(stored.totalDocs).toBe(5)
    })

    it('lets a confirmation link expire after 7 days and forgets the sign-up nobody confirmed', async () => {
      const email = `late.${label.toLowerCase()}@example.com`
      const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000)
      expect((await mod.subscribe(payload, { email }, 'footer', client(), eightDaysAgo)).status).toBe('ok')
      await mod.deliverDueMail(payload)
      const mail = smtp.mails.find((m) => m.to?.[0]?.address === email)!
      const token = /\/newsletter\/confirm\/([\w-]+)/.exec(mail.text ?? '')![1]!
      expect(await mod.confirmSubscription(payload, token)).toBe('invalid')
      // The next sign-up (anyone's) deletes it; signing up again starts afresh.
      expect(
        (await mod.subscribe(payload, { email: `other.late.${label}@example.com` }, 'footer', client())).status,
      ).toBe('ok')
      const left = await payload.count({
        collection: 'subscribers',
        where: { email: { equals: email } },
        overrideAccess: true,
      })
      expect(left.totalDocs).toBe(0)
    })

    it('refuses an invalid address with the decided text and stores nothing', async () => {
      const before = await count('subscribers')
      expect(await mod.subscribe(payload, { email: 'not-an-address' }, 'footer', client())).toMatchObject({
        status: 'invalid',
        message: 'Please enter a valid email address.',
      })
      expect(await count('subscribers')).toBe(before)
    })

    it("sends the admin's password reset mail through the outbox, across an SMTP outage; its link sets a new password", async () => {
      const email = `reset@${label.toLowerCase()}.example`
      await payload.create({
        collection: 'users',
        data: { email, password: 'the-old-password-1', role: 'editor' },
        overrideAccess: true,
      })
      await smtpDown()
      await payload.forgotPassword({ collection: 'users', data: { email } })
      // Queued in the outbox (just after Payload commits the token), and kept while SMTP is down.
      await expect
        .poll(async () => (await payload.find({ collection: 'mail-outbox', overrideAccess: true })).docs, {
          timeout: 10_000,
        })
        .toMatchObject([{ kind: 'account', to: email, subject: 'Reset your password | Jordan Ellis Coaching' }])
      await mod.deliverDueMail(payload)
      expect(smtp.mails).toHaveLength(0)

      await smtpUp()
      await mod.deliverDueMail(payload, new Date(Date.now() + 3_600_000))
      expect(smtp.mails).toHaveLength(1)
      const [mail] = smtp.mails
      expect(mail!.from?.address).toBe('site@example.com')
      expect(mail!.to?.map((t) => t.address)).toEqual([email])
      const token = mail!.text?.match(/http:\/\/localhost:3000\/admin\/reset\/(\w+)/)?.[1]
      expect(token, mail!.text).toBeTruthy()

      await payload.resetPassword({
        collection: 'users',
        data: { token: token!, password: 'the-new-password-2' },
        overrideAccess: true,
      })
      const login = await payload.login({ collection: 'users', data: { email, password: 'the-new-password-2' } })
      expect(login.user?.email).toBe(email)
      await expect(
        payload.login({ collection: 'users', data: { email, password: 'the-old-password-1' } }),
      ).rejects.toThrow('The email or password provided is incorrect.')
    })

    it('exports confirmed subscribers only, as CSV, to logged-in users', async () => {
      const { exportConfirmedSubscribers } = await import('@/features/newsletter/subscribers-csv')
      const anonymous = await exportConfirmedSubscribers({ payload, user: null } as never)
      expect(anonymous.status).toBe(401)
      await payload.create({
        collection: 'subscribers',
        data: {
          email: `=cmd@${label.toLowerCase()}.example`,
          status: 'confirmed',
          consentAt: new Date().toISOString(),
          source: 'footer',
        },
        overrideAccess: true,
      })
      await payload.create({
        collection: 'subscribers',
        data: { email: `pending@${label.toLowerCase()}.example`, status: 'pending' },
        overrideAccess: true,
      })
      const res = await exportConfirmedSubscribers({ payload, user: { id: 1 } } as never)
      expect(res.headers.get('content-type')).toMatch(/text\/csv/)
      const csv = await res.text()
      expect(csv.split('\r\n')[0]).toBe('email,consent_at,source')
      expect(csv).toContain(`"'=cmd@${label.toLowerCase()}.example"`)
      expect(csv).not.toContain('pending@')
    })

    it('exports everything the coach owns, as JSON and each list as CSV, to admins only and without secrets', async () => {
      const { exportEndpoints } = await import('@/features/export/everything')
      const [everything, oneList] = exportEndpoints
      // Its own message and subscriber, not what the tests before it left.
      const sender = `export.${label.toLowerCase()}@example.com`
      expect((await mod.submitContact(payload, { ...valid, email: sender }, client())).status).toBe('ok')
      await payload.create({
        collection: 'subscribers',
        data: {
          email: `=export@${label.toLowerCase()}.example`,
          status: 'confirmed',
          consentAt: new Date().toISOString(),
          source: 'footer',
        },
        overrideAccess: true,
      })
      const call = (endpoint: typeof everything, user: object | null, list?: string) =>
        endpoint!.handler({ payload, user, routeParams: { list } } as never) as Promise<Response>
      expect((await call(everything, null)).status).toBe(401)
      expect((await call(everything, { id: 2, role: 'editor' })).status).toBe(403)

      const admin = { id: 1, role: 'admin' }
      const res = await call(everything, admin)
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
        200,
        'application/json; charset=utf-8',
        'no-store',
      ])
      const text = await res.text()
      const data = JSON.parse(text) as { collections: Record<string, Record<string, unknown>[]>; globals: object }
      expect(Object.keys(data.collections)).toEqual(
        expect.arrayContaining(['contact-messages', 'subscribers', 'discovery-calls', 'testimonials', 'blog-posts']),
      )
      expect(Object.keys(data.globals)).toEqual(expect.arrayContaining(['site-settings', 'home-page', 'mail-texts']))
      expect(data.collections.subscribers!.map((s) => s.email)).toContain(`=export@${label.toLowerCase()}.example`)
      expect(data.collections['contact-messages']!.filter((m) => m.email === sender)).toMatchObject([
        { name: 'Ada Lovelace', message: valid.message },
      ])
      // No secret under any name: link tokens, hashes, passwords.
      expect(text).not.toMatch(/"[^"]*(Token|Hash|hash|salt|password)[^"]*":/)

      const csv = await call(oneList!, admin, 'subscribers')
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      const rows = (await csv.text()).split('\r\n')
      expect(rows[0]).toContain('"email"')
      expect(rows[0]).not.toMatch(/Hash/)
      expect(rows.some((r) => r.includes(`"'=export@${label.toLowerCase()}.example"`))).toBe(true)
      expect((await call(oneList!, admin, 'rate-limit-hits')).status).toBe(404)
    })
  })
}
