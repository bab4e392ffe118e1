import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Purchase } from '@/payload-types'
import { DAY } from '../../support/clock'
import { aStarterPurchase } from '../../support/credits'
import type { TestDatabase } from '../../support/database'
import { testSite } from '../../support/site'
import { stripeStandInForTests } from '../../support/stripe-stand-in'

type Sweep = typeof import('@/features/packages/abandoned')

/** The clock of these tests: Tuesday 2026-12-01, 10:00 UTC. */
const NOW = new Date('2026-12-01T10:00:00.000Z')

/**
 * Checkouts started and never paid, swept on an injected clock (decision 069): unfinished ones deleted after 7
 * days, card purchases whose Stripe session never opened or expired after 2 (one found paid settled instead),
 * bank transfers lapsed after 30; nothing with money on it touched; each purchase swept once by two sweeps at once.
 */
export function abandonedSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Unpaid checkouts swept on ${label}`, () => {
    const standIn = stripeStandInForTests()

    let payload: Payload
    const site = testSite(setup, { env: standIn.env })
    let mod: Sweep
    const tag = label.toLowerCase()

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/packages/abandoned')
    })

    /** A purchase started `ago` milliseconds before NOW, in `status`. */
    async function aPurchase(name: string, status: Purchase['status'], ago: number, more: Partial<Purchase> = {}) {
      return aStarterPurchase(payload, `${name}.${tag}@example.com`, status, {
        reference: `${name.toUpperCase()}-${tag}`,
        createdAt: new Date(NOW.getTime() - ago).toISOString(),
        ...more,
      })
    }

    const statusOf = async (p: Purchase) =>
      (
        await payload.findByID({
          collection: 'purchases',
          id: p.id,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
        })
      )?.status ?? 'deleted'

    /** Two instances sweeping at once: the sum of their reports. */
    async function twoSweeps(now = NOW) {
      const reports = await Promise.all([
        mod.sweepAbandonedCheckouts(payload, now),
        mod.sweepAbandonedCheckouts(payload, now),
      ])
      return reports.reduce(
        (sum, r) => ({
          deleted: sum.deleted + r.deleted,
          lapsed: sum.lapsed + r.lapsed,
          settled: sum.settled + r.settled,
        }),
        { deleted: 0, lapsed: 0, settled: 0 },
      )
    }

    it('deletes checkouts left unfinished after 7 days and lapses bank transfers not received after 30, once; never one with money on it', async () => {
      const { appendCreditEvent } = await import('@/features/packages/ledger')
      const { DEFAULT_CREDIT_RULES } = await import('@/domain/credits')
      const transfer = { paymentMethod: 'bank-transfer' as const }
      const oldCode = await aPurchase('old-code', 'code-sent', 7 * DAY + 1)
      const youngCode = await aPurchase('young-code', 'code-sent', 7 * DAY - 1)
      const oldAgreed = await aPurchase('old-agreed', 'agreed', 10 * DAY, { agreedName: 'Ada Lovelace' })
      const refunded = await aPurchase('refunded', 'agreed', 10 * DAY)
      // Money on it: a refund that came before any payment waits in the ledger for its purchase.
      const waiting = await appendCreditEvent(
        payload,
        refunded.email,
        {
          type: 'refund',
          key: `re_${tag}`,
          at: NOW.getTime(),
          purchase: String(refunded.id),
          amount: 5000,
          credits: 0,
        },
        DEFAULT_CREDIT_RULES,
      )
      expect(waiting.status).toBe('waiting')
      const oldTransfer = await aPurchase('old-transfer', 'awaiting-payment', 30 * DAY + 1, transfer)
      const youngTransfer = await aPurchase('young-transfer', 'awaiting-payment', 30 * DAY - 1, transfer)
      const paid = await aPurchase('paid', 'paid', 90 * DAY, { ...transfer, paidAt: NOW.toISOString() })

      expect(await twoSweeps()).toEqual({ deleted: 2, lapsed: 1, settled: 0 })
      const statuses = async () =>
        Promise.all([oldCode, youngCode, oldAgreed, refunded, oldTransfer, youngTransfer, paid].map(statusOf))
      expect(await statuses()).toEqual([
        'deleted',
        'code-sent',
        'deleted',
        'agreed',
        'lapsed',
        'awaiting-payment',
        'paid',
      ])
      // Once: the next sweep finds nothing more to do at that time.
      expect(await twoSweeps()).toEqual({ deleted: 0, lapsed: 0, settled: 0 })

      // A lapsed transfer that arrives after all is still received: its credits open.
      const { markPaid } = await import('@/features/packages/paid')
      const coach = await payload.create({
        collection: 'users',
        data: { email: `coach.sweep.${tag}@example.com`, password: 'a quiet lake at dawn 2026', role: 'admin' },
        overrideAccess: true,
      })
      expect((await markPaid(payload, oldTransfer.id, coach, NOW)).status).toBe('opened')
      expect(await statusOf(oldTransfer)).toBe('paid')
    })

    it('deletes a card purchase whose Stripe session never opened or expired after 2 days; settles one Stripe says is paid; keeps one still open, or when Stripe does not answer', async () => {
      const { cardPayment } = await import('@/features/packages/stripe')
      const card = { paymentMethod: 'stripe' as const }
      /** A card purchase sent to Stripe: its Checkout Session made by the site, as "Pay with Stripe" makes it. */
      async function atStripe(name: string, ago: number) {
        const p = await aPurchase(name, 'awaiting-payment', ago, card)
        expect((await cardPayment(payload, p)).go).toBe('stripe')
        const stored = await payload.findByID({ collection: 'purchases', id: p.id, depth: 0, overrideAccess: true })
        return { purchase: stored, session: standIn.sessions.get(stored.stripeSession!)! }
      }
      const expire = (s: { status: string | null; url: string | null }) =>
        Object.assign(s, { status: 'expired', url: null })

      const neverOpened = await aPurchase('never-opened', 'awaiting-payment', 2 * DAY + 1, card)
      const tooYoung = await aPurchase('too-young', 'awaiting-payment', 2 * DAY - 1, card)
      const expired = await atStripe('expired', 3 * DAY)
      expire(expired.session)
      const open = await atStripe('open', 3 * DAY)
      const paidAtStripe = await atStripe('paid-at-stripe', 3 * DAY)
      standIn.complete(paidAtStripe.session.id)
      const unanswered = await atStripe('unanswered', 3 * DAY)
      expire(unanswered.session)

      // Stripe having trouble: nothing is decided about a session it cannot tell about.
      standIn.failing = true
      try {
        expect(await twoSweeps()).toEqual({ deleted: 1, lapsed: 0, settled: 0 }) // only the one never sent there
      } finally {
        standIn.failing = false
      }
      expect(await statusOf(unanswered.purchase)).toBe('awaiting-payment')

      expect(await twoSweeps()).toEqual({ deleted: 2, lapsed: 0, settled: 1 })
      expect(
        await Promise.all(
          [neverOpened, tooYoung, expired.purchase, open.purchase, paidAtStripe.purchase, unanswered.purchase].map(
            statusOf,
          ),
        ),
      ).toEqual(['deleted', 'awaiting-payment', 'deleted', 'awaiting-payment', 'paid', 'deleted'])
      const { creditBalance } = await import('@/features/packages/ledger')
      expect(await creditBalance(payload, paidAtStripe.purchase.email)).toMatchObject({ bought: 1, left: 1 })
      expect(await twoSweeps()).toEqual({ deleted: 0, lapsed: 0, settled: 0 })
    })
  })
}
