import { formatCents } from './packages'

/*
 * The pure rules of a refund the coach makes from the admin (issue 27): how much money and how many credits
 * one purchase can give back, and the refusals in the coach's words. The ledger (./credits.ts) records it.
 */

/** What a purchase has left to give back: money received and not refunded yet, and credits free to book. */
export type Refundable = { paid: number; refundedAmount: number; left: number }

export const REFUND_REFUSALS = {
  noAmount: 'Enter the amount to refund in dollars, for example 150 or 49.50.',
  zero: 'Enter an amount to refund of more than $0.',
  badCredits: 'Enter how many credits to take back as a whole number, 0 or more.',
  nothingLeft: 'Everything paid for this purchase has been refunded already.',
  tooMuch: (most: number) =>
    `You can refund at most ${formatCents(most)}: that is what was paid and is not refunded yet.`,
  tooManyCredits: (left: number) =>
    left === 0
      ? 'No credits are left to take back: enter 0.'
      : `Only ${left} ${left === 1 ? 'credit is' : 'credits are'} left to take back.`,
} as const

/** Money the purchase can still give back, in cents. */
export const refundableAmount = (r: Refundable): number => Math.max(0, r.paid - r.refundedAmount)

/**
 * Dollars as the coach types them ("150", "$49.50", "1,200.5") in cents, or null for anything else. At most
 * two decimals: a third would be a part of a cent.
 */
export function parseDollars(typed: string): number | null {
  const tidy = typed
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(tidy)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/** Why a refund of `amount` cents taking back `credits` cannot be made from what is left, or null when it can. */
export function refundRefusal(r: Refundable, amount: number, credits: number): string | null {
  if (!Number.isSafeInteger(credits) || credits < 0) return REFUND_REFUSALS.badCredits
  if (!Number.isSafeInteger(amount) || amount < 1) return REFUND_REFUSALS.zero
  const most = refundableAmount(r)
  if (most === 0) return REFUND_REFUSALS.nothingLeft
  if (amount > most) return REFUND_REFUSALS.tooMuch(most)
  if (credits > r.left) return REFUND_REFUSALS.tooManyCredits(r.left)
  return null
}
