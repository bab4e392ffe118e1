import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Purchase } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { checkoutToPayment, instalmentReceipt, THREE_MONTH_PLAN } from '../../support/checkout'
import { creditEntriesOf } from '../../support/credits'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { newClients } from '../../support/scenarios'
import { testSite } from '../../support/site'

type Paid = typeof import('@/features/packages/paid')
type Ledger = typeof import('@/features/packages/ledger')

const NOW = new Date('2026-12-01T10:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000

/**
 * Packages paid in monthly instalments (issue 27; decision 071): the 3-Month Program ($1200, six sessions) in
 * 3 monthly payments of $400. By bank transfer the buyer gets the schedule and the coach marks each payment
 * received by its number (the first opens the credits, each is recorded once however often it is pressed).
 */
export function instalmentsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Packages paid in instalments by bank transfer on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup, { smtp: true })
    let paid: Paid
    let ledger: Ledger
    let programId: number
    const client = newClients(`instalments-${label}`)
    const admin = { email: `admin.instal.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
    let adminToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      paid = await import('@/features/packages/paid')
      ledger = await import('@/features/packages/ledger')
      const { seedPackages } = await import('@/features/packages/seed')
      await seedPackages(payload, {})
      const starter = (await payload.find({ collection: 'packages', depth: 0, overrideAccess: true })).docs[0]!
      programId = (
        await payload.create({
          collection: 'packages',
          data: { ...THREE_MONTH_PLAN, agreement: Number(starter.agreement) },
          overrideAccess: true,
        })
      ).id
      await payload.create({ collection: 'users', data: { ...admin, role: 'admin' }, overrideAccess: true })
      adminToken = (await payload.login({ collection: 'users', data: admin })).token!
    })

    const purchaseOf = (id: number) => payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true })
    const buy = (email: string) =>
      checkoutToPayment(payload, { packageId: programId, email, client: client(), now: NOW })
    const mark = (p: Purchase, instalment?: number) =>
      restRequest(`/purchases/${p.id}/mark-paid`, {
        method: 'POST',
        token: adminToken,
        ...(instalment === undefined ? {} : { body: { instalment } }),
      })
    const entriesOf = async (email: string) =>
      (await creditEntriesOf(payload, email)).map((e) => [e.type, e.key, (e.entry as { amount?: number }).amount])

    it('the package is sold in 3 monthly payments of $400: the purchase keeps the plan, the mail gives the schedule', async () => {
      const { packageOnSale } = await import('@/features/packages/catalogue')
      expect(await packageOnSale(payload, programId)).toMatchObject({ amount: 120000, instalments: 3, sessions: 6 })
      const p = await buy('ann.instal@example.com')
      expect(p).toMatchObject({
        status: 'awaiting-payment',
        paymentMethod: 'bank-transfer',
        amount: 120000,
        instalments: 3,
      })
      const mail = (await mailsAsSent(payload, { kind: { equals: 'payment-details' } })).find(
        (m) => m.reference === `purchases:${p.id}`,
      )!
      expect(mail.text).toContain(
        'Thank you. You pay for the 3-Month Program in 3 monthly payments of $400, by bank transfer. Please send the first, $400, now:',
      )
      expect(mail.text).toContain(`Reference: ${p.reference}`)
      for (const line of [
        'Payment 1 of 3: $400, now',
        'Payment 2 of 3: $400, 1 month after the first',
        'Payment 3 of 3: $400, 2 months after the first',
        'Your sessions open as soon as the first payment arrives;',
      ])
        expect(mail.text).toContain(line)
    })

    it('"Mark payment received" names the instalment: the first opens the credits once, each payment is recorded once, in order', async () => {
      const email = 'bo.instal@example.com'
      const p = await buy(email)
      const noNumber = await mark(p)
      expect(noNumber.status).toBe(400)
      expect(await noNumber.json()).toEqual({
        errors: [{ message: 'Say which of the 3 monthly payments was received.' }],
      })
      const tooSoon = await mark(p, 2)
      expect(tooSoon.status).toBe(409)
      expect(await tooSoon.json()).toEqual({
        errors: [{ message: 'Payment 1 of 3 has not been marked received yet: mark it first.' }],
      })
      expect(await entriesOf(email)).toEqual([])

      // A double click, and a third press: one opening, one payment.
      const presses = await Promise.all([mark(p, 1), mark(p, 1)])
      presses.push(await mark(p, 1))
      expect(presses.map((r) => r.status)).toEqual([200, 200, 200])
      const bodies = (await Promise.all(presses.map((r) => r.json()))) as Record<string, unknown>[]
      expect(bodies.map((b) => b.opened).sort()).toEqual([false, false, true])
      expect(bodies.map((b) => b.recorded).sort()).toEqual([false, false, true])
      expect(bodies[2]).toMatchObject({ instalment: 1, instalmentsPaid: 1, instalments: 3 })
      expect(await entriesOf(email)).toEqual([
        ['purchase-opened', `bank-transfer:${p.id}`, 0],
        ['payment-received', `bank-transfer:${p.id}:instalment-1`, 40000],
      ])
      const opened = await purchaseOf(p.id)
      expect(opened.status).toBe('paid')
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 6, left: 6, paid: 40000 })
      const ready = await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } })
      expect(ready).toHaveLength(1)
      expect(ready[0]!.text).toContain(
        `Your first payment of $400 for the 3-Month Program (reference ${opened.reference}, 3 monthly payments of $400) has arrived.`,
      )

      // The coach's panel: 1 of 3 in, the second due a month after the first.
      const state = await restRequest(`/purchases/${p.id}/instalments`, { token: adminToken })
      expect(await state.json()).toEqual({
        instalments: {
          of: 3,
          paid: 1,
          next: 2,
          nextAmount: 40000,
          nextDue: new Date(
            new Date(opened.paidAt!).setUTCMonth(new Date(opened.paidAt!).getUTCMonth() + 1),
          ).toISOString(),
          overdue: false,
          problem: null,
        },
      })
      expect((await restRequest(`/purchases/${p.id}/instalments`)).status).toBe(401)

      // The second, double-clicked: one payment; the third; a fourth does not exist.
      const second = await Promise.all([mark(p, 2), mark(p, 2)])
      expect(second.map((r) => r.status)).toEqual([200, 200])
      expect(
        ((await Promise.all(second.map((r) => r.json()))) as { recorded: boolean }[]).map((b) => b.recorded).sort(),
      ).toEqual([false, true])
      expect(await (await mark(p, 3)).json()).toMatchObject({ recorded: true, instalmentsPaid: 3, opened: false })
      expect((await mark(p, 4)).status).toBe(400)
      expect((await entriesOf(email)).map((e) => e[1])).toEqual([
        `bank-transfer:${p.id}`,
        `bank-transfer:${p.id}:instalment-1`,
        `bank-transfer:${p.id}:instalment-2`,
        `bank-transfer:${p.id}:instalment-3`,
      ])
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 6, left: 6, paid: 120000 })
      expect(await paid.instalmentState(payload, await purchaseOf(p.id))).toMatchObject({ paid: 3, next: null })
      // Still one "sessions are ready" mail, and the purchase opened once; one receipt each for payments 2 and 3.
      expect(await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } })).toHaveLength(1)
      expect((await purchaseOf(p.id)).paidAt).toBe(opened.paidAt)
      expect(
        (await mailsAsSent(payload, { kind: { equals: 'instalment-receipt' }, to: { equals: email } })).map(
          (m) => m.subject,
        ),
      ).toEqual([
        expect.stringMatching(/^Payment 2 of 3 received: 3-Month Program \| /),
        expect.stringMatching(/^Payment 3 of 3 received: 3-Month Program \| /),
      ])
    })

    it('each later payment marked received mails the client its receipt, once however often it is marked: the next payment, or paid in full', async () => {
      const email = 'dot.instal@example.com'
      const p = await buy(email)
      const receipts = () =>
        mailsAsSent(payload, { kind: { equals: 'instalment-receipt' }, to: { equals: email } }).then((mails) =>
          mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, key: m.idempotencyKey })),
        )
      const at = (days: number) => new Date(NOW.getTime() + days * DAY)
      // Payment 1 (twice): the "sessions are ready" mail only.
      await Promise.all([
        paid.markPaid(payload, p.id, { id: 1 }, NOW, 1),
        paid.markPaid(payload, p.id, { id: 1 }, NOW, 1),
      ])
      expect(await receipts()).toEqual([])
      expect(await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } })).toHaveLength(1)

      const { mailSettings } = await import('@/platform/mail/settings')
      const { clientPath } = await import('@/features/packages/tokens')
      const { brand, siteUrl } = await mailSettings(payload)
      const page = ['Your page, with your sessions and receipts:', `${siteUrl}${clientPath(email)}`].join('\n')
      const { reference } = await purchaseOf(p.id)

      // Payment 2, a double click and a press a day later: one receipt, naming payment 3's amount and day.
      const second = await Promise.all([
        paid.markPaid(payload, p.id, { id: 1 }, at(31), 2),
        paid.markPaid(payload, p.id, { id: 1 }, at(31), 2),
      ])
      second.push(await paid.markPaid(payload, p.id, { id: 1 }, at(32), 2))
      expect(second.map((o) => (o.status === 'already-paid' ? o.instalment?.recorded : o.status)).sort()).toEqual([
        false,
        false,
        true,
      ])
      const receipt = { to: email, reference, page, siteName: brand.siteName }
      const secondReceipt = instalmentReceipt({
        ...receipt,
        n: 2,
        left: 'The next, payment 3 of 3 ($400), is due on Feb 1, 2027, by bank transfer with the same reference: the schedule is unchanged.',
        key: `bank-transfer:${p.id}:instalment-2`,
      })
      expect(await receipts()).toEqual([secondReceipt])

      // The last, marked twice: paid in full.
      await paid.markPaid(payload, p.id, { id: 1 }, at(62), 3)
      await paid.markPaid(payload, p.id, { id: 1 }, at(62), 3)
      expect(await receipts()).toEqual([
        secondReceipt,
        instalmentReceipt({
          ...receipt,
          n: 3,
          key: `bank-transfer:${p.id}:instalment-3`,
        }),
      ])
      expect(await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } })).toHaveLength(1)
    })

    it('a payment past its day and not marked shows as overdue to the coach', async () => {
      const p = await buy('cy.instal@example.com')
      await paid.markPaid(payload, p.id, { id: 1 }, NOW, 1)
      const marked = await purchaseOf(p.id)
      const state = await paid.instalmentState(payload, marked, new Date(NOW.getTime() + 32 * DAY))
      expect(state).toMatchObject({ paid: 1, next: 2, nextDue: '2027-01-01T10:00:00.000Z', overdue: true })
      expect(await paid.instalmentState(payload, marked, new Date(NOW.getTime() + 30 * DAY))).toMatchObject({
        overdue: false,
      })

      // The dashboard's Today names it, with the purchase to open; not before its day, not once marked.
      const { readToday } = await import('@/features/today/today')
      const coach = (await payload.find({ collection: 'users', where: { email: { equals: admin.email } } })).docs[0]!
      const overdueLines = async (at: Date) =>
        (await readToday(payload, coach, at)).lines.filter((l) => l.href === `/admin/collections/purchases/${p.id}`)
      expect(await overdueLines(new Date(NOW.getTime() + 32 * DAY))).toEqual([
        {
          text: `Payment 2 of 3 ($400) for the 3-Month Program from cy.instal@example.com was due on Friday, January 1.`,
          href: `/admin/collections/purchases/${p.id}`,
          link: 'Open the purchase',
        },
      ])
      expect(await overdueLines(new Date(NOW.getTime() + 30 * DAY))).toEqual([])
      const editor = await payload.create({
        collection: 'users',
        data: {
          email: `editor.instal.${label.toLowerCase()}@example.com`,
          password: 'a quiet lake at dawn 2027',
          role: 'editor',
        },
        overrideAccess: true,
      })
      // An editor may not read purchases: nothing of them on their Today.
      expect(
        (await readToday(payload, editor, new Date(NOW.getTime() + 32 * DAY))).lines.some((l) =>
          l.text.startsWith('Payment 2 of 3'),
        ),
      ).toBe(false)
      await paid.markPaid(payload, p.id, { id: 1 }, new Date(NOW.getTime() + 33 * DAY), 2)
      expect(await overdueLines(new Date(NOW.getTime() + 34 * DAY))).toEqual([])
    })
  })
}
