import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { CONTACT_SUCCESS } from '../../support/answers'
import { MINUTE, SECOND } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { restRequest } from '../../support/rest'
import { CONTACT_POST, newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

/**
 * The contact form below HTTP, on a real database and a real SMTP peer: what it refuses and what it stores
 * and mails (the coach's notice with Reply-To, the sender's receipt in the coach's words), the hourly ceiling
 * of visitor mail, and the coach ticking a dozen messages handled at once in the admin.
 */
export function contactSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`contact on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    const site = testSite(setup, { smtp: true })
    // Every test posts as a different client, so rate limits only meet where a test means them to.
    const client = newClients(`client-${label}`)
    let mod: typeof import('@/features/contact/form') & typeof import('@/platform/mail/outbox')

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      mod = { ...(await import('@/features/contact/form')), ...(await import('@/platform/mail/outbox')) }
    })

    const valid = CONTACT_POST
    const count = (collection: 'contact-messages' | 'mail-outbox') => countOf(payload, collection)

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

    it('keeps one message when the same body is posted twice at once (a double click): both posts are thanked, one receipt is mailed', async () => {
      const email = `twice.${label.toLowerCase()}@example.com`
      const body = { ...valid, email, message: 'Sent with a double click.' }
      const c = client()
      const answers = await Promise.all([
        mod.submitContact(payload, body, c),
        mod.submitContact(payload, { ...body }, c),
      ])
      expect(answers).toEqual([
        { status: 'ok', message: CONTACT_SUCCESS },
        { status: 'ok', message: CONTACT_SUCCESS },
      ])
      expect(await countOf(payload, 'contact-messages', { email: { equals: email } })).toBe(1)
      expect(await countOf(payload, 'mail-outbox', { to: { equals: email } })).toBe(1)
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

    it('keeps a message at its limit with line breaks, as the browser posts it (each as CR LF), one character per line break', async () => {
      // 50 lines of 99 characters: 4,999 with the line breaks, as the browser's limit of 5,000 counts them.
      const lines = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(99, '.'))
      const posted = { ...valid, message: lines.join('\r\n') }
      expect(await mod.submitContact(payload, posted, client())).toEqual({ status: 'ok', message: CONTACT_SUCCESS })
      const stored = (
        await payload.find({ collection: 'contact-messages', sort: '-receivedAt', limit: 1, overrideAccess: true })
      ).docs[0]!
      expect(stored.message).toBe(lines.join('\n'))
      expect(stored.message).toHaveLength(4999)
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
      const later = new Date(Date.now() + 10 * MINUTE + SECOND)
      expect((await mod.submitContact(payload, { ...valid, email: 'r7@example.com' }, c, later)).status).toBe('ok')
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
      expect(await countOf(payload, 'contact-messages', { email: { in: floods } })).toBe(5)
    })

    it('saves a dozen messages ticked "Handled" at once through the REST API, as the admin saves them, and deletes a dozen at once: none waits on another for the database', async () => {
      // Payload's REST update and delete check that nobody else is editing the document (its document lock)
      // inside the operation's transaction: that read must not need a second pooled connection either.
      const email = `lock-burst@${label.toLowerCase()}.example`
      const password = 'a fine long passphrase'
      const coach = await payload.create({ collection: 'users', data: { email, password, role: 'admin' } })
      const { token } = await payload.login({ collection: 'users', data: { email, password } })
      const messages: import('@/payload-types').ContactMessage[] = []
      for (let i = 0; i < 12; i++)
        messages.push(
          await payload.create({
            collection: 'contact-messages',
            data: {
              name: `Sender ${i}`,
              email: `sender-${i}@example.com`,
              inquiryType: 'general',
              message: 'Hello there.',
              receivedAt: new Date().toISOString(),
            },
            overrideAccess: true,
          }),
        )
      const rest = (method: string, path: string, body?: object) =>
        restRequest(path, { method, token, body }).then(async (r) =>
          r.status === 200 ? 'done' : `${r.status} ${await r.text()}`,
        )
      const saved = await Promise.all(
        messages.map((m) => rest('PATCH', `/contact-messages/${m.id}`, { handled: true })),
      )
      expect(saved).toEqual(messages.map(() => 'done'))
      const handled = await payload.count({
        collection: 'contact-messages',
        where: { and: [{ id: { in: messages.map((m) => m.id) } }, { handled: { equals: true } }] },
        overrideAccess: true,
      })
      expect(handled.totalDocs).toBe(12)
      // The lock still holds: a message someone else has open is neither saved nor deleted, alone or in bulk,
      // and the coach's own lock does not stand in the way.
      const other = await payload.create({
        collection: 'users',
        data: { email: `lock-other@${label.toLowerCase()}.example`, password, role: 'editor' },
      })
      const lock = (m: (typeof messages)[number], by: number) =>
        payload.create({
          collection: 'payload-locked-documents',
          data: {
            document: { relationTo: 'contact-messages', value: m.id },
            globalSlug: null,
            user: { relationTo: 'users', value: by },
          },
          overrideAccess: true,
        })
      await lock(messages[0]!, other.id)
      await lock(messages[1]!, coach.id)
      expect(await rest('PATCH', `/contact-messages/${messages[0]!.id}`, { handled: false })).toMatch(/^423 .*locked/)
      expect(await rest('DELETE', `/contact-messages/${messages[0]!.id}`)).toMatch(/^423 .*locked/)
      expect(await rest('PATCH', `/contact-messages/${messages[1]!.id}`, { handled: false })).toBe('done')
      const bulk = await rest('PATCH', `/contact-messages?where[id][in]=${messages[0]!.id},${messages[2]!.id}`, {
        handled: false,
      })
      expect(bulk).toMatch(/^400 .*locked/)
      const unhandled = await payload.find({
        collection: 'contact-messages',
        where: { and: [{ id: { in: messages.map((m) => m.id) } }, { handled: { equals: false } }] },
        overrideAccess: true,
      })
      expect(unhandled.docs.map((m) => m.id).sort()).toEqual([messages[1]!.id, messages[2]!.id].sort())
      await payload.delete({
        collection: 'payload-locked-documents',
        where: { id: { exists: true } },
        overrideAccess: true,
      })
      await payload.delete({ collection: 'users', id: other.id })
      const deleted = await Promise.all(messages.map((m) => rest('DELETE', `/contact-messages/${m.id}`)))
      expect(deleted).toEqual(messages.map(() => 'done'))
      expect(
        (
          await payload.count({
            collection: 'contact-messages',
            where: { id: { in: messages.map((m) => m.id) } },
            overrideAccess: true,
          })
        ).totalDocs,
      ).toBe(0)
      await payload.delete({ collection: 'users', id: coach.id })
    })
  })
}
