import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Purchase } from '@/payload-types'
import { cardPaymentSite } from '../../support/card-payments'
import { checkoutToPayment } from '../../support/checkout'
import { DAY } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { creditEntriesOf } from '../../support/credits'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { newClients } from '../../support/scenarios'
import { countOf } from '../../support/site'

const NOW = new Date('2026-12-01T10:00:00.000Z')

/**
 * Paying for a package by card through Stripe Checkout (issue 27; decision 066), against the Stripe stand-in
 * (tests/support/stripe-stand-in.ts), which the site reaches through the SDK's host settings only: step 5 makes
 * a Checkout Session for the package's price; the signed webhook and the buyer's return open the credits once,
 * however often, late, out of order or at the same time they arrive; an unverifiable webhook is refused with 400
 * and stored nowhere; refunds are recorded in the ledger; without keys, the bank transfer is as it was.
 */
export function stripeSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Paying for a package by card on ${label}`, () => {
    const { standIn, site, card, ledger, tokens } = cardPaymentSite(setup)
    let payload: Payload
    let starterId: number
    const client = newClients(`stripe-${label}`)
    const admin = { email: `admin.stripe.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
    let adminToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      starterId = (await payload.find({ collection: 'packages', depth: 0, overrideAccess: true })).docs[0]!.id
      await payload.create({ collection: 'users', data: { ...admin, role: 'admin' }, overrideAccess: true })
      adminToken = (await payload.login({ collection: 'users', data: admin })).token!
    })

    const purchaseOf = (id: number) => payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true })

    /** The five steps as the forms post them: answers the purchase awaiting payment. */
    const awaitingPayment = (email: string): Promise<Purchase> =>
      checkoutToPayment(payload, { packageId: starterId, email, client: client(), now: NOW })

    /** Step 5's "Pay with Stripe" link, as the browser follows it: answers where it sends the buyer. */
    async function pressPay(purchase: Purchase): Promise<string> {
      const res = await card.payWithStripe(tokens.checkoutToken(purchase))
      expect(res.status).toBe(303)
      return res.headers.get('location')!
    }

    /** A purchase sent to Stripe: answers it with its session's id. */
    async function atStripe(email: string): Promise<{ purchase: Purchase; sessionId: string }> {
      const purchase = await awaitingPayment(email)
      const location = await pressPay(purchase)
      const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(location)![1]!
      return { purchase: await purchaseOf(purchase.id), sessionId }
    }

    const deliver = (request: Request) => card.stripeWebhook(request)
    const entriesOf = async (email: string) =>
      (await creditEntriesOf(payload, email)).map((e) => ({ type: e.type, key: e.key, purchase: e.purchase }))
    /** The "sessions are ready" mails the SMTP peer got for `email` (the opening's kick sends them at once). */
    const received = (email: string) =>
      site.smtp.mails.filter(
        (m) => m.to?.[0]?.address === email && m.subject?.startsWith('Your sessions are ready: Starter Session'),
      ).length
    const readyMails = async (email: string) =>
      (await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } })).length

    it('step 5 is a card payment: no bank details are mailed; "Pay with Stripe" makes a Checkout Session for the package’s price and names the purchase', async () => {
      const purchase = await awaitingPayment('ada.card@example.com')
      expect(purchase).toMatchObject({ status: 'awaiting-payment', paymentMethod: 'stripe', stripeSession: null })
      expect(await mailsAsSent(payload, { kind: { equals: 'payment-details' } })).toEqual([])

      const before = standIn.created.length
      const location = await pressPay(purchase)
      expect(location).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_\\w+$`))
      expect(standIn.created).toHaveLength(before + 1)
      const { siteUrl } = await import('@/domain/brand')
      const back = `${siteUrl().origin}${tokens.checkoutPath(purchase)}`
      expect(standIn.created.at(-1)).toEqual({
        params: {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: 15000,
                product_data: { name: 'Starter Session', description: '1 session of 60 minutes' },
              },
            },
          ],
          customer_email: 'ada.card@example.com',
          // The purchase as only this site can name it: signed with its secret (decision 086).
          client_reference_id: tokens.stripeReference(purchase),
          metadata: {
            purchase: String(purchase.id),
            reference: purchase.reference,
            site: tokens.stripeReference(purchase),
          },
          payment_intent_data: {
            metadata: {
              purchase: String(purchase.id),
              reference: purchase.reference,
              site: tokens.stripeReference(purchase),
            },
          },
          success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${back}?payment=cancelled`,
        },
        idempotencyKey: `checkout-session:${purchase.id}-${new Date(purchase.createdAt).getTime()}:first`,
      })
      const sessionId = /(cs_test_\w+)$/.exec(location)![1]!
      expect(standIn.sessions.get(sessionId)).toMatchObject({ amount_total: 15000, currency: 'usd', status: 'open' })
      expect((await purchaseOf(purchase.id)).stripeSession).toBe(sessionId)

      // Pressed again, the open session is the one to pay: nothing new is made.
      expect(await pressPay(await purchaseOf(purchase.id))).toBe(location)
      expect(standIn.created).toHaveLength(before + 1)
      // Nothing is paid yet: no credits, the purchase still awaits its payment.
      expect(await entriesOf('ada.card@example.com')).toEqual([])
      expect((await purchaseOf(purchase.id)).status).toBe('awaiting-payment')
    })

    it('"Pay with Stripe" pressed twice at once makes one session to pay, not two', async () => {
      const purchase = await awaitingPayment('twice.card@example.com')
      const sessionsBefore = standIn.sessions.size
      const [one, two] = await Promise.all([pressPay(purchase), pressPay(purchase)])
      expect(one).toBe(two)
      expect(standIn.sessions.size).toBe(sessionsBefore + 1)
    })

    it('the webhook opens the credits once: delivered twice, then late again, one entry keyed by the session, one mail', async () => {
      const email = 'bea.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId, new Date(NOW.getTime() + 60_000))

      const first = await deliver(standIn.webhookRequest(completed))
      expect(first.status).toBe(200)
      expect(await first.json()).toEqual({ received: true, handled: 'now' })
      const again = await deliver(standIn.webhookRequest(completed))
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual({ received: true, handled: 'before' })

      expect(await entriesOf(email)).toEqual([
        { type: 'purchase-opened', key: sessionId, purchase: String(purchase.id) },
      ])
      const paid = await purchaseOf(purchase.id)
      expect(paid).toMatchObject({
        status: 'paid',
        paymentMethod: 'stripe',
        stripeSession: sessionId,
        stripePaymentIntent: standIn.sessions.get(sessionId)!.payment_intent,
        paidAt: new Date(completed.created * 1000).toISOString(),
      })
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 1, left: 1, paid: 15000 })
      const [entry] = (
        await payload.find({ collection: 'credit-entries', where: { email: { equals: email } }, overrideAccess: true })
      ).docs
      expect(entry!.entry).toMatchObject({ credits: 1, amount: 15000, validUntil: completed.created * 1000 + 90 * DAY })
      expect(await readyMails(email)).toBe(1)
      const mail = (await mailsAsSent(payload, { kind: { equals: 'credits-open' }, to: { equals: email } }))[0]!
      expect(mail.text).toContain(
        `Your payment of $150 for the Starter Session (reference ${paid.reference}) has arrived.`,
      )
      expect(mail.text).toContain(tokens.clientPath(email))
      await expect.poll(() => received(email)).toBe(1)
      expect(await countOf(payload, 'stripe-events', { eventId: { equals: completed.id } })).toBe(1)

      // The same fact as another delivery of Stripe's (a new event id, the same session), late: nothing new.
      const late = { ...completed, id: `${completed.id}_again` }
      expect((await deliver(standIn.webhookRequest(late))).status).toBe(200)
      expect(await entriesOf(email)).toHaveLength(1)
      expect(await readyMails(email)).toBe(1)
      expect((await purchaseOf(purchase.id)).paidAt).toBe(paid.paidAt)
    })

    it('the webhook and the buyer’s return page at the same moment (and the webhook twice among them) open the credits once', async () => {
      const email = 'cy.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId)
      const outcomes = await Promise.all([
        deliver(standIn.webhookRequest(completed)).then((r) => r.status),
        card.settleOnReturn(payload, purchase, sessionId),
        deliver(standIn.webhookRequest(completed)).then((r) => r.status),
        card.settleOnReturn(payload, purchase),
      ])
      expect([outcomes[0], outcomes[2]]).toEqual([200, 200])
      expect(await entriesOf(email)).toEqual([
        { type: 'purchase-opened', key: sessionId, purchase: String(purchase.id) },
      ])
      expect((await purchaseOf(purchase.id)).status).toBe('paid')
      expect(await readyMails(email)).toBe(1)
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 1, left: 1 })
      // Whichever settled first, the purchase's time is the time its credits opened from.
      const [entry] = (
        await payload.find({ collection: 'credit-entries', where: { email: { equals: email } }, overrideAccess: true })
      ).docs
      expect(new Date((await purchaseOf(purchase.id)).paidAt!).getTime()).toBe(new Date(entry!.at).getTime())
      await expect.poll(() => received(email)).toBe(1)
    })

    it('the return page alone settles a paid session (the webhook not come yet), and not an unpaid one or another purchase’s', async () => {
      const email = 'dee.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      expect(await card.settleOnReturn(payload, purchase, sessionId)).toBe('unpaid')
      const other = await atStripe('other.card@example.com')
      standIn.complete(other.sessionId)
      // Someone else's paid session named in the return address opens nothing here.
      expect(await card.settleOnReturn(payload, purchase, other.sessionId)).toBe('not-ours')
      expect(await entriesOf(email)).toEqual([])
      standIn.complete(sessionId)
      expect(await card.settleOnReturn(payload, purchase, sessionId)).toBe('opened')
      expect((await purchaseOf(purchase.id)).status).toBe('paid')
      expect(await entriesOf(email)).toHaveLength(1)
      await expect.poll(() => received(email)).toBe(1)
    })

    it('a session another site made on a shared Stripe account, naming a purchase of the same number, is acknowledged (200) and opens nothing, by the webhook or the return page', async () => {
      const email = 'kim.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const ours = standIn.sessions.get(sessionId)!
      const createdMs = new Date(purchase.createdAt).getTime()
      const forged = `${purchase.id}-${createdMs}.${'x'.repeat(43)}`
      const sameNumberElsewhere = tokens.stripeReference({
        id: purchase.id,
        createdAt: new Date(createdMs + 1).toISOString(),
      })
      // Another site's sessions: by the id alone (as before signing), with another site's signature, and with a
      // reference of this site's for another purchase of that number (before a restore); in metadata or alone.
      const named: Pick<typeof ours, 'metadata' | 'client_reference_id'>[] = [
        {
          metadata: { purchase: String(purchase.id), reference: 'PKG-OTHER' },
          client_reference_id: String(purchase.id),
        },
        { metadata: { purchase: String(purchase.id), site: forged }, client_reference_id: forged },
        { metadata: { purchase: String(purchase.id), site: sameNumberElsewhere }, client_reference_id: null },
        { metadata: {}, client_reference_id: forged },
      ]
      const events = await countOf(payload, 'stripe-events')
      for (const [i, names] of named.entries()) {
        const id = `cs_test_elsewhere${i}${sessionId.slice(-8)}`
        standIn.sessions.set(id, { ...ours, ...names, id })
        const res = await deliver(standIn.webhookRequest(standIn.complete(id)))
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ received: true, handled: 'not-ours' })
        expect(await card.settleOnReturn(payload, purchase, id)).toBe('not-ours')
      }
      expect(await entriesOf(email)).toEqual([])
      expect(await purchaseOf(purchase.id)).toMatchObject({ status: 'awaiting-payment', stripeSession: sessionId })
      expect(await countOf(payload, 'stripe-events')).toBe(events)
      expect(await readyMails(email)).toBe(0)
      // This site's own session for it still opens it.
      expect((await deliver(standIn.webhookRequest(standIn.complete(sessionId)))).status).toBe(200)
      expect((await purchaseOf(purchase.id)).status).toBe('paid')
      await expect.poll(() => received(email)).toBe(1)
    })

    it('a session paid at another price than the package’s opens nothing', async () => {
      const email = 'eve.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      standIn.sessions.get(sessionId)!.amount_total = 100
      const completed = standIn.complete(sessionId)
      expect((await deliver(standIn.webhookRequest(completed))).status).toBe(200)
      expect(await entriesOf(email)).toEqual([])
      expect((await purchaseOf(purchase.id)).status).toBe('awaiting-payment')
    })

    it('an unverifiable webhook is refused with 400 and stored nowhere: wrong secret, no signature, a body changed after signing', async () => {
      const email = 'fay.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId)
      const events = await countOf(payload, 'stripe-events')
      const entries = await countOf(payload, 'credit-entries')
      const outbox = await countOf(payload, 'mail-outbox')

      const forged = await deliver(standIn.webhookRequest(completed, { secret: 'whsec_not_the_coachs' }))
      expect(forged.status).toBe(400)
      expect(await forged.json()).toEqual({ error: 'The signature did not verify.' })
      expect((await deliver(standIn.webhookRequest(completed, { signature: '' }))).status).toBe(400)
      const { signature } = standIn.signed(completed)
      const changed = new Request('http://localhost:3000/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: JSON.stringify({ ...completed, id: 'evt_changed' }, null, 2),
      })
      expect((await deliver(changed)).status).toBe(400)
      // An old signature (Stripe's tolerance is five minutes) is refused too.
      const stale = new Request('http://localhost:3000/api/stripe/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': (await import('stripe')).default.webhooks.generateTestHeaderString({
            payload: standIn.signed(completed).body,
            secret: standIn.webhookSecret,
            timestamp: Math.floor(Date.now() / 1000) - 3600,
          }),
        },
        body: standIn.signed(completed).body,
      })
      expect((await deliver(stale)).status).toBe(400)

      expect(await countOf(payload, 'stripe-events')).toBe(events)
      expect(await countOf(payload, 'credit-entries')).toBe(entries)
      expect(await countOf(payload, 'mail-outbox')).toBe(outbox)
      expect((await purchaseOf(purchase.id)).status).toBe('awaiting-payment')
      // The same event, signed with the coach's secret, is acted on.
      expect((await deliver(standIn.webhookRequest(completed))).status).toBe(200)
      expect((await purchaseOf(purchase.id)).status).toBe('paid')
      await expect.poll(() => received(email)).toBe(1)
    })

    it('an event of another type is answered 200 and changes nothing', async () => {
      const { sessionId } = await atStripe('gil.card@example.com')
      const completed = standIn.complete(sessionId)
      const other = { ...completed, type: 'checkout.session.expired' } as unknown as typeof completed
      const res = await deliver(standIn.webhookRequest(other))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ received: true, handled: 'ignored' })
      expect(await entriesOf('gil.card@example.com')).toEqual([])
    })

    it('refunds: one delivered before its purchase’s completed event waits and applies when it opens; each refund is recorded once, with its money and no credits', async () => {
      const email = 'hal.card@example.com'
      const { purchase, sessionId } = await atStripe(email)
      const completed = standIn.complete(sessionId)
      const firstRefund = standIn.refund(sessionId, 5000)

      // Out of order: the refund first.
      expect((await deliver(standIn.webhookRequest(firstRefund))).status).toBe(200)
      expect(await entriesOf(email)).toEqual([
        { type: 'refund', key: expect.stringMatching(/^re_test_\w+$/), purchase: String(purchase.id) },
      ])
      expect(await ledger.creditBalance(payload, email)).toMatchObject({ bought: 0, waiting: 1 })

      expect((await deliver(standIn.webhookRequest(completed))).status).toBe(200)
      expect(await ledger.creditBalance(payload, email)).toMatchObject({
        bought: 1,
        left: 1,
        refunded: 0,
        paid: 15000,
        refundedAmount: 5000,
        waiting: 0,
      })

      // A second partial refund: its event twice, and the first refund's event again, late.
      const secondRefund = standIn.refund(sessionId, 10000)
      expect((await deliver(standIn.webhookRequest(secondRefund))).status).toBe(200)
      expect((await deliver(standIn.webhookRequest(secondRefund))).status).toBe(200)
      expect((await deliver(standIn.webhookRequest({ ...firstRefund, id: `${firstRefund.id}_late` }))).status).toBe(200)
      const entries = await entriesOf(email)
      expect(entries.map((e) => e.type)).toEqual(['refund', 'purchase-opened', 'refund'])
      expect(new Set(entries.map((e) => e.key)).size).toBe(3)
      expect(await ledger.creditBalance(payload, email)).toMatchObject({
        bought: 1,
        left: 1,
        refundedAmount: 15000,
      })
      await expect.poll(() => received(email)).toBe(1)
    })

    it('"Mark payment received" is refused for a purchase paid by card (409), and Today does not count it as a bank transfer', async () => {
      const { purchase } = await atStripe('ivy.card@example.com')
      const res = await restRequest(`/purchases/${purchase.id}/mark-paid`, { method: 'POST', token: adminToken })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        errors: [{ message: 'This purchase is paid by card: it is marked paid when Stripe confirms the payment.' }],
      })
      expect(await entriesOf('ivy.card@example.com')).toEqual([])
      const { readToday } = await import('@/features/today/today')
      const me = (
        await payload.find({ collection: 'users', where: { email: { equals: admin.email } }, overrideAccess: true })
      ).docs[0]!
      const today = await readToday(payload, { ...me, collection: 'users' })
      expect(today.lines.some((l) => l.text.includes('awaiting a bank transfer'))).toBe(false)
    })

    it('without Stripe keys the checkout is a bank transfer as before, and the webhook address answers 404', async () => {
      delete process.env.STRIPE_SECRET_KEY
      try {
        const purchase = await awaitingPayment('jo.transfer@example.com')
        expect(purchase).toMatchObject({ status: 'awaiting-payment', paymentMethod: 'bank-transfer' })
        const [mail] = await mailsAsSent(payload, {
          kind: { equals: 'payment-details' },
          to: { equals: 'jo.transfer@example.com' },
        })
        expect(mail!.text).toContain('Please pay $150 for the Starter Session by bank transfer:')
        const before = standIn.requests.length
        expect(await pressPay(purchase)).toBe(`/coaching/checkout/${tokens.checkoutToken(purchase)}#checkout-heading`)
        expect(standIn.requests.length).toBe(before)
        const res = await deliver(
          new Request('http://localhost:3000/api/stripe/webhook', { method: 'POST', body: '{}' }),
        )
        expect(res.status).toBe(404)
      } finally {
        process.env.STRIPE_SECRET_KEY = standIn.secretKey
      }
    })
  })
}
