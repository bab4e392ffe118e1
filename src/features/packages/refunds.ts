import type { Payload, PayloadRequest } from 'payload'
import type Stripe from 'stripe'

import { balance, DEFAULT_CREDIT_RULES, type CreditEvent, type Ledger, type PurchaseBalance } from '@/domain/credits'
import { formatCents } from '@/domain/packages'
import { parseDollars, refundableAmount, refundRefusal, REFUND_REFUSALS } from '@/domain/refunds'
import { composeMail } from '@/features/mail-texts/compose'
import type { Purchase, User } from '@/payload-types'
import { composedFromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import {
  invoicePaymentIntent,
  paymentRefunds,
  refundCardPayment,
  stripeSettings,
  type StripeSettings,
} from '@/platform/stripe'
import { inTransaction } from '@/platform/transaction'
import { appendCreditEvent, creditBalance, creditLedger, type Precondition } from './ledger'
import { clientPagePath } from './client-access'

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

/**
 * The ledger key of one part of a refund of a plan paid by card (decision 071): the refund of one monthly
 * payment (`invoice`, its Stripe invoice) made for the request.
 */
const refundPartKey = (requestId: string, invoice: string) => `${refundRequestKey(requestId)}:${invoice}`

/** A Stripe invoice's id as the site names it in a refund's metadata. */
const INVOICE_ID = /^in_\w{1,250}$/

/**
 * What a Stripe refund made from the admin says in its metadata: the request (and, for a plan, the monthly
 * payment it refunds) and the credits it takes back.
 */
export function adminRefundOf(refund: Pick<Stripe.Refund, 'metadata'>): { key: string; credits: number } | null {
  const request = refund.metadata?.refund_request
  const part = refund.metadata?.refund_part
  const credits = Number(refund.metadata?.credits ?? '0')
  if (!request || !REQUEST_ID.test(request) || !Number.isSafeInteger(credits) || credits < 0) return null
  if (part !== undefined && !INVOICE_ID.test(part)) return null
  return { key: part === undefined ? refundRequestKey(request) : refundPartKey(request, part), credits }
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
        clientLink: `${settings.siteUrl}${await clientPagePath(payload, p.email, req)}`,
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

/**
 * One refund to make through Stripe for a request: of `amount` of one card payment (its PaymentIntent), taking
 * back `credits`, recorded under `key`. `invoice` names the monthly payment of a plan it refunds.
 */
type CardRefundPart = { paymentIntent: string; invoice: string | null; amount: number; credits: number; key: string }

/**
 * How a refund of `amount` taking back `credits` is made by card, or the refusal in the coach's words, or null
 * when Stripe has no payment of the purchase. Paid in full: one refund of its one payment (Stripe refuses more
 * than the charge has left). Paid in monthly payments (decision 071): the amount is taken from the newest
 * payment first, each up to what is left of it, so it never asks Stripe for more than a charge has; what is
 * left of each is Stripe's own count (a refund made in the dashboard counts) without this request's refunds, so
 * the same request, sent again, splits the same way and Stripe answers each part with the refund it made. The
 * credits go with the first part.
 */
async function cardRefundParts(
  settings: StripeSettings,
  p: Purchase,
  ledger: Ledger,
  { requestId, amount, credits }: { requestId: string; amount: number; credits: number },
): Promise<CardRefundPart[] | string | null> {
  if (!p.instalments) {
    if (!p.stripePaymentIntent) return null
    const key = refundRequestKey(requestId)
    return [{ paymentIntent: p.stripePaymentIntent, invoice: null, amount, credits, key }]
  }
  // Newest first: by when each was paid, then by when the site learnt of it.
  const payments = ledger
    .map((e, order) => ({ e, order }))
    .filter(({ e }) => e.type === 'payment-received' && e.purchase === String(p.id) && e.key.startsWith('invoice:'))
    .map(({ e, order }) => ({
      invoice: e.key.slice('invoice:'.length),
      paid: (e as { amount: number }).amount,
      at: e.at,
      order,
    }))
    .sort((a, b) => b.at - a.at || b.order - a.order)
  const parts: CardRefundPart[] = []
  let rest = amount
  let known = 0
  for (const payment of payments) {
    if (rest === 0) break
    const paymentIntent = await invoicePaymentIntent(settings, payment.invoice)
    if (!paymentIntent) continue
    known++
    const others = (await paymentRefunds(settings, paymentIntent))
      .filter((r) => r.metadata?.refund_request !== requestId)
      .reduce((sum, r) => sum + r.amount, 0)
    const take = Math.min(rest, payment.paid - others)
    if (take <= 0) continue
    const first = parts.length === 0
    const key = refundPartKey(requestId, payment.invoice)
    parts.push({ paymentIntent, invoice: payment.invoice, amount: take, credits: first ? credits : 0, key })
    rest -= take
  }
  if (known === 0) return null
  return rest > 0 ? REFUND_REFUSALS.tooMuch(amount - rest) : parts
}

/** Stripe's refund of one part, once per request and part (its idempotency key). */
function refundByCard(settings: StripeSettings, p: Purchase, requestId: string, part: CardRefundPart) {
  return refundCardPayment(settings, {
    paymentIntent: part.paymentIntent,
    amount: part.amount,
    idempotencyKey: part.invoice ? `refund:${requestId}:${part.invoice}` : `refund:${requestId}`,
    metadata: {
      purchase: String(p.id),
      reference: p.reference ?? '',
      refund_request: requestId,
      credits: String(part.credits),
      ...(part.invoice ? { refund_part: part.invoice } : {}),
    },
  })
}

/** Stripe's refusal or silence in the coach's words. */
function stripeFailure(error: unknown, requestId: string, p: Purchase): RefundOutcome {
  const e = error as { statusCode?: number; message?: string }
  console.error(`Stripe refused or missed the refund ${requestId} of purchase ${p.id}:`, e.message ?? error)
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500 && e.message) {
    return refused(502, REFUND_ERRORS.stripeRefused(e.message))
  }
  return refused(502, REFUND_ERRORS.stripeDown)
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
  const check: Precondition = (before) => {
    const b = before.purchases[String(p.id)]
    return b ? refundRefusal(b, amount, credits) : REFUND_ERRORS.notPaid
  }

  const ledger = await creditLedger(payload, p.email)
  const before = balance(ledger)
  if (p.status !== 'paid' || !before.purchases[String(p.id)]) return refused(409, REFUND_ERRORS.notPaid)
  const refund = (key: string, amount: number, credits: number): CreditEvent => ({
    type: 'refund',
    key,
    at: now.getTime(),
    purchase: String(p.id),
    amount,
    credits,
  })
  let events = [refund(key, amount, credits)]
  let failure: RefundOutcome | null = null
  const card = p.paymentMethod === 'stripe'
  if (card) {
    // Checked before Stripe is asked (a request already recorded is the same click again: Stripe answers it
    // with the same refunds); Stripe itself refuses more than a charge has left.
    const again = ledger.some((e) => e.key === key || e.key.startsWith(`${key}:`))
    const why = again ? null : check(before)
    if (why) return refused(400, why)
    const settings = stripeSettings()
    if (!settings) return refused(409, REFUND_ERRORS.noStripePayment)
    let parts: Awaited<ReturnType<typeof cardRefundParts>>
    try {
      parts = await cardRefundParts(settings, p, ledger, { requestId, amount, credits })
    } catch (error) {
      return stripeFailure(error, requestId, p)
    }
    if (parts === null) return refused(409, REFUND_ERRORS.noStripePayment)
    if (typeof parts === 'string') return refused(400, parts)
    // Each part Stripe made is recorded; one it refused or missed stops the rest (sent again, the request
    // makes only what is missing: Stripe answers the parts made with the refunds it made).
    events = []
    for (const part of parts) {
      try {
        await refundByCard(settings, p, requestId, part)
      } catch (error) {
        failure = stripeFailure(error, requestId, p)
        break
      }
      events.push(refund(part.key, part.amount, part.credits))
    }
    if (events.length === 0) return failure!
  }
  return inTransaction(payload, async (req): Promise<RefundOutcome> => {
    // Stripe has made the refunds: they are recorded whatever the ledger now says (its `charge.refunded` may
    // even have recorded them first). A bank transfer is checked against what is left as it is recorded.
    let appended: Awaited<ReturnType<typeof appendCreditEvent>> | null = null
    for (const event of events) {
      appended = await appendCreditEvent(payload, p.email, event, DEFAULT_CREDIT_RULES, req, card ? undefined : check)
      if (appended.status === 'refused') return refused(400, appended.reason ?? REFUND_ERRORS.outOfDate)
    }
    const after = appended!.balance.purchases[String(p.id)]
    if (failure) return failure
    await mailReceipt(payload, p, { key, amount, credits, left: after?.left ?? 0, now }, req)
    return { status: 'refunded', state: stateOf(p, after)! }
  })
}
