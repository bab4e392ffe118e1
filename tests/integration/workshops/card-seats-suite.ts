import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Workshop } from '@/payload-types'
import { DAY, HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { testSite } from '../../support/site'
import { workshopsOnSite } from '../../support/workshops'
import { stripeStandInForTests, type StripeStandIn } from '../../support/stripe-stand-in'

const NOW = new Date('2026-11-30T09:00:00.000Z')
const START = new Date(NOW.getTime() + 10 * DAY)

/**
 * Paid workshop seats by card through Stripe Checkout (issue 28; decision 070), against the Stripe stand-in:
 * the seat's page makes one Checkout Session for its price; the signed webhook and the visitor's return confirm
 * one seat, however often, late or at once they arrive; a payment after the hold ran out goes back at once; a
 * seat given up for a refund is refunded on the card once, however often it is pressed.
 */
export function cardSeatsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`paid workshop seats by card on ${label}`, () => {
    const standIn = stripeStandInForTests()

    let payload: Payload
    const site = testSite(setup, { env: standIn.env })
    let seats: typeof import('@/features/workshops/seats')
    let card: typeof import('@/features/workshops/card')
    let webhook: typeof import('@/features/packages/stripe')
    let tokens: typeof import('@/features/workshops/manage-token')
    let admin = ''

    beforeAll(async () => {
      ;({ payload } = site)
      seats = await import('@/features/workshops/seats')
      card = await import('@/features/workshops/card')
      webhook = await import('@/features/packages/stripe')
      tokens = await import('@/features/workshops/manage-token')
      const data = { email: `admin.card.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
      await payload.create({
        collection: 'users',
        data: { ...data, name: 'admin', role: 'admin' },
        overrideAccess: true,
      })
      admin = (await payload.login({ collection: 'users', data })).token!
    })
    const { aWorkshop, row, mailsTo } = workshopsOnSite(site, 'Card workshop', {
      date: START.toISOString(),
      format: 'Online, 2 hours',
      description: 'A workshop.',
      attendance: 'online',
      seats: 1,
      price: 40,
    })

    /** Registers and presses "Pay by card": answers the registration and its Checkout Session's id. */
    async function atStripe(w: Workshop, who: string) {
      expect(
        (await seats.registerForWorkshop(payload, w.id, { name: who, email: `${who}@example.com` }, NOW)).outcome,
      ).toBe('held')
      const r = await row(w, who)
      const res = await card.payForSeat(tokens.registrationToken(r))
      expect(res.status).toBe(303)
      const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.headers.get('location')!)![1]!
      return { r: await row(w, who), sessionId }
    }
    const deliver = (event: Parameters<StripeStandIn['webhookRequest']>[0]) =>
      webhook.stripeWebhook(standIn.webhookRequest(event))

    it('the held seat is paid on a Checkout Session for its price; "Pay by card" twice gives the same session', async () => {
      const w = await aWorkshop()
      const before = standIn.created.length
      const { r, sessionId } = await atStripe(w, 'ada')
      const [held] = await mailsTo('ada')
      expect(held!.kind).toBe('workshop-seat-held')
      expect(held!.text).toContain("To keep it, pay $40 by card on your registration's page.")
      expect(held!.text).not.toContain('bank transfer')
      expect(standIn.created).toHaveLength(before + 1)
      const made = standIn.created.at(-1)!
      expect(made.params).toMatchObject({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 4000, product_data: { name: w.title } } },
        ],
        customer_email: 'ada@example.com',
        metadata: { workshopRegistration: String(r.id), reference: r.reference, site: card.seatStripeReference(r) },
        client_reference_id: card.seatStripeReference(r),
      })
      expect(r.stripeSession).toBe(sessionId)
      const again = await card.payForSeat(tokens.registrationToken(r))
      expect(again.headers.get('location')).toBe(`${standIn.url}/c/pay/${sessionId}`)
      expect(standIn.created).toHaveLength(before + 1)
      expect((await row(w, 'ada')).status).toBe('offered')
    })

    it('the webhook twice, late, and the return page at the same moment confirm one seat, with one mail', async () => {
      const w = await aWorkshop()
      const { r, sessionId } = await atStripe(w, 'bea')
      const completed = standIn.complete(sessionId)
      const answers = await Promise.all([
        deliver(completed).then((x) => x.status),
        card.settleSeatOnReturn(payload, r, sessionId),
        deliver(completed).then((x) => x.status),
      ])
      expect([answers[0], answers[2]]).toEqual([200, 200])
      expect(['registered', 'already']).toContain(answers[1])
      // Late, as another event of the same payment.
      expect((await deliver({ ...completed, id: `${completed.id}_late` })).status).toBe(200)
      expect(await card.settleSeatOnReturn(payload, await row(w, 'bea'), sessionId)).toBe('unpaid')
      expect(await row(w, 'bea')).toMatchObject({
        status: 'registered',
        seat: 1,
        paidWith: 'stripe',
        stripeSession: sessionId,
        stripePaymentIntent: standIn.sessions.get(sessionId)!.payment_intent,
      })
      expect((await mailsTo('bea')).map((m) => m.kind)).toEqual(['workshop-seat-held', 'workshop-registered'])
      expect(standIn.refundsMade).toHaveLength(0)
    })

    it('a paid session another site made on a shared Stripe account, naming a registration of the same number, is acknowledged (200) and confirms nothing, by the webhook or the return page', async () => {
      const w = await aWorkshop()
      const { r, sessionId } = await atStripe(w, 'dot')
      const ours = standIn.sessions.get(sessionId)!
      const createdMs = new Date(r.createdAt).getTime()
      const sameNumberElsewhere = card.seatStripeReference({
        id: r.id,
        createdAt: new Date(createdMs + 1).toISOString(),
      })
      // By the id alone (as before signing), with another site's signature, with a reference of this site's for
      // another registration of that number (before a restore).
      const named: Pick<typeof ours, 'metadata' | 'client_reference_id'>[] = [
        { metadata: { workshopRegistration: String(r.id) }, client_reference_id: `workshop-registration-${r.id}` },
        {
          metadata: { workshopRegistration: String(r.id), site: `${r.id}-${createdMs}.${'x'.repeat(43)}` },
          client_reference_id: null,
        },
        { metadata: { workshopRegistration: String(r.id), site: sameNumberElsewhere }, client_reference_id: null },
      ]
      for (const [i, names] of named.entries()) {
        const id = `cs_test_seatelsewhere${i}${sessionId.slice(-8)}`
        standIn.sessions.set(id, { ...ours, ...names, id })
        const res = await deliver(standIn.complete(id))
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ received: true, handled: 'not-ours' })
        expect(await card.settleSeatOnReturn(payload, await row(w, 'dot'), id)).toBe('not-ours')
      }
      expect(await row(w, 'dot')).toMatchObject({ status: 'offered', paidAt: null, stripeSession: sessionId })
      expect(standIn.refundsMade).toHaveLength(0)
      expect((await mailsTo('dot')).map((m) => m.kind)).toEqual(['workshop-seat-held'])
      // This site's own session for it still confirms the seat.
      expect((await deliver(standIn.complete(sessionId))).status).toBe(200)
      expect((await row(w, 'dot')).status).toBe('registered')
    })

    it('a card payment after the hold ran out finds no seat and is refunded once', async () => {
      const w = await aWorkshop()
      const { sessionId } = await atStripe(w, 'cy')
      await seats.settleWorkshop(payload, w.id, new Date(NOW.getTime() + 24 * HOUR))
      expect((await row(w, 'cy')).status).toBe('cancelled')
      const refundsBefore = standIn.refundsMade.length
      const completed = standIn.complete(sessionId)
      expect((await deliver(completed)).status).toBe(200)
      expect((await deliver({ ...completed, id: `${completed.id}_again` })).status).toBe(200)
      expect(standIn.refundsMade).toHaveLength(refundsBefore + 1)
      expect(standIn.refundsMade.at(-1)!.refund).toMatchObject({
        amount: 4000,
        payment_intent: standIn.sessions.get(sessionId)!.payment_intent,
      })
      expect((await row(w, 'cy')).status).toBe('cancelled')
    })

    it('a card-paid seat given up for a refund is refunded on the card once, however often it is pressed', async () => {
      const w = await aWorkshop()
      const { r, sessionId } = await atStripe(w, 'dee')
      expect((await deliver(standIn.complete(sessionId))).status).toBe(200)
      const refundsBefore = standIn.refundsMade.length
      const paid = await row(w, 'dee')
      const outcomes = await Promise.all([
        seats.cancelRegistration(payload, paid, 'attendee', NOW, 'refund'),
        seats.cancelRegistration(payload, paid, 'attendee', NOW, 'refund'),
      ])
      expect(outcomes.sort()).toEqual(['not-live', 'refunded'])
      expect(standIn.refundsMade).toHaveLength(refundsBefore + 1)
      const made = standIn.refundsMade.at(-1)!
      expect(made.refund).toMatchObject({
        amount: 4000,
        payment_intent: paid.stripePaymentIntent,
        metadata: { workshopRegistration: String(r.id) },
      })
      expect(await row(w, 'dee')).toMatchObject({ status: 'refunded', stripeRefund: made.refund.id })
      expect((await mailsTo('dee')).at(-1)!.text).toContain(
        'Your payment of $40 is refunded to your card; it usually shows within 5 to 10 days.',
      )
      expect(await mailsAsSent(payload, { kind: { equals: 'workshop-refund-due' } })).toHaveLength(0)
    })

    it('the coach cancels a workshop with card-paid seats for refunds: each refunded on its card once', async () => {
      const w = await aWorkshop({ seats: 2 })
      const one = await atStripe(w, 'eve')
      const two = await atStripe(w, 'fay')
      for (const s of [one, two]) expect((await deliver(standIn.complete(s.sessionId))).status).toBe(200)
      const refundsBefore = standIn.refundsMade.length
      const pressed = await Promise.all([
        restRequest(`/workshops/${w.id}/cancel`, { method: 'POST', token: admin, body: { settle: 'refund' } }),
        restRequest(`/workshops/${w.id}/cancel`, { method: 'POST', token: admin, body: { settle: 'refund' } }),
      ])
      expect(pressed.map((p) => p.status)).toEqual([200, 200])
      expect(standIn.refundsMade).toHaveLength(refundsBefore + 2)
      expect((await row(w, 'eve')).status).toBe('refunded')
      expect((await row(w, 'fay')).status).toBe('refunded')
    })
  })
}
