import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import type { TestDatabase } from '../../support/database'
import { newsletterSite } from './newsletter-site'

type Unsubscribe = typeof import('@/features/newsletter/form')

/**
 * Sending an issue below HTTP, on a real database and a real SMTP peer on loopback: one copy to each
 * confirmed subscriber and none to anyone else, whatever the peer does (goes down, answers "try later",
 * refuses an address, cuts a transaction), through a pause and a sender that died mid-send; the throttle as
 * the peer's clock sees it.
 */
export function newsletterSendingSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`sending the newsletter on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    let form: Unsubscribe
    const { site, subscribers, anIssue, sender, sendUntilDone } = newsletterSite(setup)

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      form = await import('@/features/newsletter/form')
    })

    // Each test starts from no subscribers and no issues of its own.

    const copiesTo = (peer: SmtpPeer) => {
      const copies = new Map<string, number>()
      for (const r of peer.received) for (const to of r.to) copies.set(to, (copies.get(to) ?? 0) + 1)
      return copies
    }

    const deliveries = async (id: number) =>
      (
        await payload.find({
          collection: 'newsletter-deliveries',
          where: { newsletter: { equals: id } },
          pagination: false,
          overrideAccess: true,
        })
      ).docs

    it('sends one copy to each confirmed subscriber and none to the others, with the one-click unsubscribe', async () => {
      const confirmed = await subscribers(12, 'confirmed')
      await subscribers(3, 'pending')
      await subscribers(3, 'unsubscribed')
      const issue = await anIssue()
      expect(issue.status).toBe('draft')
      expect(await sender.actions.sendNow(payload, issue.id)).toBe(true)
      const done = await sendUntilDone(issue.id)
      expect(done).toMatchObject({ status: 'sent', recipients: 12 })
      expect(done.finishedAt).toBeTruthy()
      expect([...copiesTo(smtp).entries()].sort()).toEqual(confirmed.map((e) => [e, 1]).sort())
      const rows = await deliveries(issue.id)
      expect(rows.map((r) => r.status)).toEqual(Array(12).fill('sent'))

      const mail = smtp.mails.find((m) => m.to?.[0]?.address === confirmed[0])!
      expect(mail.subject).toBe(issue.subject)
      expect(mail.text).toContain('Hello, reader.')
      expect(mail.html).toContain('A second paragraph.')
      const header = (key: string) => mail.headers.find((h) => h.key === key)?.value
      expect(header('precedence')).toBe('bulk')
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      const row = rows.find((r) => r.email === confirmed[0])!
      // The issue and the delivery, signed with the site's secret (what a bounce or a complaint points back to).
      expect(mail.messageId).toMatch(new RegExp(`^<newsletter-${issue.id}-${row.id}-[\\w-]{32}@localhost>$`))
      expect(row.messageId).toBe(mail.messageId)

      // The one-click link in the header unsubscribes that reader (RFC 8058 posts to it; no page).
      const token = /[?&]token=([\w-]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1]
      // The reader's own token: an HMAC-SHA256 of their address, base64url.
      expect(token).toMatch(/^[\w-]{43}$/)
      expect(await form.unsubscribe(payload, token!)).toBe('unsubscribed')
      smtp.received.length = 0
      const next = await anIssue('Next letter')
      await sender.actions.sendNow(payload, next.id)
      expect(await sendUntilDone(next.id)).toMatchObject({ status: 'sent', recipients: 11 })
      expect(copiesTo(smtp).has(confirmed[0]!)).toBe(false)
      expect(copiesTo(smtp).size).toBe(11)
    })

    it('rides out the mail server going down halfway: every reader still gets exactly one copy', async () => {
      const confirmed = await subscribers(20, 'confirmed')
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      // The server goes away after its sixth mail, and comes back a moment later.
      let downed = false
      smtp.behaviour.data = () => {
        if (smtp.received.length >= 5 && !downed) {
          downed = true
          setTimeout(() => void site.smtpDown().then(() => setTimeout(() => void site.smtpUp(), 200)), 0)
        }
        return undefined
      }
      const done = await sendUntilDone(issue.id, [], 200)
      expect(downed).toBe(true)
      const rows = await deliveries(issue.id)
      const uncertain = rows.filter((r) => r.status === 'uncertain').map((r) => r.email)
      // A mail whose transaction the outage cut is uncertain, and only one the peer saw cut (none here: the
      // peer shut down between mails) could be; the rest got exactly one copy each.
      expect(uncertain.length).toBeLessThanOrEqual(sender.sending.SEND_CONCURRENCY)
      const copies = copiesTo(smtp)
      for (const email of confirmed) {
        if (uncertain.includes(email)) expect(copies.get(email) ?? 0).toBeLessThanOrEqual(1)
        else expect(copies.get(email), email).toBe(1)
      }
      expect(done.status).toBe('sent')
      expect(rows.filter((r) => r.status === 'sent').length + uncertain.length).toBe(20)
    })

    it('marks a mail whose transaction was cut as uncertain and never sends it again by itself', async () => {
      const [cutOff, ...others] = await subscribers(6, 'confirmed')
      smtp.behaviour.data = (to) => (to.includes(cutOff!) ? 'cut' : undefined)
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      expect(await sendUntilDone(issue.id)).toMatchObject({ status: 'sent' })
      const rows = await deliveries(issue.id)
      const row = rows.find((r) => r.email === cutOff)!
      expect(row.status).toBe('uncertain')
      expect(row.reason).toMatch(/may or may not have it/)
      expect(smtp.cut.map((c) => c.to)).toEqual([[cutOff]])
      expect(copiesTo(smtp).get(cutOff!)).toBeUndefined()
      for (const email of others) expect(copiesTo(smtp).get(email)).toBe(1)
    })

    it('tries a "try later" (421) again, and marks an address the server refuses (550) bounced for good', async () => {
      const [busy, gone, fine] = await subscribers(3, 'confirmed')
      let refusedOnce = false
      smtp.behaviour.rcpt = (address) => {
        if (address === gone) return { code: 550, message: '5.1.1 No such user' }
        if (address === busy && !refusedOnce) {
          refusedOnce = true
          return { code: 421, message: '4.7.0 Try again later' }
        }
        return undefined
      }
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      expect(await sendUntilDone(issue.id, [], 200)).toMatchObject({ status: 'sent' })
      const byEmail = new Map((await deliveries(issue.id)).map((r) => [r.email, r]))
      expect(byEmail.get(busy!)).toMatchObject({ status: 'sent', attempts: 2 })
      expect(byEmail.get(gone!)).toMatchObject({ status: 'bounced', attempts: 1 })
      expect(byEmail.get(gone!)!.reason).toMatch(/550.*No such user/)
      expect(byEmail.get(fine!)).toMatchObject({ status: 'sent', attempts: 1 })
      expect([...copiesTo(smtp).keys()].sort()).toEqual([busy, fine].sort())
      const subscriber = await payload.find({
        collection: 'subscribers',
        where: { email: { equals: gone } },
        overrideAccess: true,
      })
      expect(subscriber.docs[0]!.status).toBe('bounced')
    })

    it('keeps every window of the peer’s clock within the throttle', async () => {
      await subscribers(12, 'confirmed')
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      const window = { limit: 4, windowMs: 1000 }
      expect(await sendUntilDone(issue.id, [window])).toMatchObject({ status: 'sent' })
      const times = smtp.received.map((r) => r.at).sort((a, b) => a - b)
      expect(times).toHaveLength(12)
      for (const start of times) {
        expect(times.filter((t) => t >= start && t <= start + window.windowMs).length).toBeLessThanOrEqual(window.limit)
      }
    })

    it('keeps the throttle across a restart: the next sender counts what the last one sent', async () => {
      await subscribers(8, 'confirmed')
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      const window = { limit: 4, windowMs: 1500 }
      // The first sender stops (as a process shutting down) as its fourth mail arrives.
      const stop = new AbortController()
      smtp.behaviour.data = () => {
        if (smtp.received.length === 3) stop.abort()
        return undefined
      }
      await sender.sending.runNewsletterSender(payload, sender.transport.bulkMailTransport(), {
        windows: [window],
        signal: stop.signal,
      })
      expect(smtp.received).toHaveLength(4)
      // A new sender (a new process reads the ends back from the rows) goes on at once, within the window.
      smtp.behaviour.data = undefined
      expect(await sendUntilDone(issue.id, [window])).toMatchObject({ status: 'sent' })
      const times = smtp.received.map((r) => r.at).sort((a, b) => a - b)
      expect(times).toHaveLength(8)
      for (const start of times) {
        expect(times.filter((t) => t >= start && t <= start + window.windowMs).length).toBeLessThanOrEqual(window.limit)
      }
    })

    it('stops at a pause and carries on at resume, each reader mailed once', async () => {
      const confirmed = await subscribers(10, 'confirmed')
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      // Paused after the third mail arrives.
      smtp.behaviour.data = () => {
        if (smtp.received.length === 2) void sender.actions.pauseIssue(payload, issue.id)
        return undefined
      }
      const paused = await sendUntilDone(issue.id, [{ limit: 1, windowMs: 250 }])
      expect(paused.status).toBe('paused')
      const before = smtp.received.length
      expect(before).toBeLessThan(10)
      expect(await sender.actions.resumeIssue(payload, issue.id)).toBe(true)
      smtp.behaviour.data = undefined
      expect(await sendUntilDone(issue.id)).toMatchObject({ status: 'sent' })
      expect([...copiesTo(smtp).entries()].sort()).toEqual(confirmed.map((e) => [e, 1]).sort())
    })

    it('marks uncertain only what a dead sender had begun to hand over, and sends the rest once', async () => {
      const confirmed = await subscribers(5, 'confirmed')
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      // Another process took the lease, claimed the first three, had begun handing over the content of the
      // first only (the other two were still connecting) and died (its lease ran out).
      const rows = await deliveries(issue.id)
      const past = new Date(Date.now() - 120_000).toISOString()
      await payload.db.updateOne({
        collection: 'newsletters',
        id: issue.id,
        data: { leaseHolder: 'dead-host:1:abc', leaseUntil: past },
      })
      for (const [i, row] of rows.slice(0, 3).entries()) {
        await payload.db.updateOne({
          collection: 'newsletter-deliveries',
          id: row.id,
          data: {
            status: 'sending',
            claimedBy: 'dead-host:1:abc',
            claimedAt: past,
            ...(i === 0 ? { dataBegunAt: past } : {}),
          },
        })
      }
      expect(await sendUntilDone(issue.id)).toMatchObject({ status: 'sent' })
      const after = await deliveries(issue.id)
      const begun = rows[0]!.email
      expect(after.filter((r) => r.status === 'uncertain').map((r) => [r.email, r.reason])).toEqual([
        [
          begun,
          'The connection was cut after the mail server had begun to receive this mail, so it may or may not have it. It is not sent again by itself: you can send it again from the issue, knowing the reader may already have it.',
        ],
      ])
      // The two whose mail never reached the server got it now, once, like everyone else.
      expect(after.filter((r) => r.status === 'sent').length).toBe(4)
      expect([...copiesTo(smtp).entries()].sort()).toEqual(
        confirmed
          .filter((e) => e !== begun)
          .map((e) => [e, 1])
          .sort(),
      )
    })

    it('tries again, not "uncertain", a mail whose connection was cut before its content was handed over', async () => {
      const [cutOff, ...others] = await subscribers(4, 'confirmed')
      // The server drops the connection at the recipient, once: no DATA, so it cannot have the mail.
      let cuts = 0
      smtp.behaviour.rcpt = (address) => (address === cutOff && cuts++ === 0 ? 'cut' : undefined)
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      expect(await sendUntilDone(issue.id, [], 200)).toMatchObject({ status: 'sent' })
      expect(cuts).toBe(2)
      const row = (await deliveries(issue.id)).find((r) => r.email === cutOff)!
      expect([row.status, row.attempts]).toEqual(['sent', 2])
      expect(smtp.cut).toEqual([])
      expect([...copiesTo(smtp).entries()].sort()).toEqual([cutOff!, ...others].map((e) => [e, 1]).sort())
    })

    it('takes an unsubscribe made while the issue is going out into account before the next batch', async () => {
      const confirmed = await subscribers(60, 'confirmed')
      const late = confirmed[55]!
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      // The reader unsubscribes (the link of an earlier issue) while the first batch of 50 goes out.
      smtp.behaviour.data = () => {
        if (smtp.received.length === 0) {
          void payload.db.updateOne({
            collection: 'subscribers',
            where: { email: { equals: late } },
            data: { status: 'unsubscribed' },
          })
        }
        return undefined
      }
      expect(await sendUntilDone(issue.id)).toMatchObject({ status: 'sent', recipients: 60 })
      expect(copiesTo(smtp).has(late)).toBe(false)
      expect(copiesTo(smtp).size).toBe(59)
      expect((await deliveries(issue.id)).find((r) => r.email === late)!.status).toBe('unsubscribed')
    })

    it('sends a scheduled issue at its time, and holds one whose time passed long ago for the coach', async () => {
      await subscribers(2, 'confirmed')
      const now = new Date()
      const soon = await anIssue('Soon')
      expect(await sender.actions.scheduleIssue(payload, soon.id, new Date(now.getTime() + 60_000), now)).toBe(
        'scheduled',
      )
      expect(await sender.actions.scheduleIssue(payload, soon.id, new Date(now.getTime() - 1), now)).toBe('in-the-past')
      const missed = await anIssue('Missed')
      await sender.actions.scheduleIssue(payload, missed.id, new Date(now.getTime() + 60_000), now)
      await payload.db.updateOne({
        collection: 'newsletters',
        id: missed.id,
        data: { scheduledAt: new Date(now.getTime() - sender.sending.SCHEDULE_GRACE_MS - 60_000).toISOString() },
      })
      // Not yet due: nothing goes out.
      await sender.sending.runNewsletterSender(payload, sender.transport.bulkMailTransport(), { windows: [] })
      expect(smtp.received).toHaveLength(0)
      const held = await payload.findByID({ collection: 'newsletters', id: missed.id, overrideAccess: true })
      expect(held.status).toBe('held')
      expect(held.notice).toMatch(/not running at the time this issue was scheduled/)
      // At its time (the sender's clock two minutes on), the scheduled one goes out by itself.
      const later = () => new Date(now.getTime() + 120_000)
      await sender.sending.runNewsletterSender(payload, sender.transport.bulkMailTransport(), {
        windows: [],
        now: later,
      })
      expect(await payload.findByID({ collection: 'newsletters', id: soon.id, overrideAccess: true })).toMatchObject({
        status: 'sent',
        recipients: 2,
      })
      expect(smtp.received).toHaveLength(2)
      expect((await payload.findByID({ collection: 'newsletters', id: missed.id, overrideAccess: true })).status).toBe(
        'held',
      )
    })

    it('cancels: the readers not yet mailed are marked not sent, and nothing more goes out', async () => {
      await subscribers(4, 'confirmed')
      const issue = await anIssue()
      await sender.actions.sendNow(payload, issue.id)
      expect(await sender.actions.cancelIssue(payload, issue.id)).toBe(true)
      await sender.sending.runNewsletterSender(payload, sender.transport.bulkMailTransport(), { windows: [] })
      expect(smtp.received).toHaveLength(0)
      expect((await deliveries(issue.id)).map((r) => r.status)).toEqual(Array(4).fill('cancelled'))
      expect((await payload.findByID({ collection: 'newsletters', id: issue.id, overrideAccess: true })).status).toBe(
        'cancelled',
      )
    })
  })
}
