import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '../../support/database'
import { cardPaymentSite } from '../../support/card-payments'
import { checkoutToPayment, instalmentReceipt, THREE_MONTH_PLAN } from '../../support/checkout'
import { balanceHolds, creditEntriesOf } from '../../support/credits'
import { mailsAsSent } from '../../support/outbox'
import { newClients } from '../../support/scenarios'
import { countOf } from '../../support/site'
import type { StripeStandIn } from '../../support/stripe-stand-in'

const NOW = new Date('2026-12-01T10:00:00.000Z')

/**
 * Packages paid in monthly instalments by card (issue 27; decision 071), against the Stripe stand-in: a
 * subscription-mode Checkout Session of the monthly amount; its completion and its invoices' `invoice.paid`
 * (twice, late, out of order, at once with the return page) open the credits once and record each payment
 * once; a failed payment is shown to the coach; the plan is ended after its last payment.
 */
export function instalmentCardsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Packages paid in instalments by card (a Stripe subscription) on ${label}`, () => {
    const { standIn, site, card, ledger, tokens } = cardPaymentSite(setup)
    let payload: Payload
    let programId: number
    let longId: number
    const client = newClients(`instal-card-${label}`)

    beforeAll(async () => {
      ;({ payload } = site)
      const starter = (await payload.find({ collection: 'packages', depth: 0, overrideAccess: true })).docs[0]!
      const plan = { ...THREE_MONTH_PLAN, agreement: Number(starter.agreement) }
      programId = (await payload.create({ collection: 'packages', data: plan, overrideAccess: true })).id
      longId = (
        await payload.create({
          collection: 'packages',
          data: { ...plan, card: '6-Month Program', sessions: 24, validityDays: 210, instalments: 7 },
          overrideAccess: true,
        })
      ).id
    })

    const purchaseOf = (id: number) => payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true })
    const deliver = (event: Parameters<StripeStandIn['webhookRequest']>[0]) =>
      card.stripeWebhook(standIn.webhookRequest(event)).then((r) => r.status)
    const entriesOf = async (email: string) =>
      (await creditEntriesOf(payload, email)).map((e) => [e.type, e.key, (e.entry as { amount?: number }).amount])
    const readyMails = async (email: string) =>
      (await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } })).length

    /** A purchase of the 3-Month Program sent to Stripe: answers it with its session's id. */
    async function atStripe(email: string, packageId = programId) {
      const purchase = await checkoutToPayment(payload, { packageId, email, client: client(), now: NOW })
      const res = await card.payWithStripe(tokens.checkoutToken(purchase))
      expect(res.status).toBe(303)
      const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.headers.get('location')!)![1]!
      return { purchase: await purchaseOf(purchase.id), sessionId }
    }

    it('"Pay with Stripe" makes a subscription session of the monthly amount; the odd cents go with the first payment', async () => {
      const { purchase, sessionId } = await atStripe('ann.plan@example.com')
      expect(purchase).toMatchObject({ paymentMethod: 'stripe', instalments: 3, stripeSession: sessionId })
      const { siteUrl } = await import('@/domain/brand')
      const back = `${siteUrl().origin}${tokens.checkoutPath(purchase)}`
      // The purchase as only this site can name it (decision 086).
      const signed = tokens.stripeReference(purchase)
      const named = { purchase: String(purchase.id), reference: purchase.reference, site: signed }
      expect(standIn.created.at(-1)).toEqual({
        params: {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: 40000,
                recurring: { interval: 'month' },
                product_data: { name: '3-Month Program', description: '6 sessions of 60 minutes' },
              },
            },
          ],
          customer_email: 'ann.plan@example.com',
          client_reference_id: signed,
          metadata: named,
          subscription_data: { metadata: { ...named, instalments: '3' } },
          success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${back}?payment=cancelled`,
        },
        idempotencyKey: `checkout-session:${purchase.id}-${new Date(purchase.createdAt).getTime()}:first`,
      })
      expect(standIn.sessions.get(sessionId)).toMatchObject({ mode: 'subscription', amount_total: 40000 })

      // $2200 in 7: six of $314.28 and a first of $314.32, the 4 odd cents a one-time line on the first invoice.
      const long = await atStripe('bo.plan@example.com', longId)
      expect(
        standIn.created.at(-1)!.params.line_items!.map((l) => [l.price_data!.unit_amount, l.price_data!.recurring]),
      ).toEqual([
        [31428, { interval: 'month' }],
        [4, undefined],
      ])
      expect(standIn.sessions.get(long.sessionId)).toMatchObject({ amount_total: 31432 })
      standIn.complete(long.sessionId)
      expect(await card.settleOnReturn(payload, long.purchase, long.sessionId)).toBe('opened')
      expect(await ledger.creditBalance(payload, 'bo.plan@example.com')).toMatchObject({ bought: 24, paid: 31432 })
    })

    it('the session’s and the first invoice’s webhooks, each twice and then late: the credits open once, the first payment is recorded once', async () => {
      const email = 'cy.plan@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId, new Date(NOW.getTime() + 60_000))
      const subscription = String(standIn.sessions.get(sessionId)!.subscription)
      const first = standIn.invoicePaid(sessionId, 1)
      expect(await deliver(completed)).toBe(200)
      expect(await deliver(first)).toBe(200)
      expect(await deliver(completed)).toBe(200)
      expect(await deliver(first)).toBe(200)
      // Late, under new event ids: the same facts.
      expect(await deliver({ ...completed, id: `${completed.id}_late` })).toBe(200)
      expect(await deliver({ ...first, id: `${first.id}_late` })).toBe(200)
      expect(await entriesOf(email)).toEqual([
        ['purchase-opened', `subscription:${subscription}`, 0],
        ['payment-received', `invoice:${first.data.object.id}`, 40000],
      ])
      expect(await purchaseOf(purchase.id)).toMatchObject({
        status: 'paid',
        stripeSubscription: subscription,
        paidAt: new Date(completed.created * 1000).toISOString(),
      })
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 6, left: 6, paid: 40000 })
      expect(await readyMails(email)).toBe(1)
      expect(await countOf(payload, 'stripe-events', { eventId: { equals: first.id } })).toBe(1)
    })

    it('the first invoice before its session (out of order) opens the credits; the session after it changes nothing', async () => {
      const email = 'dee.plan@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId)
      const first = standIn.invoicePaid(sessionId, 1)
      expect(await deliver(first)).toBe(200)
      expect((await purchaseOf(purchase.id)).status).toBe('paid')
      expect(await deliver(completed)).toBe(200)
      expect(await card.settleOnReturn(payload, purchase, sessionId)).toBe('already-paid')
      expect((await entriesOf(email)).map((e) => e[0])).toEqual(['purchase-opened', 'payment-received'])
      expect(await readyMails(email)).toBe(1)
    })

    it('the webhooks twice each and the buyer’s return page twice, all at once: one opening, one payment, one mail', async () => {
      const email = 'eve.plan@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId)
      const first = standIn.invoicePaid(sessionId, 1)
      const outcomes = await Promise.all([
        deliver(first),
        card.settleOnReturn(payload, purchase, sessionId),
        deliver(completed),
        deliver(first),
        card.settleOnReturn(payload, purchase),
        deliver(completed),
      ])
      expect([outcomes[0], outcomes[2], outcomes[3], outcomes[5]]).toEqual([200, 200, 200, 200])
      expect(await entriesOf(email)).toEqual([
        ['purchase-opened', `subscription:${standIn.sessions.get(sessionId)!.subscription}`, 0],
        ['payment-received', `invoice:${first.data.object.id}`, 40000],
      ])
      expect(await readyMails(email)).toBe(1)
    })

    it('later instalments: each invoice once however delivered, a failed one shown to the coach until paid, the plan ended after the last', async () => {
      const email = 'fay.plan@example.com'
      const { purchase, sessionId } = await atStripe(email)
      standIn.complete(sessionId)
      expect(await card.settleOnReturn(payload, purchase, sessionId, NOW)).toBe('opened')
      const subscription = String(standIn.sessions.get(sessionId)!.subscription)
      const { mailSettings } = await import('@/platform/mail/settings')
      const { brand, siteUrl } = await mailSettings(payload)
      // The client's page: its live link while the mail waits, hidden once the kick has sent it.
      const ownPage = (text: string) =>
        text
          .replace(`${siteUrl}${tokens.clientPath(email)}`, '<their page>')
          .replace(`${siteUrl}/client/[link hidden]`, '<their page>')
      const receipts = async () =>
        (await mailsAsSent(payload, { kind: { equals: 'instalment-receipt' }, to: { equals: email } })).map((m) => ({
          to: m.to,
          subject: m.subject,
          text: ownPage(m.text),
          key: m.idempotencyKey,
        }))
      // The first payment's own invoice.paid, twice: it was recorded with the session, and mailed as "sessions are ready" only.
      const first = standIn.invoicePaid(sessionId, 1)
      expect(await deliver(first)).toBe(200)
      expect(await deliver({ ...first, id: `${first.id}_again` })).toBe(200)
      expect(await receipts()).toEqual([])
      const page = 'Your page, with your sessions and receipts:\n<their page>'

      const failed = standIn.invoiceFailed(sessionId, 2, new Date('2027-01-01T10:00:00.000Z'))
      expect(await deliver(failed)).toBe(200)
      expect((await purchaseOf(purchase.id)).instalmentProblem).toBe(
        'Stripe could not take payment 2 of 3 ($400) from the client’s card on Jan 1, 2027. Stripe tries again by itself; if it keeps failing, contact the client.',
      )
      const second = standIn.invoicePaid(sessionId, 2)
      expect(await Promise.all([deliver(second), deliver(second)])).toEqual([200, 200])
      expect((await purchaseOf(purchase.id)).instalmentProblem).toBeNull()
      // Its receipt, once, with the next payment taken from the card a month later.
      const receipt = { to: email, reference: purchase.reference, page, siteName: brand.siteName }
      const secondReceipt = instalmentReceipt({
        ...receipt,
        n: 2,
        left: 'The next, payment 3 of 3 ($400), is taken from your card on Feb 1, 2027.',
        key: `invoice:${second.data.object.id}`,
      })
      expect(await receipts()).toEqual([secondReceipt])
      // The failure delivered again after the payment (out of order) is no problem any more.
      expect(await deliver({ ...failed, id: `${failed.id}_late` })).toBe(200)
      expect((await purchaseOf(purchase.id)).instalmentProblem).toBeNull()
      expect(standIn.subscriptionsUpdated).toEqual([])

      const third = standIn.invoicePaid(sessionId, 3)
      expect(await deliver(third)).toBe(200)
      expect(await deliver({ ...third, id: `${third.id}_late` })).toBe(200)
      expect((await entriesOf(email)).map((e) => e[1])).toEqual([
        `subscription:${subscription}`,
        `invoice:${standIn.sessions.get(sessionId)!.invoice}`,
        `invoice:${second.data.object.id}`,
        `invoice:${third.data.object.id}`,
      ])
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 6, left: 6, paid: 120000 })
      // Ended after the last: Stripe takes nothing more.
      expect(standIn.subscriptionsUpdated.length).toBeGreaterThan(0)
      for (const update of standIn.subscriptionsUpdated)
        expect(update).toEqual({
          id: subscription,
          params: { cancel_at_period_end: true },
          idempotencyKey: `instalments-end:${subscription}`,
        })
      expect(standIn.subscriptions.get(subscription)!.cancel_at_period_end).toBe(true)
      expect(await readyMails(email)).toBe(1)
      // The last payment's receipt, once (delivered twice, the second time under a new event id).
      expect(await receipts()).toEqual([
        secondReceipt,
        instalmentReceipt({
          ...receipt,
          n: 3,
          key: `invoice:${third.data.object.id}`,
        }),
      ])
    })

    it('refunded from the admin: taken from the newest payment first, once however often it is sent; each part’s charge.refunded and a later payment refunded in Stripe’s dashboard are matched to the purchase', async () => {
      const email = 'gus.plan@example.com'
      const { purchase, sessionId } = await atStripe(email)
      standIn.complete(sessionId)
      expect(await card.settleOnReturn(payload, purchase, sessionId)).toBe('opened')
      // Each later payment a month after the one before.
      const month = (n: number) => new Date(Date.now() + (n - 1) * 31 * 24 * 60 * 60 * 1000)
      const invoice = (n: number) => standIn.invoicePaid(sessionId, n, month(n)).data.object.id
      expect(await deliver(standIn.invoicePaid(sessionId, 2, month(2)))).toBe(200)
      const [first, second] = [invoice(1), invoice(2)]
      const coach = await payload.create({
        collection: 'users',
        data: {
          email: `coach.plan.${label.toLowerCase()}@example.com`,
          password: 'a quiet lake at dawn 2026',
          role: 'admin',
        },
        overrideAccess: true,
      })
      const refunds = await import('@/features/packages/refunds')
      const named = { purchase: String(purchase.id), reference: purchase.reference! }
      const madeFor = (requestId: string) =>
        standIn.refundsMade
          .filter((r) => r.refund.metadata?.refund_request === requestId)
          .map((r) => [r.refund.payment_intent, r.refund.amount, r.refund.metadata, r.idempotencyKey])

      // $500 of the $800 paid, two credits back, clicked twice at once: all of payment 2, $100 of payment 1.
      const requestId = randomUUID()
      const asked = { requestId, amount: '500', credits: '2' }
      const clicks = await Promise.all([
        refunds.refundPayment(payload, purchase.id, coach, asked),
        refunds.refundPayment(payload, purchase.id, coach, asked),
      ])
      for (const outcome of clicks)
        expect(outcome).toMatchObject({
          status: 'refunded',
          state: { method: 'stripe', paid: 80000, refunded: 50000, refundable: 30000, creditsLeft: 4 },
        })
      const parts = [
        [
          standIn.invoicePaymentIntent(sessionId, 2),
          40000,
          { ...named, refund_request: requestId, credits: '2', refund_part: second },
          `refund:${requestId}:${second}`,
        ],
        [
          standIn.invoicePaymentIntent(sessionId, 1),
          10000,
          { ...named, refund_request: requestId, credits: '0', refund_part: first },
          `refund:${requestId}:${first}`,
        ],
      ]
      expect(madeFor(requestId)).toEqual(parts)
      // Sent again later: Stripe is asked the same, and answers the refunds it made.
      expect(await refunds.refundPayment(payload, purchase.id, coach, asked)).toMatchObject({ status: 'refunded' })
      expect(madeFor(requestId)).toEqual(parts)
      const refundEntries = [
        ['refund', `refund-request:${requestId}:${second}`, 40000],
        ['refund', `refund-request:${requestId}:${first}`, 10000],
      ]
      expect((await entriesOf(email)).slice(3)).toEqual(refundEntries)
      // Stripe's event for each part, each twice: the same facts.
      const events = standIn.deliveries.map((d) => d.event).filter((e) => e.type === 'charge.refunded')
      expect(events).toHaveLength(2)
      for (const event of [...events, ...events.map((e) => ({ ...e, id: `${e.id}_again` }))])
        expect(await deliver(event)).toBe(200)
      expect((await entriesOf(email)).slice(3)).toEqual(refundEntries)
      expect(await balanceHolds(payload, email)).toMatchObject({ left: 4, refunded: 2, refundedAmount: 50000 })
      const receipts = await mailsAsSent(payload, { kind: { equals: 'refund-receipt' }, to: { equals: email } })
      expect(receipts).toHaveLength(1)
      expect(receipts[0]!.text).toContain('2 sessions were taken off this package: 4 left to book.')

      // More than is left: refused in words, nothing asked of Stripe.
      const tooMuch = await refunds.refundPayment(payload, purchase.id, coach, {
        requestId: randomUUID(),
        amount: '301',
        credits: '0',
      })
      expect(tooMuch).toEqual({
        status: 'refused',
        code: 400,
        reason: 'You can refund at most $300: that is what was paid and is not refunded yet.',
      })

      // Payment 3, then $50 of it refunded in Stripe's dashboard: its event names no purchase, its invoice does.
      expect(await deliver(standIn.invoicePaid(sessionId, 3, month(3)))).toBe(200)
      const dashboard = standIn.refundInvoice(sessionId, 3, 5000, month(3))
      expect(await deliver(dashboard)).toBe(200)
      const refundId = standIn.refunds.get(dashboard.data.object.id)![0]!.id
      expect((await entriesOf(email)).at(-1)).toEqual(['refund', refundId, 5000])
      // The next refund from the admin counts it: $100 more, all from payment 3 ($350 of it left).
      const later = randomUUID()
      expect(
        await refunds.refundPayment(payload, purchase.id, coach, { requestId: later, amount: '100', credits: '0' }),
      ).toMatchObject({ status: 'refunded', state: { paid: 120000, refunded: 65000, refundable: 55000 } })
      expect(madeFor(later)).toEqual([
        [
          standIn.invoicePaymentIntent(sessionId, 3),
          10000,
          { ...named, refund_request: later, credits: '0', refund_part: invoice(3) },
          `refund:${later}:${invoice(3)}`,
        ],
      ])
      expect(await balanceHolds(payload, email)).toMatchObject({ paid: 120000, refundedAmount: 65000 })
    })
  })
}
