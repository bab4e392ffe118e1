import { RESCHEDULE_NOTICE_HOURS } from './business'

/*
 * One client's session credits as an append-only ledger (decision 053).
 *
 * What happens arrives as an event: a purchase opened, a payment received, a refund, a session booked, moved,
 * cancelled, held or missed, a held or missed mark undone, credits expired. `record` decides each event against
 * the ledger so far and the coach's rules and, when it is accepted, appends it as an entry with what the rules
 * chose written into it (the purchase a booking draws on, whether a cancellation or a no-show uses its credit).
 * `fold` replays the entries into the balance and reads no settings: changing a rule later never rewrites what
 * already happened.
 *
 * The counts, per purchase and in all, at every point of any ledger:
 *
 *     bought = used + left + held + forfeited + refunded
 *
 *   left       free to book
 *   held       booked, the session not yet held, missed or cancelled (apart from left: it cannot be booked again)
 *   used       held, missed, or cancelled late by the client (with the default rules)
 *   forfeited  free at the end of the purchase's validity, or given back by a session after that end
 *   refunded   taken off by a refund, as many as the coach chose (never more than are left)
 *
 * Every count is a whole number, zero or more: a booking with nothing left is refused, in words the client reads.
 *
 * Exactly once: every event carries a key; an event whose key the ledger holds changes nothing. A key names one
 * fact, not one delivery of it: the checkout session's id for the purchase (its webhook and the buyer's return
 * page then share it), the invoice's for an instalment, the admin's refund request id for a refund made from the
 * admin (Stripe's refund carries it in its metadata, so `charge.refunded` for it is the same fact), the Stripe
 * refund's own id for one made elsewhere. A second opening of a known purchase under another key is the same
 * fact too, and changes nothing.
 *
 * Out of order: a payment or a refund for a purchase the ledger does not know yet (`charge.refunded` or
 * `invoice.paid` before `checkout.session.completed`) is kept, and applied in the order it came the moment its
 * purchase opens, before anything can be booked from it. So payment-side events that arrive next to one another
 * (no session event between them) give the same balance in any order: openings touch only their own purchase,
 * payments add, and refunds of one purchase take min(asked, left) in turn, which sums to min(all asked, left)
 * whatever the order. Session events come from the site itself, in the order they happened.
 */

/** The rules the coach can change; `DEFAULT_CREDIT_RULES` are the spec's. */
export type CreditRules = {
  /** The spec's "Coaching reschedule notice": a client moves or cancels until this many hours before. */
  coachingRescheduleNoticeHours: number
  /** A session the client cancels later than the notice uses its credit. */
  lateCancellationUsesCredit: boolean
  /** A session the client missed uses its credit. */
  noShowUsesCredit: boolean
  /** Credits still free at the end of their validity are forfeited; none can be booked for a time after it. */
  creditsExpire: boolean
}

export const DEFAULT_CREDIT_RULES: CreditRules = {
  coachingRescheduleNoticeHours: RESCHEDULE_NOTICE_HOURS,
  lateCancellationUsesCredit: true,
  noShowUsesCredit: true,
  creditsExpire: true,
}

/** Who asked: the client from their page, or the coach from the admin (who may move a session at any time). */
export type Actor = 'client' | 'coach'

type Keyed = {
  /** The fact's own identity (see above); a second event with this key changes nothing. */
  key: string
  /** When it happened, in milliseconds since 1970 (UTC). */
  at: number
}

/** What happened, as the site learns it. Amounts are in the smallest unit of the currency (cents). */
export type CreditEvent =
  | (Keyed & { type: 'purchase-opened'; purchase: string; credits: number; validUntil: number; amount: number })
  | (Keyed & { type: 'payment-received'; purchase: string; amount: number })
  | (Keyed & { type: 'refund'; purchase: string; amount: number; credits: number })
  | (Keyed & { type: 'session-booked'; session: string; startsAt: number; by: Actor })
  | (Keyed & { type: 'session-rescheduled'; session: string; startsAt: number; by: Actor })
  | (Keyed & { type: 'session-cancelled'; session: string; by: Actor })
  | (Keyed & { type: 'session-held'; session: string })
  | (Keyed & { type: 'no-show'; session: string })
  /** The coach undoes a mark (held or missed) made by mistake: the session is booked again, its credit held. */
  | (Keyed & { type: 'mark-undone'; session: string })
  | (Keyed & { type: 'credits-expired'; purchase: string })

type Of<T extends CreditEvent['type']> = Extract<CreditEvent, { type: T }>

/** An accepted event with what the rules chose for it; the ledger is a list of these, never changed. */
export type LedgerEntry =
  | Of<
      | 'purchase-opened'
      | 'payment-received'
      | 'refund'
      | 'session-rescheduled'
      | 'session-held'
      | 'credits-expired'
      | 'mark-undone'
    >
  | (Of<'session-booked'> & { purchase: string })
  | (Of<'session-cancelled'> & { usesCredit: boolean })
  | (Of<'no-show'> & { usesCredit: boolean })

export type Ledger = readonly LedgerEntry[]

export type CreditCounts = {
  bought: number
  used: number
  left: number
  held: number
  forfeited: number
  refunded: number
}

export type PurchaseBalance = CreditCounts & {
  validUntil: number
  expired: boolean
  /** Money received and money refunded, in cents. */
  paid: number
  refundedAmount: number
}

export type Balance = CreditCounts & {
  paid: number
  refundedAmount: number
  purchases: Record<string, PurchaseBalance>
  /** Payments and refunds kept until their purchase opens. */
  waiting: number
}

export type SessionState = {
  purchase: string
  startsAt: number
  status: 'booked' | 'cancelled' | 'held' | 'missed'
  /** Where its credit went when it was marked held or missed: used, free again, or forfeited. */
  creditWent?: 'used' | 'left' | 'forfeited'
}

export type LedgerState = {
  keys: Set<string>
  purchases: Map<string, PurchaseBalance>
  sessions: Map<string, SessionState>
  waiting: (Of<'payment-received'> | Of<'refund'>)[]
}

/** What a client (or, for the coach's own actions, the coach) reads when the ledger refuses an event. */
export const CREDIT_REFUSALS = {
  noCredit: 'You have no sessions left to book.',
  afterValidity: 'This time is after your sessions expire. Please choose an earlier time.',
  past: 'This time has already passed. Please choose another.',
  tooLateToMove: (hours: number) => `This session starts in less than ${hours} hours, so it can no longer be moved.`,
  started: 'This session has already started.',
  notStarted: 'This session has not started yet.',
  notMarked: 'This session is not marked held or missed.',
  creditBookedAgain: 'The credit this session gave back has been booked or refunded since, so its mark stays.',
  unknownSession: 'We cannot find this session.',
  notBooked: 'This session is no longer booked.',
  sessionExists: 'This session is already booked.',
  unknownPurchase: 'We cannot find this purchase.',
  purchaseDiffers: 'This purchase is already open with other details.',
  notExpiredYet: 'These credits are still valid.',
  alreadyExpired: 'These credits have already expired.',
  expiryOff: 'Credits do not expire under your settings.',
  badNumber: 'Credits and amounts must be whole numbers, zero or more.',
} as const

export type Recorded =
  /** Appended and applied. */
  | { status: 'recorded'; ledger: Ledger }
  /** Appended; a payment or refund kept until its purchase opens. */
  | { status: 'waiting'; ledger: Ledger }
  /** The same fact again: the ledger as it was. */
  | { status: 'duplicate'; ledger: Ledger }
  /** Not appended, with the reason in words. */
  | { status: 'refused'; reason: string; ledger: Ledger }

const emptyState = (): LedgerState => ({ keys: new Set(), purchases: new Map(), sessions: new Map(), waiting: [] })

const HOUR_MS = 60 * 60 * 1000

const wholeNumbers = (...values: number[]) => values.every((v) => Number.isSafeInteger(v) && v >= 0)

/** A credit that comes back (a cancellation or a no-show that does not use it): free again, or forfeited. */
function giveBack(p: PurchaseBalance): 'left' | 'forfeited' {
  p.held -= 1
  if (p.expired) p.forfeited += 1
  else p.left += 1
  return p.expired ? 'forfeited' : 'left'
}

function applyMoney(p: PurchaseBalance, e: Of<'payment-received'> | Of<'refund'>) {
  if (e.type === 'payment-received') {
    p.paid += e.amount
    return
  }
  const removed = Math.min(e.credits, p.left)
  p.left -= removed
  p.refunded += removed
  p.refundedAmount += e.amount
}

/**
 * Applies one entry to the state in place, or says why it cannot be applied (and then changes nothing). Reads
 * no settings: whatever the rules chose is in the entry. 'duplicate' for the same fact again.
 */
function step(s: LedgerState, e: LedgerEntry): 'applied' | 'waiting' | 'duplicate' | { refused: string } {
  if (s.keys.has(e.key)) return 'duplicate'
  switch (e.type) {
    case 'purchase-opened': {
      if (!wholeNumbers(e.credits, e.amount)) return { refused: CREDIT_REFUSALS.badNumber }
      const known = s.purchases.get(e.purchase)
      if (known) {
        return known.bought === e.credits && known.validUntil === e.validUntil
          ? 'duplicate'
          : { refused: CREDIT_REFUSALS.purchaseDiffers }
      }
      const p: PurchaseBalance = {
        bought: e.credits,
        used: 0,
        left: e.credits,
        held: 0,
        forfeited: 0,
        refunded: 0,
        validUntil: e.validUntil,
        expired: false,
        paid: e.amount,
        refundedAmount: 0,
      }
      s.purchases.set(e.purchase, p)
      s.keys.add(e.key)
      const mine = s.waiting.filter((w) => w.purchase === e.purchase)
      s.waiting = s.waiting.filter((w) => w.purchase !== e.purchase)
      for (const w of mine) applyMoney(p, w)
      return 'applied'
    }
    case 'payment-received':
    case 'refund': {
      if (!wholeNumbers(e.amount, e.type === 'refund' ? e.credits : 0)) return { refused: CREDIT_REFUSALS.badNumber }
      s.keys.add(e.key)
      const p = s.purchases.get(e.purchase)
      if (!p) {
        s.waiting.push(e)
        return 'waiting'
      }
      applyMoney(p, e)
      return 'applied'
    }
    case 'credits-expired': {
      const p = s.purchases.get(e.purchase)
      if (!p) return { refused: CREDIT_REFUSALS.unknownPurchase }
      if (p.expired) return { refused: CREDIT_REFUSALS.alreadyExpired }
      if (e.at < p.validUntil) return { refused: CREDIT_REFUSALS.notExpiredYet }
      s.keys.add(e.key)
      p.expired = true
      p.forfeited += p.left
      p.left = 0
      return 'applied'
    }
    case 'session-booked': {
      if (s.sessions.has(e.session)) return { refused: CREDIT_REFUSALS.sessionExists }
      if (e.startsAt <= e.at) return { refused: CREDIT_REFUSALS.past }
      const p = s.purchases.get(e.purchase)
      if (!p || p.left < 1) return { refused: CREDIT_REFUSALS.noCredit }
      s.keys.add(e.key)
      p.left -= 1
      p.held += 1
      s.sessions.set(e.session, { purchase: e.purchase, startsAt: e.startsAt, status: 'booked' })
      return 'applied'
    }
    case 'mark-undone': {
      const session = s.sessions.get(e.session)
      if (!session) return { refused: CREDIT_REFUSALS.unknownSession }
      if ((session.status !== 'held' && session.status !== 'missed') || !session.creditWent) {
        return { refused: CREDIT_REFUSALS.notMarked }
      }
      const p = s.purchases.get(session.purchase)!
      // The credit comes back from where the mark put it (a credit given back is forfeited once its purchase
      // expires); one given back and booked or refunded since cannot.
      const from = session.creditWent === 'left' && p.expired ? 'forfeited' : session.creditWent
      if (p[from] < 1) return { refused: CREDIT_REFUSALS.creditBookedAgain }
      s.keys.add(e.key)
      p[from] -= 1
      p.held += 1
      session.status = 'booked'
      delete session.creditWent
      return 'applied'
    }
    default: {
      const session = s.sessions.get(e.session)
      if (!session) return { refused: CREDIT_REFUSALS.unknownSession }
      if (session.status !== 'booked') return { refused: CREDIT_REFUSALS.notBooked }
      const p = s.purchases.get(session.purchase)!
      switch (e.type) {
        case 'session-rescheduled':
          if (e.startsAt <= e.at) return { refused: CREDIT_REFUSALS.past }
          s.keys.add(e.key)
          session.startsAt = e.startsAt
          return 'applied'
        case 'session-cancelled':
          s.keys.add(e.key)
          session.status = 'cancelled'
          if (e.usesCredit) {
            p.held -= 1
            p.used += 1
          } else giveBack(p)
          return 'applied'
        case 'session-held':
        case 'no-show': {
          if (e.at < session.startsAt) return { refused: CREDIT_REFUSALS.notStarted }
          s.keys.add(e.key)
          session.status = e.type === 'session-held' ? 'held' : 'missed'
          if (e.type === 'session-held' || e.usesCredit) {
            p.held -= 1
            p.used += 1
            session.creditWent = 'used'
          } else session.creditWent = giveBack(p)
          return 'applied'
        }
      }
    }
  }
}

/** The state after every entry of the ledger, in order (entries that cannot apply change nothing). */
export function fold(ledger: Ledger): LedgerState {
  const s = emptyState()
  for (const e of ledger) step(s, e)
  return s
}

/** The counts in all and per purchase. */
export function balanceOf(s: LedgerState): Balance {
  const total: Balance = {
    bought: 0,
    used: 0,
    left: 0,
    held: 0,
    forfeited: 0,
    refunded: 0,
    paid: 0,
    refundedAmount: 0,
    purchases: {},
    waiting: s.waiting.length,
  }
  for (const id of [...s.purchases.keys()].sort()) {
    const p = s.purchases.get(id)!
    total.purchases[id] = { ...p }
    for (const k of ['bought', 'used', 'left', 'held', 'forfeited', 'refunded', 'paid', 'refundedAmount'] as const) {
      total[k] += p[k]
    }
  }
  return total
}

export const balance = (ledger: Ledger): Balance => balanceOf(fold(ledger))

/**
 * The counts in the client's words: a booked session has used its credit (it comes back when the session is
 * cancelled in time, or by the coach), so `used` takes in the ledger's `held` and `booked` says how many of
 * those are still ahead. bought = used + left + forfeited + refunded, as the ledger's equation with held in used.
 */
export type ClientCounts = Omit<CreditCounts, 'held'> & { booked: number }

export function clientCounts(b: CreditCounts): ClientCounts {
  return {
    bought: b.bought,
    used: b.used + b.held,
    booked: b.held,
    left: b.left,
    forfeited: b.forfeited,
    refunded: b.refunded,
  }
}

/**
 * The purchase a session starting at `startsAt` draws on: of those with a credit left (and, when credits expire,
 * still valid at the start), the one whose validity ends first; the smallest id on a tie. Null when none.
 */
function purchaseFor(s: LedgerState, startsAt: number, rules: CreditRules): string | null {
  let best: string | null = null
  for (const [id, p] of s.purchases) {
    if (p.left < 1 || (rules.creditsExpire && startsAt >= p.validUntil)) continue
    const b = best === null ? null : s.purchases.get(best)!
    if (!b || p.validUntil < b.validUntil || (p.validUntil === b.validUntil && id < best!)) best = id
  }
  return best
}

/** The event as an entry, with what the rules chose written into it, or the reason it is refused. */
function decide(s: LedgerState, e: CreditEvent, rules: CreditRules): LedgerEntry | { refused: string } {
  const notice = rules.coachingRescheduleNoticeHours * HOUR_MS
  switch (e.type) {
    case 'session-booked': {
      if (s.sessions.has(e.session)) return { refused: CREDIT_REFUSALS.sessionExists }
      if (e.startsAt <= e.at) return { refused: CREDIT_REFUSALS.past }
      const purchase = purchaseFor(s, e.startsAt, rules)
      if (purchase) return { ...e, purchase }
      const anyLeft = [...s.purchases.values()].some((p) => p.left > 0)
      return { refused: anyLeft ? CREDIT_REFUSALS.afterValidity : CREDIT_REFUSALS.noCredit }
    }
    case 'session-rescheduled': {
      const session = s.sessions.get(e.session)
      if (!session || session.status !== 'booked') return e // the step says why
      if (e.by === 'client') {
        if (e.at >= session.startsAt) return { refused: CREDIT_REFUSALS.started }
        if (session.startsAt - e.at < notice) {
          return { refused: CREDIT_REFUSALS.tooLateToMove(rules.coachingRescheduleNoticeHours) }
        }
      }
      if (rules.creditsExpire && e.startsAt >= s.purchases.get(session.purchase)!.validUntil) {
        return { refused: CREDIT_REFUSALS.afterValidity }
      }
      return e
    }
    case 'session-cancelled': {
      const session = s.sessions.get(e.session)
      if (!session || session.status !== 'booked') return { ...e, usesCredit: false }
      if (e.by === 'coach') return { ...e, usesCredit: false }
      if (e.at >= session.startsAt) return { refused: CREDIT_REFUSALS.started }
      return { ...e, usesCredit: rules.lateCancellationUsesCredit && session.startsAt - e.at < notice }
    }
    case 'no-show':
      return { ...e, usesCredit: rules.noShowUsesCredit }
    case 'credits-expired':
      return rules.creditsExpire ? e : { refused: CREDIT_REFUSALS.expiryOff }
    default:
      return e
  }
}

/**
 * Decides `event` against the ledger and the coach's rules: appended (applied now, or kept until its purchase
 * opens), the same fact again (nothing changes), or refused with the reason in words. Never changes `ledger`.
 */
export function record(ledger: Ledger, event: CreditEvent, rules: CreditRules = DEFAULT_CREDIT_RULES): Recorded {
  const s = fold(ledger)
  if (s.keys.has(event.key)) return { status: 'duplicate', ledger }
  const entry = decide(s, event, rules)
  if ('refused' in entry) return { status: 'refused', reason: entry.refused, ledger }
  const outcome = step(s, entry)
  if (outcome === 'duplicate') return { status: 'duplicate', ledger }
  if (typeof outcome === 'object') return { status: 'refused', reason: outcome.refused, ledger }
  return { status: outcome === 'waiting' ? 'waiting' : 'recorded', ledger: [...ledger, entry] }
}
