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

    it('acts only on a report naming a mail the site signed, to its reader; the coach sees why and restores', async () => {
      const { runNewsletterSender } = await import('@/features/newsletter/sending')
      const { sendNow } = await import('@/features/newsletter/issue-actions')
      const { bulkMailTransport } = await import('@/platform/mail/transport')
      const { applyBounce } = await import('@/features/newsletter/bounces')
      const { coachZone, dayIn } = await import('@/features/newsletter/leaving')
      const { readPerson } = await import('@/features/people/people')
      const { personKey } = await import('@/domain/people')
      const { restRequest } = await import('../../support/rest')
      const { payloadSecret } = await import('@/platform/secret')
      const names = ['ana', 'ben', 'cleo', 'dan'] as const
      const email = (n: string) => `${n}.reports.${label.toLowerCase()}@example.net`
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
      const issue = await payload.create({
        collection: 'newsletters',
        data: { subject: 'Reports letter', status: 'draft', body: paragraphs('News.') as Newsletter['body'] },
        overrideAccess: true,
      })
      await sendNow(payload, issue.id)
      await runNewsletterSender(payload, bulkMailTransport(), { windows: [] })
      const rows = (
        await payload.find({
          collection: 'newsletter-deliveries',
          where: { newsletter: { equals: issue.id } },
          overrideAccess: true,
        })
      ).docs
      const row = (n: string) => rows.find((r) => r.email === email(n))!
      const subscriber = async (n: string) =>
        (
          await payload.find({
            collection: 'subscribers',
            where: { email: { equals: email(n) } },
            overrideAccess: true,
          })
        ).docs[0]!
      const state = async () =>
        Promise.all(
          names.map(async (n) => {
            const s = await subscriber(n)
            const d = await payload.findByID({
              collection: 'newsletter-deliveries',
              id: row(n).id,
              overrideAccess: true,
            })
            return [n, s.status, s.leftNote ?? null, d.status]
          }),
        )
      const untouched = names.map((n) => [n, 'confirmed', null, 'sent'])
      const complaint = (messageId: string, recipients: string[] = []) => ({
        kind: 'complaint' as const,
        recipients: recipients.map((address) => ({ address })),
        originalMessageId: messageId,
      })
      const bounce = (messageId: string, address: string) => ({
        kind: 'hard-bounce' as const,
        recipients: [{ address, status: '5.1.1', diagnostic: '550 5.1.1 User unknown' }],
        originalMessageId: messageId,
      })
      const on = new Date('2026-12-03T15:00:00Z')

      // Forged: the old guessable shape, a well-formed id with a wrong signature, an id signed for another row.
      const signature = /-([\w-]{32})@/.exec(row('ana').messageId!)![1]!
      const forged = [
        `<newsletter-${issue.id}-${row('ana').id}@localhost>`,
        row('ana').messageId!.replace(signature, 'A'.repeat(32)),
        row('ana').messageId!.replace(signature, /-([\w-]{32})@/.exec(row('ben').messageId!)![1]!),
      ]
      for (const id of forged) {
        expect(await applyBounce(payload, complaint(id), on), id).toBe('ignored')
        expect(await applyBounce(payload, complaint(id, [email('ana')]), on), id).toBe('ignored')
        expect(await applyBounce(payload, bounce(id, email('ana')), on), id).toBe('ignored')
      }
      // Genuine ids, but naming someone else than the reader that mail went to.
      expect(await applyBounce(payload, complaint(row('ana').messageId!, [email('ben')]), on)).toBe('ignored')
      expect(await applyBounce(payload, bounce(row('ana').messageId!, email('ben')), on)).toBe('ignored')
      expect(await applyBounce(payload, bounce(row('ana').messageId!, 'someone.else@example.net'), on)).toBe('ignored')
      expect(await state()).toEqual(untouched)

      // Genuine: a complaint (its address redacted, as providers do) and a bounce naming the reader.
      expect(await applyBounce(payload, complaint(row('ana').messageId!), on)).toBe('complained')
      expect(await applyBounce(payload, bounce(row('ben').messageId!, email('ben')), on)).toBe('bounced')
      expect(await state()).toEqual([
        ['ana', 'unsubscribed', 'Removed after a spam complaint on December 3, 2026.', 'complained'],
        [
          'ben',
          'bounced',
          'Removed after their mail server refused the address on December 3, 2026 (550 5.1.1 User unknown).',
          'bounced',
        ],
        ['cleo', 'confirmed', null, 'sent'],
        ['dan', 'confirmed', null, 'sent'],
      ])
      expect((await subscriber('ana')).leftBecause).toBe('complaint')
      // The coach reads it in People too.
      const admin = { email: `admin.reports@${label.toLowerCase()}.example`, password: 'a long admin passphrase' }
      const editor = { email: `editor.reports@${label.toLowerCase()}.example`, password: 'a long editor passphrase' }
      for (const [account, role] of [
        [admin, 'admin'],
        [editor, 'editor'],
      ] as const)
        await payload.create({ collection: 'users', data: { ...account, role } })
      const adminUser = (await payload.find({ collection: 'users', where: { email: { equals: admin.email } } }))
        .docs[0]!
      const person = await readPerson(
        payload,
        { ...adminUser, collection: 'users' },
        personKey(payloadSecret(), email('ana')),
      )
      expect(person!.subscriber).toMatchObject({
        status: 'unsubscribed',
        why: 'Removed after a spam complaint on December 3, 2026.',
      })

      // Restoring, through the endpoint the subscriber's screen calls: per role, and only who was removed.
      const token = async (account: { email: string; password: string }) =>
        (await payload.login({ collection: 'users', data: account })).token!
      const restore = async (n: string, as: string | null) => {
        const res = await restRequest(`/subscribers/${(await subscriber(n)).id}/restore`, { method: 'POST', token: as })
        const body = (await res.json()) as { message?: string; errors?: { message: string }[] }
        return [res.status, body.message ?? body.errors?.[0]?.message]
      }
      const editorToken = await token(editor)
      const adminToken = await token(admin)
      await payload.updateGlobal({ slug: 'newsletter-permissions', data: { editorsMaySend: false } })
      expect(await restore('ana', null)).toEqual([401, 'Please log in.'])
      expect(await restore('ana', editorToken)).toEqual([
        403,
        'Only an admin can put a reader back on the list, unless an admin lets editors do it (Newsletter → Editors and the newsletter).',
      ])
      // Nor through Payload's own update: only the reader's confirmation makes them confirmed.
      const patched = await restRequest(`/subscribers/${(await subscriber('ana')).id}`, {
        method: 'PATCH',
        token: adminToken,
        body: { status: 'confirmed' },
      })
      expect(patched.status).toBe(400)
      expect((await subscriber('ana')).status).toBe('unsubscribed')

      const today = dayIn(new Date(), await coachZone(payload))
      expect(await restore('ana', adminToken)).toEqual([
        200,
        `${email('ana')} is back on the list: they get the next issues.`,
      ])
      // A double click: the same answer, nothing more changes.
      expect(await restore('ana', adminToken)).toEqual([
        200,
        `${email('ana')} is back on the list: they get the next issues.`,
      ])
      await payload.updateGlobal({ slug: 'newsletter-permissions', data: { editorsMaySend: true } })
      expect(await restore('ben', editorToken)).toEqual([
        200,
        `${email('ben')} is back on the list: they get the next issues.`,
      ])
      await payload.updateGlobal({ slug: 'newsletter-permissions', data: { editorsMaySend: false } })
      // A reader who left by their own link is not the coach's to put back.
      const { unsubscribe } = await import('@/features/newsletter/form')
      const { unsubscribeToken } = await import('@/domain/tokens')
      expect(await unsubscribe(payload, unsubscribeToken(payloadSecret(), email('cleo')), on)).toBe('unsubscribed')
      expect(await restore('cleo', adminToken)).toEqual([
        409,
        `${email('cleo')} left the list themselves (or was unsubscribed in the admin): only their own new subscription puts them back.`,
      ])
      expect(await state()).toEqual([
        [
          'ana',
          'confirmed',
          `Removed after a spam complaint on December 3, 2026; restored by the coach on ${today}.`,
          'complained',
        ],
        [
          'ben',
          'confirmed',
          `Removed after their mail server refused the address on December 3, 2026 (550 5.1.1 User unknown); restored by the coach on ${today}.`,
          'bounced',
        ],
        ['cleo', 'unsubscribed', 'Unsubscribed with the link in a mail on December 3, 2026.', 'sent'],
        ['dan', 'confirmed', null, 'sent'],
      ])
      // The restored readers get the next issue.
      site.smtp.received.length = 0
      const next = await payload.create({
        collection: 'newsletters',
        data: { subject: 'After the restore', status: 'draft', body: paragraphs('News.') as Newsletter['body'] },
        overrideAccess: true,
      })
      await sendNow(payload, next.id)
      await runNewsletterSender(payload, bulkMailTransport(), { windows: [] })
      expect(
        site.smtp.received
          .flatMap((r) => r.to)
          .filter((to) => to.includes('.reports.'))
          .sort(),
      ).toEqual(['ana', 'ben', 'dan'].map(email).sort())
      // The coach unsubscribing a reader in the admin: said so too.
      const unsubscribed = await restRequest(`/subscribers/${(await subscriber('dan')).id}`, {
        method: 'PATCH',
        token: adminToken,
        body: { status: 'unsubscribed' },
      })
      expect(unsubscribed.status).toBe(200)
      expect((await state())[3]).toEqual(['dan', 'unsubscribed', `Unsubscribed in the admin on ${today}.`, 'sent'])
    })
  })
}
