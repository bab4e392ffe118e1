import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Purchase, User } from '@/payload-types'
import { cardPaymentSite } from '../../support/card-payments'
import type { TestDatabase } from '../../support/database'
import { balanceHolds as balanceOf, creditEntriesOf } from '../../support/credits'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { countOf } from '../../support/site'

type Refunds = typeof import('@/features/packages/refunds')

const NOW = new Date('2026-12-01T10:00:00.000Z')

/**
 * Refunding a payment from the admin (issue 27; decision 067), whole or in part, with the credits the coach
 * chooses: once per refund request id (a double click, two at once), never more than was paid and is not
 * refunded yet (refused in words), admins only on every path. A card purchase refunds through Stripe (the
 * stand-in): the same request id is Stripe's idempotency key, the refund's metadata names it, so the
 * `charge.refunded` that follows changes nothing; Stripe failing records nothing. A bank transfer is recorded as
 * sent. The client is mailed a receipt, once; the ledger's balance holds throughout.
 */
export function refundsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Refunding a payment from the admin on ${label}`, () => {
    const { standIn, site, card, ledger } = cardPaymentSite(setup)
    beforeAll(() => {
      // The tests deliver Stripe's events to the site themselves.
      standIn.sendsWebhooks = false
    })

    let payload: Payload
    let refunds: Refunds
    let coach: User
    let editor: User
    const admin = { email: `admin.refund.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
    const assistant = {
      email: `editor.refund.${label.toLowerCase()}@example.com`,
      password: 'a quiet lake at dawn 2027',
    }
    let adminToken = ''
    let editorToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      refunds = await import('@/features/packages/refunds')
      coach = await payload.create({ collection: 'users', data: { ...admin, role: 'admin' }, overrideAccess: true })
      editor = await payload.create({
        collection: 'users',
        data: { ...assistant, role: 'editor' },
        overrideAccess: true,
      })
      adminToken = (await payload.login({ collection: 'users', data: admin })).token!
      editorToken = (await payload.login({ collection: 'users', data: assistant })).token!
    })

    const purchaseOf = (id: number) => payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true })

    /** A purchase of the 3-Month Program (3 sessions, $1200) awaiting its payment, as the checkout leaves it. */
    const awaiting = (email: string, paymentMethod: 'bank-transfer' | 'stripe') =>
      payload.create({
        collection: 'purchases',
        data: {
          reference: `PKG-${randomUUID().slice(0, 6).toUpperCase()}`,
          status: 'awaiting-payment',
          email,
          packageTitle: '3-Month Program',
          amount: 120000,
          sessions: 3,
          sessionMinutes: 60,
          validityDays: 120,
          paymentMethod,
        },
        depth: 0,
        overrideAccess: true,
      })

    /** Paid by bank transfer: the coach's "Mark payment received". */
    async function paidByTransfer(email: string): Promise<Purchase> {
      const p = await awaiting(email, 'bank-transfer')
      const { markPaid } = await import('@/features/packages/paid')
      expect((await markPaid(payload, p.id, coach, NOW)).status).toBe('opened')
      return purchaseOf(p.id)
    }

    /** Paid by card: a Checkout Session on the stand-in, completed, its webhook delivered. */
    async function paidByCard(email: string): Promise<Purchase> {
      const p = await awaiting(email, 'stripe')
      const next = await card.cardPayment(payload, p)
      const sessionId = /(cs_test_\w+)$/.exec((next as { url: string }).url)![1]!
      expect((await card.stripeWebhook(standIn.webhookRequest(standIn.complete(sessionId)))).status).toBe(200)
      const paid = await purchaseOf(p.id)
      expect(paid.status).toBe('paid')
      return paid
    }

    const refund = (p: Purchase, asked: { requestId: string; amount: string; credits: string }) =>
      restRequest(`/purchases/${p.id}/refund`, { method: 'POST', token: adminToken, body: asked })

    const entriesOf = async (email: string) =>
      (await creditEntriesOf(payload, email)).map((e) => ({ type: e.type, key: e.key, entry: e.entry }))
    const receipts = (email: string) =>
      mailsAsSent(payload, { kind: { equals: 'refund-receipt' }, to: { equals: email } })

    const balanceHolds = (email: string) => balanceOf(payload, email)

    it('a bank transfer refunded whole: the money and all the credits left back, recorded as sent, a receipt mailed; the same request again changes nothing', async () => {
      const email = 'ada.refund@example.com'
      const p = await paidByTransfer(email)
      const state = await restRequest(`/purchases/${p.id}/refund`, { token: adminToken })
      expect(state.status).toBe(200)
      expect(await state.json()).toEqual({
        state: {
          method: 'bank-transfer',
          paid: 120000,
          refunded: 0,
          refundable: 120000,
          creditsLeft: 3,
          shown: { paid: '$1200', refunded: '$0', refundable: '$1200' },
        },
      })

      const requestId = randomUUID()
      const res = await refund(p, { requestId, amount: '1200.00', credits: '3' })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        status: 'refunded',
        state: { paid: 120000, refunded: 120000, refundable: 0, creditsLeft: 0 },
      })
      // A double click: the same request again.
      const again = await refund(p, { requestId, amount: '1200.00', credits: '3' })
      expect(again.status).toBe(200)

      expect((await entriesOf(email)).map((e) => [e.type, e.key])).toEqual([
        ['purchase-opened', `bank-transfer:${p.id}`],
        ['refund', `refund-request:${requestId}`],
      ])
      expect((await entriesOf(email))[1]!.entry).toMatchObject({ amount: 120000, credits: 3, purchase: String(p.id) })
      expect(await balanceHolds(email)).toMatchObject({ bought: 3, left: 0, refunded: 3, refundedAmount: 120000 })
      const [receipt, ...more] = await receipts(email)
      expect(more).toEqual([])
      expect(receipt!.subject).toMatch(/^Your refund: 3-Month Program \| /)
      expect(receipt!.text).toContain(
        `We have refunded $1200 of your payment for the 3-Month Program (reference ${p.reference}).`,
      )
      expect(receipt!.text).toContain('It has been sent back to you by bank transfer.')
      expect(receipt!.text).toContain('3 sessions were taken off this package: 0 left to book.')
      await expect
        .poll(() => site.smtp.mails.filter((m) => m.subject?.startsWith('Your refund: 3-Month Program')).length)
        .toBe(1)
      // Nothing left to refund now, in words.
      const more2 = await refund(p, { requestId: randomUUID(), amount: '1', credits: '0' })
      expect(more2.status).toBe(400)
      expect(await more2.json()).toEqual({
        errors: [{ message: 'Everything paid for this purchase has been refunded already.' }],
      })
    })

    it('clicked many times at once with one request id: refunded once, one receipt; two different refunds of more than is left together at once: one is refused', async () => {
      const email = 'bea.refund@example.com'
      const p = await paidByTransfer(email)
      const requestId = randomUUID()
      const answers = await Promise.all([1, 2, 3].map(() => refund(p, { requestId, amount: '400', credits: '1' })))
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
      expect((await entriesOf(email)).filter((e) => e.type === 'refund')).toHaveLength(1)
      expect(await receipts(email)).toHaveLength(1)
      expect(await balanceHolds(email)).toMatchObject({ left: 2, refunded: 1, refundedAmount: 40000 })

      // $800 is left to refund: two refunds of $500 from two tabs at once, only one can be.
      const both = await Promise.all([
        refund(p, { requestId: randomUUID(), amount: '500', credits: '0' }),
        refund(p, { requestId: randomUUID(), amount: '500', credits: '0' }),
      ])
      expect(both.map((r) => r.status).sort()).toEqual([200, 400])
      const refusal = both.find((r) => r.status === 400)!
      expect(await refusal.json()).toEqual({
        errors: [{ message: 'You can refund at most $300: that is what was paid and is not refunded yet.' }],
      })
      expect(await balanceHolds(email)).toMatchObject({ left: 2, refunded: 1, refundedAmount: 90000 })
      expect(await receipts(email)).toHaveLength(2)
    })

    it('a part, then the whole rest; more than was paid, more credits than are left, and no amount are refused in words and store nothing', async () => {
      const email = 'cy.refund@example.com'
      const p = await paidByTransfer(email)
      const before = await countOf(payload, 'credit-entries')
      const tooMuch = await refund(p, { requestId: randomUUID(), amount: '1,200.01', credits: '0' })
      expect(tooMuch.status).toBe(400)
      expect(await tooMuch.json()).toEqual({
        errors: [{ message: 'You can refund at most $1200: that is what was paid and is not refunded yet.' }],
      })
      const tooManyCredits = await refund(p, { requestId: randomUUID(), amount: '10', credits: '4' })
      expect(await tooManyCredits.json()).toEqual({ errors: [{ message: 'Only 3 credits are left to take back.' }] })
      const noAmount = await refund(p, { requestId: randomUUID(), amount: 'all of it', credits: '0' })
      expect(await noAmount.json()).toEqual({
        errors: [{ message: 'Enter the amount to refund in dollars, for example 150 or 49.50.' }],
      })
      const zero = await refund(p, { requestId: randomUUID(), amount: '0', credits: '1' })
      expect(await zero.json()).toEqual({ errors: [{ message: 'Enter an amount to refund of more than $0.' }] })
      const badCredits = await refund(p, { requestId: randomUUID(), amount: '10', credits: '1.5' })
      expect(await badCredits.json()).toEqual({
        errors: [{ message: 'Enter how many credits to take back as a whole number, 0 or more.' }],
      })
      const outOfDate = await refund(p, { requestId: 'x', amount: '10', credits: '0' })
      expect(outOfDate.status).toBe(400)
      expect(await outOfDate.json()).toEqual({
        errors: [{ message: 'This refund form is out of date. Please reload the page and try again.' }],
      })
      expect(await countOf(payload, 'credit-entries')).toBe(before)
      expect(await receipts(email)).toEqual([])

      // A part: $249.50 and no credits (the form's default for a part).
      expect((await refund(p, { requestId: randomUUID(), amount: '$249.50', credits: '0' })).status).toBe(200)
      expect(await balanceHolds(email)).toMatchObject({ left: 3, refunded: 0, refundedAmount: 24950 })
      const [partReceipt] = await receipts(email)
      expect(partReceipt!.text).toContain('We have refunded $249.50 of your payment')
      expect(partReceipt!.text).not.toContain('taken off')
      // The whole rest, and two of the three credits.
      expect((await refund(p, { requestId: randomUUID(), amount: '950.50', credits: '2' })).status).toBe(200)
      expect(await balanceHolds(email)).toMatchObject({ bought: 3, left: 1, refunded: 2, refundedAmount: 120000 })
      expect((await receipts(email))[1]!.text).toContain('2 sessions were taken off this package: 1 left to book.')
    })

    it('a card payment refunds through Stripe once (its idempotency key, the request id in its metadata); Stripe’s charge.refunded for it changes nothing', async () => {
      const email = 'dee.refund@example.com'
      const p = await paidByCard(email)
      const requestId = randomUUID()
      const [one, two] = await Promise.all([
        refund(p, { requestId, amount: '300', credits: '1' }),
        refund(p, { requestId, amount: '300', credits: '1' }),
      ])
      expect([one.status, two.status]).toEqual([200, 200])
      const made = standIn.refundsCreated.filter((r) => r.idempotencyKey === `refund:${requestId}`)
      expect(made.length).toBeGreaterThanOrEqual(1)
      expect(made[0]!.params).toEqual({
        payment_intent: p.stripePaymentIntent,
        amount: 30000,
        metadata: { purchase: String(p.id), reference: p.reference, refund_request: requestId, credits: '1' },
      })
      // Stripe made one refund, whatever how often it was asked.
      const charge = [...standIn.refunds.values()].find((list) =>
        list.some((r) => r.payment_intent === p.stripePaymentIntent),
      )
      expect(charge).toHaveLength(1)
      expect((await entriesOf(email)).map((e) => [e.type, e.key])).toEqual([
        ['purchase-opened', p.stripeSession],
        ['refund', `refund-request:${requestId}`],
      ])

      // Stripe's event for this refund, delivered (twice): the same fact, nothing changes.
      const event = standIn.deliveries.at(-1)!.event
      expect(event.type).toBe('charge.refunded')
      expect((await card.stripeWebhook(standIn.webhookRequest(event))).status).toBe(200)
      expect((await card.stripeWebhook(standIn.webhookRequest({ ...event, id: `${event.id}_2` }))).status).toBe(200)
      expect(await entriesOf(email)).toHaveLength(2)
      expect(await balanceHolds(email)).toMatchObject({ bought: 3, left: 2, refunded: 1, refundedAmount: 30000 })
      const [receipt, ...more] = await receipts(email)
      expect(more).toEqual([])
      expect(receipt!.text).toContain(
        'It goes back to the card you paid with; your bank may take a few days to show it.',
      )
      expect(receipt!.text).toContain('1 session was taken off this package: 2 left to book.')
    })

    it('a refund made in Stripe with the request id in its metadata (its event first) is the same fact as the click: recorded once, with its credits', async () => {
      const email = 'eve.refund@example.com'
      const p = await paidByCard(email)
      const sessionId = p.stripeSession!
      const requestId = randomUUID()
      const early = standIn.refund(sessionId, 20000, new Date(), { refund_request: requestId, credits: '2' })
      expect((await card.stripeWebhook(standIn.webhookRequest(early))).status).toBe(200)
      expect(await balanceHolds(email)).toMatchObject({ left: 1, refunded: 2, refundedAmount: 20000 })
      expect((await entriesOf(email)).map((e) => e.key)).toEqual([sessionId, `refund-request:${requestId}`])
    })

    it('Stripe failing: nothing is refunded or recorded and the coach reads why; the same request later refunds once', async () => {
      const email = 'fay.refund@example.com'
      const p = await paidByCard(email)
      const requestId = randomUUID()
      const entries = await countOf(payload, 'credit-entries')
      standIn.failing = true
      try {
        const res = await refund(p, { requestId, amount: '1200', credits: '3' })
        expect(res.status).toBe(502)
        expect(await res.json()).toEqual({
          errors: [
            {
              message:
                'Stripe did not answer, so nothing was refunded and nothing was recorded. Please try again in a few minutes.',
            },
          ],
        })
      } finally {
        standIn.failing = false
      }
      expect(await countOf(payload, 'credit-entries')).toBe(entries)
      expect(await receipts(email)).toEqual([])
      expect([...standIn.refunds.values()].flat().filter((r) => r.payment_intent === p.stripePaymentIntent)).toEqual([])

      expect((await refund(p, { requestId, amount: '1200', credits: '3' })).status).toBe(200)
      expect(await balanceHolds(email)).toMatchObject({ left: 0, refunded: 3, refundedAmount: 120000 })
      expect(await receipts(email)).toHaveLength(1)
    })

    it('Stripe refusing (the charge refunded in its dashboard, its event not come yet): its words, nothing recorded', async () => {
      const email = 'gus.refund@example.com'
      const p = await paidByCard(email)
      standIn.refund(p.stripeSession!, 120000)
      const entries = await countOf(payload, 'credit-entries')
      const res = await refund(p, { requestId: randomUUID(), amount: '100', credits: '0' })
      expect(res.status).toBe(502)
      expect(await res.json()).toEqual({
        errors: [
          {
            message:
              'Stripe refused the refund, so nothing was recorded: Refund amount ($100.00) is greater than unrefunded amount on charge ($0.00)',
          },
        ],
      })
      expect(await countOf(payload, 'credit-entries')).toBe(entries)
      expect(await receipts(email)).toEqual([])
    })

    it('admins only, on every path: the endpoint (anonymous 401, editor 403), the REST and Local API of purchases and credit entries', async () => {
      const email = 'gil.refund@example.com'
      const p = await paidByTransfer(email)
      const path = `/purchases/${p.id}/refund`
      const asked = { requestId: randomUUID(), amount: '100', credits: '1' }
      const anonymous = await restRequest(path, { method: 'POST', body: asked })
      expect(anonymous.status).toBe(401)
      expect(await anonymous.json()).toEqual({ errors: [{ message: 'Please log in.' }] })
      const asEditor = await restRequest(path, { method: 'POST', token: editorToken, body: asked })
      expect(asEditor.status).toBe(403)
      expect(await asEditor.json()).toEqual({ errors: [{ message: 'Only an admin can refund a payment.' }] })
      expect((await restRequest(path, { token: editorToken })).status).toBe(403)
      expect((await restRequest(path)).status).toBe(401)
      // The operation itself, whoever calls it.
      expect(await refunds.refundPayment(payload, p.id, editor, asked)).toMatchObject({ status: 'refused', code: 403 })
      expect(await refunds.refundPayment(payload, p.id, null, asked)).toMatchObject({ status: 'refused', code: 403 })
      // The collections: no entry written, no purchase changed, by REST or the Local API without overrideAccess.
      const entry = {
        email,
        seq: 99,
        key: 'forged',
        type: 'refund',
        at: NOW.toISOString(),
        entry: { type: 'refund', key: 'forged', at: NOW.getTime(), purchase: String(p.id), amount: 1, credits: 3 },
      }
      for (const token of [undefined, editorToken, adminToken]) {
        expect((await restRequest('/credit-entries', { method: 'POST', token, body: entry })).status).toBe(403)
        expect(
          (await restRequest(`/purchases/${p.id}`, { method: 'PATCH', token, body: { status: 'awaiting-payment' } }))
            .status,
        ).toBe(403)
      }
      for (const user of [editor, coach]) {
        await expect(
          payload.create({ collection: 'credit-entries', data: entry as never, user, overrideAccess: false }),
        ).rejects.toMatchObject({ status: 403 })
      }
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ left: 3, refunded: 0, refundedAmount: 0 })
      expect(await countOf(payload, 'mail-outbox', { kind: { equals: 'refund-receipt' } })).toBe(0)
    })

    it('a purchase not paid has nothing to refund (409), and its form shows nothing', async () => {
      const p = await awaiting('hal.refund@example.com', 'bank-transfer')
      const res = await refund(p, { requestId: randomUUID(), amount: '10', credits: '0' })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        errors: [{ message: 'This purchase is not paid: there is nothing to refund.' }],
      })
      expect(await (await restRequest(`/purchases/${p.id}/refund`, { token: adminToken })).json()).toEqual({
        state: null,
      })
    })
  })
}
