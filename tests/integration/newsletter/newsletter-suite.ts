import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { CONTACT_SUCCESS, SUBSCRIBE_SUCCESS } from '../../support/answers'
import { DAY, MINUTE } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { linkToken } from '../../support/outbox'
import { aSubscriber, CONTACT_POST, newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

/**
 * The newsletter below HTTP, on a real database and a real SMTP peer: the double opt-in and its mails, one
 * inbox under many spellings, links that keep working or expire, bursts of sign-ups, and the subscribers'
 * export.
 */
export function newsletterSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`newsletter on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    const site = testSite(setup, { smtp: true })
    // Every test signs up as a different client, so rate limits only meet where a test means them to.
    const client = newClients(`client-${label}`)
    let mod: typeof import('@/features/newsletter/form') &
      typeof import('@/features/contact/form') &
      typeof import('@/platform/mail/outbox')

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      mod = {
        ...(await import('@/features/newsletter/form')),
        ...(await import('@/features/contact/form')),
        ...(await import('@/platform/mail/outbox')),
      }
    })

    const valid = CONTACT_POST
    const count = (collection: 'subscribers') => countOf(payload, collection)

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
      const tomorrow = new Date(Date.now() + DAY + MINUTE)
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
      const confirmToken = linkToken(mail.text, '/newsletter/confirm')!
      const unsubscribeToken = linkToken(mail.text, '/newsletter/unsubscribe')!
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
      const token = (email: string, link: 'confirm' | 'unsubscribe') => linkToken(mailTo(email), `/newsletter/${link}`)!
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
      const linkOf = (mail: { text?: string }) => linkToken(mail.text, '/newsletter/unsubscribe')!
      // Three sign-ups more than a day apart (within a day, the inbox gets one confirmation mail only).
      for (const daysAgo of [3, 1.5, 0]) {
        const at = new Date(Date.now() - daysAgo * DAY)
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

    it('lets a confirmation link expire after 7 days and forgets the sign-up nobody confirmed', async () => {
      const email = `late.${label.toLowerCase()}@example.com`
      const eightDaysAgo = new Date(Date.now() - 8 * DAY)
      expect((await mod.subscribe(payload, { email }, 'footer', client(), eightDaysAgo)).status).toBe('ok')
      await mod.deliverDueMail(payload)
      const mail = smtp.mails.find((m) => m.to?.[0]?.address === email)!
      const token = linkToken(mail.text, '/newsletter/confirm')!
      expect(await mod.confirmSubscription(payload, token)).toBe('invalid')
      // The next sign-up (anyone's) deletes it; signing up again starts afresh.
      expect(
        (await mod.subscribe(payload, { email: `other.late.${label}@example.com` }, 'footer', client())).status,
      ).toBe('ok')
      expect(await countOf(payload, 'subscribers', { email: { equals: email } })).toBe(0)
    })

    it('refuses an invalid address with the decided text and stores nothing', async () => {
      const before = await count('subscribers')
      expect(await mod.subscribe(payload, { email: 'not-an-address' }, 'footer', client())).toMatchObject({
        status: 'invalid',
        message: 'Please enter a valid email address.',
      })
      expect(await count('subscribers')).toBe(before)
    })

    it('exports confirmed subscribers only, as CSV, to logged-in users', async () => {
      const { exportConfirmedSubscribers } = await import('@/features/newsletter/subscribers-csv')
      const anonymous = await exportConfirmedSubscribers({ payload, user: null } as never)
      expect(anonymous.status).toBe(401)
      await aSubscriber(payload, `=cmd@${label.toLowerCase()}.example`)
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
  })
}
