import type { Payload, Where } from 'payload'
import type Stripe from 'stripe'

import type { Purchase } from '@/payload-types'
import { stripeClient, stripeSettings } from '@/platform/stripe'
import { settleSession } from './stripe'

/*
 * Checkouts started and never paid, cleaned up by a sweep (decision 069):
 *
 * - a checkout left before its payment step (code mailed, e-mail confirmed, agreement accepted: nothing owed,
 *   nothing paid) is deleted UNFINISHED_DAYS after it was started, with its intake answers;
 * - a card purchase whose Stripe Checkout Session never opened or expired (Stripe's own limit is 24 hours) is
 *   deleted CARD_DAYS after it was started; Stripe is asked first, and a session found paid settles the
 *   purchase instead (as the buyer's return would); one still open, or a Stripe that does not answer, keeps it;
 * - a bank transfer not received TRANSFER_DAYS after the buyer saw the payment details lapses: kept (its
 *   reference may still turn up on the coach's bank statement, and "Mark payment received" still opens the
 *   credits), but no longer awaited on the coach's day.
 *
 * Never touched: a paid purchase, or one with money on it in any way (a Stripe payment recorded, any entry of
 * the credit ledger naming it, such as a refund that came before its payment). Each purchase is swept once
 * however many instances run it at once: one conditional update decides which of them does.
 */

const DAY = 24 * 60 * 60 * 1000
export const UNFINISHED_DAYS = 7
export const CARD_DAYS = 2
export const TRANSFER_DAYS = 30

export type SweepReport = { deleted: number; lapsed: number; settled: number }

const startedBefore = (now: Date, days: number): Where => ({
  createdAt: { less_than: new Date(now.getTime() - days * DAY).toISOString() },
})

async function candidates(payload: Payload, where: Where): Promise<Purchase[]> {
  const found = await payload.find({
    collection: 'purchases',
    where: { and: [where, { stripePaymentIntent: { exists: false } }] },
    sort: 'createdAt',
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs
}

/** Money on it: anything of the credit ledger names the purchase (an opening, a refund waiting for it). */
async function hasMoney(payload: Payload, p: Purchase): Promise<boolean> {
  if (p.status === 'paid' || p.stripePaymentIntent) return true
  const entries = await payload.count({
    collection: 'credit-entries',
    where: { purchase: { equals: String(p.id) } },
    overrideAccess: true,
  })
  return entries.totalDocs > 0
}

/**
 * One conditional update (`UPDATE ... WHERE id = ? AND status = ?`): of the instances sweeping at once, exactly
 * one takes the purchase from the status it was found in.
 */
async function take(payload: Payload, p: Purchase, data: Partial<Purchase>): Promise<boolean> {
  const row: unknown = await payload.db.updateOne({
    collection: 'purchases',
    where: { and: [{ id: { equals: p.id } }, { status: { equals: p.status } }] },
    data,
    options: { atomic: true },
  })
  return row != null
}

/** Deletes the purchase if it is (still) lapsed; no error when another instance deleted it first. */
const deleteLapsed = (payload: Payload, p: Purchase) =>
  payload.delete({
    collection: 'purchases',
    where: { and: [{ id: { equals: p.id } }, { status: { equals: 'lapsed' } }] },
    overrideAccess: true,
  })

/**
 * Deletes an abandoned purchase, once: it is marked lapsed first by whichever instance takes it, which then
 * deletes it and counts it. A crash in between leaves a lapsed row, which the next sweep deletes (uncounted).
 */
async function remove(payload: Payload, p: Purchase): Promise<boolean> {
  if (await hasMoney(payload, p)) return false
  if (!(await take(payload, p, { status: 'lapsed' }))) return false
  await deleteLapsed(payload, p)
  return true
}

/** What Stripe says of a card purchase's session: null when it cannot be asked now. */
async function stripeSessionOf(p: Purchase): Promise<Stripe.Checkout.Session | 'none' | null> {
  if (!p.stripeSession) return 'none'
  const settings = stripeSettings()
  if (!settings) return null
  try {
    return await (await stripeClient(settings)).checkout.sessions.retrieve(p.stripeSession)
  } catch (error) {
    console.warn('Stripe could not be asked about an unpaid checkout:', error instanceof Error ? error.message : error)
    return null
  }
}

/** One sweep at `now` (each instance runs it every hour; tests run it on an injected clock). */
export async function sweepAbandonedCheckouts(payload: Payload, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { deleted: 0, lapsed: 0, settled: 0 }

  const unfinished = await candidates(payload, {
    and: [{ status: { in: ['code-sent', 'verified', 'agreed'] } }, startedBefore(now, UNFINISHED_DAYS)],
  })
  // Purchases being deleted that a crash left lapsed (any but a bank transfer's, which is kept lapsed).
  const leftLapsed = await candidates(payload, {
    and: [
      { status: { equals: 'lapsed' } },
      { or: [{ paymentMethod: { exists: false } }, { paymentMethod: { not_equals: 'bank-transfer' } }] },
    ],
  })
  for (const p of unfinished) if (await remove(payload, p)) report.deleted++
  for (const p of leftLapsed) if (!(await hasMoney(payload, p))) await deleteLapsed(payload, p)

  const cards = await candidates(payload, {
    and: [
      { status: { equals: 'awaiting-payment' } },
      { paymentMethod: { equals: 'stripe' } },
      startedBefore(now, CARD_DAYS),
    ],
  })
  for (const p of cards) {
    const session = await stripeSessionOf(p)
    if (session === null) continue
    if (session !== 'none' && session.status === 'complete') {
      const outcome = await settleSession(payload, session, { paidAt: now, now })
      if (outcome === 'opened') report.settled++
      continue
    }
    if (session !== 'none' && session.status === 'open') continue
    if (await remove(payload, p)) report.deleted++
  }

  const transfers = await candidates(payload, {
    and: [
      { status: { equals: 'awaiting-payment' } },
      { paymentMethod: { equals: 'bank-transfer' } },
      startedBefore(now, TRANSFER_DAYS),
    ],
  })
  for (const p of transfers) {
    if (await hasMoney(payload, p)) continue
    if (await take(payload, p, { status: 'lapsed' })) report.lapsed++
  }
  return report
}

const TIMER = Symbol.for('coach-site.checkout-sweeper')
const SWEEP_MS = 60 * 60 * 1000

/** The hourly sweep in the server process; every instance runs it, and each purchase is swept once. */
export function startCheckoutSweeper(payloadOf: () => Promise<Payload>): void {
  const g = globalThis as { [TIMER]?: NodeJS.Timeout }
  if (g[TIMER]) return
  const run = async () => {
    try {
      const report = await sweepAbandonedCheckouts(await payloadOf())
      if (report.deleted || report.lapsed || report.settled) console.info('Unpaid checkouts swept:', report)
    } catch (error) {
      // Most often the database is down; the next hour tries again.
      console.warn('Unpaid checkouts were not swept:', error instanceof Error ? error.message : error)
    }
  }
  g[TIMER] = setInterval(() => void run(), SWEEP_MS)
  g[TIMER].unref()
}
