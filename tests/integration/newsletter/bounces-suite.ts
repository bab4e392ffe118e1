import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paragraphs } from '@/features/pages/rich-text'
import type { Newsletter } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { startImapServer, type ImapServer } from '../../support/imap-server'
import { testSite } from '../../support/site'

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/bounces', name), 'utf8')

/**
 * Bounces and complaints read from a real IMAP server (Dovecot) holding real-looking reports about mails the
 * site really sent: only a hard bounce and a complaint about one of our mails, to the address it was sent to,
 * act; delays, auto-replies, a reader's reply and a forged report change nothing.
 */
export function newsletterBouncesSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`bounces and complaints on ${label}`, () => {
    let payload: Payload
    let imap: ImapServer
    const site = testSite(setup, { smtp: true })

    beforeAll(async () => {
      ;({ payload } = site)
      imap = await startImapServer()
      process.env.BOUNCE_IMAP_URL = `imap://${imap.user}:${encodeURIComponent(imap.pass)}@${imap.host}:${imap.port}/INBOX`
    })
    afterAll(async () => {
      delete process.env.BOUNCE_IMAP_URL
      await imap?.stop()
    })

    it('stops mail to an address that bounced, unsubscribes one that complained, and ignores the rest', async () => {
      const { runNewsletterSender } = await import('@/features/newsletter/sending')
      const { sendNow } = await import('@/features/newsletter/issue-actions')
      const { bulkMailTransport } = await import('@/platform/mail/transport')
      const { readBouncesIfDue } = await import('@/features/newsletter/bounces')
      const names = ['gone', 'spam', 'away', 'slow', 'fine'] as const
      const email = (n: string) => `${n}.${label.toLowerCase()}@example.net`
      for (const n of names) {
        await payload.create({
          collection: 'subscribers',
          data: {
            email: email(n),
            status: 'confirmed',
            consentAt: new Date(Date.now() - 60_000).toISOString(),
            source: 'footer',
          },
          overrideAccess: true,
        })
      }
      const send = async (subject: string) => {
        const issue = await payload.create({
          collection: 'newsletters',
          data: { subject, status: 'draft', body: paragraphs('News.') as Newsletter['body'] },
          overrideAccess: true,
        })
        await sendNow(payload, issue.id)
        await runNewsletterSender(payload, bulkMailTransport(), { windows: [] })
        return issue
      }
      const first = await send('First letter')
      const rows = (
        await payload.find({
          collection: 'newsletter-deliveries',
          where: { newsletter: { equals: first.id } },
          overrideAccess: true,
        })
      ).docs
      const row = (n: string) => rows.find((r) => r.email === email(n))!
      expect(rows.map((r) => r.status)).toEqual(Array(5).fill('sent'))
      const about = (text: string, from: string, n: string) =>
        text
          .replaceAll(from, row(n).messageId!)
          .replaceAll(/Nobody@Example\.org|Lena\.Fischer@yahoo\.example|ines@slow\.example\.net/gi, email(n))

      await imap.deliver(about(fixture('postfix-user-unknown.eml'), '<newsletter-12-345@coach.example>', 'gone'))
      await imap.deliver(about(fixture('arf-abuse-complaint.eml'), '<newsletter-12-350@coach.example>', 'spam'))
      await imap.deliver(about(fixture('out-of-office.eml'), '<newsletter-12-348@coach.example>', 'away'))
      await imap.deliver(about(fixture('gmail-delayed.eml'), '<newsletter-12-347@coach.example>', 'slow'))
      await imap.deliver(about(fixture('human-reply.eml'), '<newsletter-12-351@coach.example>', 'fine'))
      // A forged bounce: one of our Message-IDs, but another address than that mail went to.
      await imap.deliver(
        fixture('postfix-user-unknown.eml')
          .replaceAll('<newsletter-12-345@coach.example>', row('fine').messageId!)
          .replaceAll(/Nobody@Example\.org/gi, 'someone.else@example.net'),
      )

      const run = await readBouncesIfDue(payload, Date.now())
      expect(run).toMatchObject({ read: 6, acted: 3, failures: [] })
      const status = async (collection: 'subscribers' | 'newsletter-deliveries', n: string) =>
        (
          await payload.find({
            collection,
            where: collection === 'subscribers' ? { email: { equals: email(n) } } : { id: { equals: row(n).id } },
            overrideAccess: true,
          })
        ).docs[0]!.status
      expect(await status('subscribers', 'gone')).toBe('bounced')
      expect(await status('newsletter-deliveries', 'gone')).toBe('bounced')
      expect(await status('subscribers', 'spam')).toBe('unsubscribed')
      expect(await status('newsletter-deliveries', 'spam')).toBe('complained')
      for (const n of ['away', 'slow', 'fine']) {
        expect(await status('subscribers', n), n).toBe('confirmed')
        expect(await status('newsletter-deliveries', n), n).toBe('sent')
      }
      // Every report was read once: the next run has none.
      expect((await imap.messages()).every((m) => m.seen)).toBe(true)
      expect(await readBouncesIfDue(payload, Date.now() + 24 * 60 * 60_000)).toMatchObject({ read: 0, acted: 0 })

      // The next issue goes to the three left.
      site.smtp.received.length = 0
      await send('Second letter')
      expect(site.smtp.received.flatMap((r) => r.to).sort()).toEqual(['away', 'fine', 'slow'].map(email).sort())
    })
  })
}
