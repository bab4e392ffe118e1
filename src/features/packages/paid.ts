import type { Payload, PayloadRequest } from 'payload'

import { DEFAULT_CREDIT_RULES } from '@/domain/credits'
import { creditsValidUntil, formatCents, instalmentAmounts, instalmentDue, instalmentPlanText } from '@/domain/packages'
import { composeMail } from '@/features/mail-texts/compose'
import type { Purchase, User } from '@/payload-types'
import { composedFromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { inTransaction } from '@/platform/transaction'
import { appendCreditEvent, type Appended } from './ledger'
import { clientPagePath } from './client-access'

/*
 * A purchase paid: its credits open in the buyer's ledger, exactly once, whichever payment method confirmed it
 * (decision 056). The bank transfer's "Mark payment received" is here; a Stripe webhook calls openCredits
 * with the Checkout Session's id as its key.
 */

const update = (payload: Payload, id: number, data: Partial<Purchase>, req: PayloadRequest) =>
  payload.update({ collection: 'purchases', id, data, depth: 0, overrideAccess: true, req })

/**
 * Opens the credits of a paid purchase: appends its `purchase-opened` to the buyer's ledger, once per fact
 * (`key`: a second call with it, or for the same purchase with the same details, changes nothing). The
 * credits are valid from `paidAt` for the package's days. Every payment method ends here.
 */
export async function openCredits(
  payload: Payload,
  purchase: Pick<Purchase, 'id' | 'email' | 'sessions' | 'validityDays' | 'amount' | 'paidAt' | 'instalments'>,
  { key, req }: { key: string; req?: PayloadRequest },
): Promise<Appended> {
  const at = new Date(purchase.paidAt!)
  return appendCreditEvent(
    payload,
    purchase.email,
    {
      type: 'purchase-opened',
      key,
      at: at.getTime(),
      purchase: String(purchase.id),
      credits: purchase.sessions,
      validUntil: creditsValidUntil(at, purchase.validityDays).getTime(),
      // Paid in instalments (decision 071): each instalment is its own payment, the opening carries no money.
      amount: purchase.instalments ? 0 : purchase.amount,
    },
    DEFAULT_CREDIT_RULES,
    req,
  )
}

export const bankTransferKey = (purchaseId: number | string) => `bank-transfer:${purchaseId}`

/** The key of a bank-transfer instalment the coach marks received: the purchase and the instalment's number. */
export const bankInstalmentKey = (purchaseId: number | string, n: number) =>
  `bank-transfer:${purchaseId}:instalment-${n}`

/**
 * One instalment of a purchase paid in instalments, received (decision 071): a `payment-received` in the
 * buyer's ledger under the fact's key (a bank instalment's number, a Stripe invoice's id), once. One that
 * arrives before the purchase's credits open waits in the ledger and counts when they do.
 */
export function recordInstalment(
  payload: Payload,
  p: Pick<Purchase, 'id' | 'email'>,
  { key, amount, at }: { key: string; amount: number; at: Date },
  req?: PayloadRequest,
): Promise<Appended> {
  return appendCreditEvent(
    payload,
    p.email,
    { type: 'payment-received', key, at: at.getTime(), purchase: String(p.id), amount },
    DEFAULT_CREDIT_RULES,
    req,
  )
}

/**
 * The client's receipt for a monthly payment after the first (decision 071), queued in the caller's transaction
 * (`req`) by the call that recorded the payment: which payment it was, how much, and what is left (the next
 * payment, its amount and day; by bank transfer on the unchanged schedule), or that the package is paid in
 * full. Once per payment, by its ledger key (`instalment-receipt:<key>`). The first payment's mail is the
 * "sessions are ready" one (settlePurchase); a payment past the plan's last (a card plan not ended in time,
 * which the coach refunds) gets none.
 */
export async function mailInstalmentReceipt(
  payload: Payload,
  p: Purchase,
  { key, number, amount, now }: { key: string; number: number; amount: number; now: Date },
  req: PayloadRequest,
): Promise<void> {
  const of = p.instalments ?? 0
  if (number < 2 || number > of) return
  const settings = await mailSettings(payload, req)
  const next = number + 1
  const nextAmount = formatCents(instalmentAmounts(p.amount, of)[next - 1] ?? 0)
  const day = p.paidAt
    ? instalmentDue(new Date(p.paidAt), next).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
    : ''
  const paymentsLeft =
    number === of
      ? `This was your last payment: the ${p.packageTitle} is paid in full.`
      : p.paymentMethod === 'stripe'
        ? `The next, payment ${next} of ${of} (${nextAmount}), is taken from your card on ${day}.`
        : `The next, payment ${next} of ${of} (${nextAmount}), is due on ${day}, by bank transfer with the same reference: the schedule is unchanged.`
  await enqueueMail(
    payload,
    {
      kind: 'instalment-receipt',
      now,
      reference: `purchases:${p.id}`,
      idempotencyKey: `instalment-receipt:${key}`,
      mail: composedFromSite(
        settings,
        p.email,
        composeMail(settings, 'packageInstalmentReceived', {
          package: p.packageTitle,
          payment: `${number} of ${of}`,
          amount: formatCents(amount),
          reference: p.reference ?? '',
          paymentsLeft,
          clientLink: `${settings.siteUrl}${await clientPagePath(payload, p.email, req)}`,
        }),
      ),
    },
    req,
  )
}

/** How many instalments of a purchase have been received: its payments in the buyer's ledger. */
export async function instalmentsPaid(
  payload: Payload,
  p: Pick<Purchase, 'id' | 'email'>,
  req?: PayloadRequest,
): Promise<number> {
  const found = await payload.count({
    collection: 'credit-entries',
    where: {
      and: [
        { email: { equals: p.email } },
        { purchase: { equals: String(p.id) } },
        { type: { equals: 'payment-received' } },
      ],
    },
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return found.totalDocs
}

/** How a confirmed payment left its purchase: this confirmation opened the credits, or they were open already. */
export type Settled = { status: 'opened' | 'already-paid'; purchase: Purchase }

/**
 * A purchase's payment confirmed, inside the caller's transaction (`req`), whichever method confirmed it: the
 * credits open under `key` (the fact's own key) with validity from `paidAt`. The ledger decides which
 * confirmation was first (its unique index on SQLite, the client's lock on PostgreSQL): only that one marks the
 * purchase paid with `paidAt` and `data` (who marked it, the Stripe payment) and mails the client their page
 * (once, by key `credits-open:<id>`); a later one finds the same fact, sets the same status and data with the
 * time of the entry that opened it, and mails nothing. `now` (default `paidAt`) is when the mail is queued. A
 * refusal by the ledger (the purchase is already open with other details: paid twice, by two methods or two
 * Checkout Sessions) is answered with its reason, nothing written.
 */
export async function settlePurchase(
  payload: Payload,
  p: Purchase,
  { key, paidAt, data = {}, now = paidAt }: { key: string; paidAt: Date; data?: Partial<Purchase>; now?: Date },
  req: PayloadRequest,
): Promise<Settled | { status: 'refused'; reason: string }> {
  const opened = await openCredits(payload, { ...p, paidAt: paidAt.toISOString() }, { key, req })
  if (opened.status === 'refused') return { status: 'refused', reason: opened.reason ?? '' }
  if (opened.status === 'duplicate') {
    const entry = await payload.find({
      collection: 'credit-entries',
      where: {
        and: [
          { email: { equals: p.email } },
          { purchase: { equals: String(p.id) } },
          { type: { equals: 'purchase-opened' } },
        ],
      },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const at = entry.docs[0]?.at ?? paidAt.toISOString()
    const current = await payload.findByID({ collection: 'purchases', id: p.id, depth: 0, overrideAccess: true, req })
    if (current.status === 'paid' && current.paidAt && new Date(current.paidAt).getTime() === new Date(at).getTime()) {
      return { status: 'already-paid', purchase: current }
    }
    // The same fact as the first confirmation's, so the same data: whichever of the two writes lands last, the
    // purchase reads the same (SQLite runs them side by side).
    return {
      status: 'already-paid',
      purchase: await update(payload, p.id, { ...data, status: 'paid', paidAt: at }, req),
    }
  }
  const paid = await update(payload, p.id, { ...data, status: 'paid', paidAt: paidAt.toISOString() }, req)
  const settings = await mailSettings(payload, req)
  await enqueueMail(
    payload,
    {
      kind: 'credits-open',
      now,
      reference: `purchases:${p.id}`,
      idempotencyKey: `credits-open:${p.id}`,
      mail: composedFromSite(
        settings,
        p.email,
        p.instalments
          ? composeMail(settings, 'packageFirstInstalmentPaid', {
              package: p.packageTitle,
              plan: instalmentPlanText(p.amount, p.instalments),
              firstAmount: formatCents(instalmentAmounts(p.amount, p.instalments)[0]!),
              reference: p.reference ?? '',
              sessionsReady: `Your ${p.sessions === 1 ? 'session is' : `${p.sessions} sessions are`} ready to book`,
              clientLink: `${settings.siteUrl}${await clientPagePath(payload, p.email, req)}`,
            })
          : composeMail(settings, 'packagePaid', {
              package: p.packageTitle,
              amount: formatCents(p.amount),
              reference: p.reference ?? '',
              sessionsReady: `Your ${p.sessions === 1 ? 'session is' : `${p.sessions} sessions are`} ready to book`,
              clientLink: `${settings.siteUrl}${await clientPagePath(payload, p.email, req)}`,
            }),
      ),
    },
    req,
  )
  return { status: 'opened', purchase: paid }
}

/** An instalment marked received: which, whether this press recorded it, and how many are in now. */
export type InstalmentMarked = { number: number; recorded: boolean; paid: number; of: number }

export type MarkPaidOutcome =
  | (Settled & { instalment?: InstalmentMarked })
  | { status: 'not-awaiting' }
  | { status: 'paid-by-card' }
  /** A purchase paid in instalments: the press must say which one (1 to N). */
  | { status: 'which-instalment'; of: number }
  /** Not the next one: instalments are marked in their order. */
  | { status: 'not-next'; next: number; of: number }

/**
 * The coach's "Mark payment received" for a bank transfer: the purchase is paid, its credits open (once,
 * however often it is pressed), and the client is mailed the link to their page (once). A purchase the buyer
 * pays by card is confirmed by Stripe, not here.
 *
 * A purchase paid in instalments (decision 071) is marked one instalment at a time, by its number: the first
 * opens the credits (as a payment in full does) and is recorded as the purchase's first payment; each later one
 * is recorded as a payment, once by its number (a double click, two tabs: one instalment). Instalments are
 * marked in order: an instalment already in changes nothing; one past the next is refused.
 */
export async function markPaid(
  payload: Payload,
  id: number,
  by: Pick<User, 'id'>,
  now = new Date(),
  instalment?: number,
): Promise<MarkPaidOutcome> {
  return inTransaction(payload, async (req): Promise<MarkPaidOutcome> => {
    const p = await payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true, req })
    // A lapsed transfer (./abandoned.ts) that arrives after all is received like any other.
    if (p.status !== 'awaiting-payment' && p.status !== 'lapsed' && p.status !== 'paid') {
      return { status: 'not-awaiting' as const }
    }
    if (p.paymentMethod === 'stripe') {
      return p.status === 'paid' ? { status: 'already-paid', purchase: p } : { status: 'paid-by-card' }
    }
    const of = p.instalments ?? 0
    if (of && (instalment === undefined || !Number.isInteger(instalment) || instalment < 1 || instalment > of)) {
      return { status: 'which-instalment', of }
    }
    if (!of || !instalment) {
      if (p.status === 'paid') return { status: 'already-paid' as const, purchase: p }
      const settled = await settlePurchase(
        payload,
        p,
        { key: bankTransferKey(p.id), paidAt: now, data: { paidBy: by.id } },
        req,
      )
      if (settled.status === 'refused') throw new Error(`The credits could not be opened: ${settled.reason}`)
      return settled
    }
    const before = await instalmentsPaid(payload, p, req)
    if (instalment > before + 1) return { status: 'not-next', next: before + 1, of }
    if (instalment <= before) {
      return {
        status: 'already-paid',
        purchase: p,
        instalment: { number: instalment, recorded: false, paid: before, of },
      }
    }
    let settled: Settled = { status: 'already-paid', purchase: p }
    if (instalment === 1) {
      const opened = await settlePurchase(
        payload,
        p,
        { key: bankTransferKey(p.id), paidAt: now, data: { paidBy: by.id } },
        req,
      )
      if (opened.status === 'refused') throw new Error(`The credits could not be opened: ${opened.reason}`)
      settled = opened
    }
    const key = bankInstalmentKey(p.id, instalment)
    const amount = instalmentAmounts(p.amount, of)[instalment - 1]!
    const appended = await recordInstalment(payload, p, { key, amount, at: now }, req)
    const recorded = appended.status === 'recorded' || appended.status === 'waiting'
    const paid = await instalmentsPaid(payload, p, req)
    // Payment 2 and later: the client's receipt, by this press only (a double click records it once).
    if (recorded && instalment > 1) {
      await mailInstalmentReceipt(payload, settled.purchase, { key, number: instalment, amount, now }, req)
    }
    return { ...settled, instalment: { number: instalment, recorded, paid, of } }
  })
}

/** Where a purchase paid in instalments stands, as the coach sees it on the purchase (decision 071). */
export type InstalmentState = {
  /** How many monthly payments, and how many have been received. */
  of: number
  paid: number
  /** The next payment's number and amount (cents), and when it is due (after the first): null when all are in. */
  next: number | null
  nextAmount: number | null
  nextDue: string | null
  /** The next payment is past its day and not received. */
  overdue: boolean
  /** The latest payment Stripe could not take, in words; null when none. */
  problem: string | null
}

/** The instalments of a purchase: null for one paid in full. */
export async function instalmentState(
  payload: Payload,
  p: Purchase,
  now = new Date(),
  req?: PayloadRequest,
): Promise<InstalmentState | null> {
  if (!p.instalments) return null
  const of = p.instalments
  const paid = await instalmentsPaid(payload, p, req)
  const next = paid < of ? paid + 1 : null
  const due = next && next > 1 && p.paidAt ? instalmentDue(new Date(p.paidAt), next) : null
  return {
    of,
    paid,
    next,
    nextAmount: next ? instalmentAmounts(p.amount, of)[next - 1]! : null,
    nextDue: due ? due.toISOString() : null,
    overdue: due !== null && due.getTime() < now.getTime(),
    problem: next ? (p.instalmentProblem ?? null) : null,
  }
}
