import type { Payload, PayloadRequest } from 'payload'
import type Stripe from 'stripe'

import { balance, DEFAULT_CREDIT_RULES, type CreditEvent, type PurchaseBalance } from '@/domain/credits'
import { formatCents } from '@/domain/packages'
import { parseDollars, refundableAmount, refundRefusal, REFUND_REFUSALS } from '@/domain/refunds'
import { composeMail } from '@/features/mail-texts/compose'
import type { Purchase, User } from '@/payload-types'
import { composedFromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { refundCardPayment, stripeSettings } from '@/platform/stripe'
import { inTransaction } from '@/platform/transaction'
import { appendCreditEvent, creditBalance, creditLedger, type Precondition } from './ledger'
import { clientPath } from './tokens'

/*
 * A refund of a paid purchase, whole or in part, made by the coach from the purchase's screen (issue 27;
 * decision 067): an amount (up to what was paid and is not refunded yet) and a number of credits to take back
 * (up to those left). One fact, named by the refund request id the screen made when it was drawn: a double
 * click, two clicks at once or a retry refund once.
 *
 * Card purchases refund through Stripe: `refunds.create` with the idempotency key `refund:<request id>` (a
 * second call answers the same refund) and the request id and credits in the refund's metadata, so the
 * `charge.refunded` that follows records the very same fact, whichever of the two reaches the ledger first
 * (./stripe.ts, recordRefunds). Stripe refusing or not answering records nothing. A bank transfer is refunded
 * by the coach from their bank: the site records it as sent. Either way the client is mailed a receipt, once.
 */

/** The ledger key of a refund made from the admin, shared by the click and Stripe's `charge.refunded` for it. */
export const refundRequestKey = (requestId: string) => `refund-request:${requestId}`

/** A request id as the screen makes it (a random UUID); anything else is refused. */
const REQUEST_ID = /^[A-Za-z0-9-]{16,64}$/

/** What a Stripe refund made from the admin says in its metadata: the request and the credits it takes back. */
export function adminRefundOf(refund: Pick<Stripe.Refund, 'metadata'>): { key: string; credits: number } | null {
  const request = refund.metadata?.refund_request
  const credits = Number(refund.metadata?.credits ?? '0')
  if (!request || !REQUEST_ID.test(request) || !Number.isSafeInteger(credits) || credits < 0) return null
  return { key: refundRequestKey(request), credits }
}

/** A purchase's money and credits as its refund form shows them. */
export type RefundState = {
  method: 'bank-transfer' | 'stripe'
  paid: number
  refunded: number
  refundable: number
  creditsLeft: number
  /** The same, written out: "$150", … */
  shown: { paid: string; refunded: string; refundable: string }
}

const stateOf = (p: Purchase, b: PurchaseBalance | undefined): RefundState | null => {
  if (p.status !== 'paid' || !b) return null
  const refundable = refundableAmount(b)
  return {
    method: p.paymentMethod === 'stripe' ? 'stripe' : 'bank-transfer',
    paid: b.paid,
    refunded: b.refundedAmount,
    refundable,
    creditsLeft: b.left,
    shown: { paid: formatCents(b.paid), refunded: formatCents(b.refundedAmount), refundable: formatCents(refundable) },
  }
}

const purchaseBalance = async (payload: Payload, p: Purchase) =>
  (await creditBalance(payload, p.email)).purchases[String(p.id)]

/** What the purchase's refund form shows, or null when it is not paid (nothing to refund). */
export async function refundState(payload: Payload, p: Purchase): Promise<RefundState | null> {
  return stateOf(p, await purchaseBalance(payload, p))
}

/** What the coach sent: the request id, the amount as typed (dollars), the credits to take back. */
export type RefundAsked = { requestId: unknown; amount: unknown; credits: unknown }

export type RefundOutcome =
  | { status: 'refunded'; state: RefundState }
  /** Refused: nothing was refunded or recorded. 400 for the form's input, 409 for the purchase, 502 Stripe. */
  | { status: 'refused'; code: 400 | 403 | 404 | 409 | 502; reason: string }

export const REFUND_ERRORS = {
  onlyAdmins: 'Only an admin can refund a payment.',
  outOfDate: 'This refund form is out of date. Please reload the page and try again.',
  noSuchPurchase: 'There is no such purchase.',
  notPaid: 'This purchase is not paid: there is nothing to refund.',
  noStripePayment: 'Stripe has no payment recorded for this purchase, so it cannot be refunded here.',
  stripeDown:
    'Stripe did not answer, so nothing was refunded and nothing was recorded. Please try again in a few minutes.',
  stripeRefused: (message: string) => `Stripe refused the refund, so nothing was recorded: ${message}`,
} as const

const refused = (code: 400 | 403 | 404 | 409 | 502, reason: string): RefundOutcome => ({
  status: 'refused',
  code,
  reason,
})

/** The receipt mailed to the client, once per refund. */
async function mailReceipt(
  payload: Payload,
  p: Purchase,
  fact: { key: string; amount: number; credits: number; left: number; now: Date },
  req: PayloadRequest,
) {
  const settings = await mailSettings(payload, req)
  const refundHow =
    p.paymentMethod === 'stripe'
      ? 'It goes back to the card you paid with; your bank may take a few days to show it.'
      : 'It has been sent back to you by bank transfer.'
  const sessionsTaken =
    fact.credits === 0
      ? ''
      : `${fact.credits === 1 ? '1 session was' : `${fact.credits} sessions were`} taken off this package: ${fact.left} left to book.`
  const queued = {
    kind: 'refund-receipt',
    now: fact.now,
    reference: `purchases:${p.id}`,
    idempotencyKey: `refund-receipt:${fact.key}`,
    mail: composedFromSite(
      settings,
      p.email,
      composeMail(settings, 'packageRefund', {
        package: p.packageTitle,
        amount: formatCents(fact.amount),
        reference: p.reference ?? '',
        refundHow,
        sessionsTaken,
        clientLink: `${settings.siteUrl}${clientPath(p.email)}`,
      }),
    ),
  }
  try {
    await enqueueMail(payload, queued, req)
  } catch (error) {
    // Two clicks of one refund at once on SQLite: the other queued it (the outbox's unique key).
    const kept = await payload.count({
      collection: 'mail-outbox',
      where: { idempotencyKey: { equals: queued.idempotencyKey } },
      overrideAccess: true,
    })
    if (kept.totalDocs === 0) throw error
  }
}

/** Stripe's refund of `amount` of the purchase's payment, once per request (its idempotency key). */
async function refundByCard(p: Purchase, requestId: string, amount: number, credits: number): Promise<Stripe.Refund> {
  const settings = stripeSettings()
  if (!settings) throw new Error('no Stripe keys')
  return refundCardPayment(settings, {
    paymentIntent: p.stripePaymentIntent!,
    amount,
    idempotencyKey: `refund:${requestId}`,
    metadata: {
      purchase: String(p.id),
      reference: p.reference ?? '',
      refund_request: requestId,
      credits: String(credits),
    },
  })
}

/**
 * The coach's refund of a paid purchase: `amount` (dollars as typed) back to the client and `credits` taken off
 * what is left, once per `requestId` however often it is sent. Only admins. Answers the purchase's state after
 * it, or the refusal in words with nothing refunded or recorded.
 */
export async function refundPayment(
  payload: Payload,
  id: number,
  by: Pick<User, 'id' | 'role'> | null | undefined,
  asked: RefundAsked,
  now = new Date(),
): Promise<RefundOutcome> {
  if (by?.role !== 'admin') return refused(403, REFUND_ERRORS.onlyAdmins)
  const requestId = typeof asked.requestId === 'string' ? asked.requestId : ''
  if (!REQUEST_ID.test(requestId)) return refused(400, REFUND_ERRORS.outOfDate)
  const amount = typeof asked.amount === 'string' ? parseDollars(asked.amount) : null
  if (amount === null) return refused(400, REFUND_REFUSALS.noAmount)
  const credits =
    typeof asked.credits === 'string' && /^\d{1,6}$/.test(asked.credits.trim()) ? Number(asked.credits) : null
  if (credits === null) return refused(400, REFUND_REFUSALS.badCredits)
  const p = await payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true, disableErrors: true })
  if (!p) return refused(404, REFUND_ERRORS.noSuchPurchase)
  const key = refundRequestKey(requestId)
  const event: CreditEvent = { type: 'refund', key, at: now.getTime(), purchase: String(p.id), amount, credits }
  const check: Precondition = (before) => {
    const b = before.purchases[String(p.id)]
    return b ? refundRefusal(b, amount, credits) : REFUND_ERRORS.notPaid
  }

  const ledger = await creditLedger(payload, p.email)
  const before = balance(ledger)
  if (p.status !== 'paid' || !before.purchases[String(p.id)]) return refused(409, REFUND_ERRORS.notPaid)
  const card = p.paymentMethod === 'stripe'
  if (card) {
    // Checked before Stripe is asked (a request already recorded is the same click again: Stripe answers it
    // with the same refund); Stripe itself refuses more than the charge has left.
    const why = ledger.some((e) => e.key === key) ? null : check(before)
    if (why) return refused(400, why)
    if (!p.stripePaymentIntent || !stripeSettings()) return refused(409, REFUND_ERRORS.noStripePayment)
    try {
      await refundByCard(p, requestId, amount, credits)
    } catch (error) {
      const e = error as { statusCode?: number; message?: string }
      console.error(`Stripe refused or missed the refund ${requestId} of purchase ${p.id}:`, e.message ?? error)
      if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500 && e.message) {
        return refused(502, REFUND_ERRORS.stripeRefused(e.message))
      }
      return refused(502, REFUND_ERRORS.stripeDown)
    }
  }
  return inTransaction(payload, async (req): Promise<RefundOutcome> => {
    // Stripe has made the refund: it is recorded whatever the ledger now says (its `charge.refunded` may even
    // have recorded it first). A bank transfer is checked against what is left as it is recorded.
    const appended = await appendCreditEvent(
      payload,
      p.email,
      event,
      DEFAULT_CREDIT_RULES,
      req,
      card ? undefined : check,
    )
    if (appended.status === 'refused') return refused(400, appended.reason ?? REFUND_ERRORS.outOfDate)
    const after = appended.balance.purchases[String(p.id)]
    await mailReceipt(payload, p, { key, amount, credits, left: after?.left ?? 0, now }, req)
    return { status: 'refunded', state: stateOf(p, after)! }
  })
}
