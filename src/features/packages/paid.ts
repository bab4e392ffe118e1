import type { Payload, PayloadRequest } from 'payload'

import { DEFAULT_CREDIT_RULES } from '@/domain/credits'
import { creditsValidUntil, formatCents } from '@/domain/packages'
import type { Purchase, User } from '@/payload-types'
import { fromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { inTransaction } from '@/platform/transaction'
import { appendCreditEvent, type Appended } from './ledger'
import { clientPath } from './tokens'

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
  purchase: Pick<Purchase, 'id' | 'email' | 'sessions' | 'validityDays' | 'amount' | 'paidAt'>,
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
      amount: purchase.amount,
    },
    DEFAULT_CREDIT_RULES,
    req,
  )
}

export const bankTransferKey = (purchaseId: number | string) => `bank-transfer:${purchaseId}`

export type MarkPaidOutcome = { status: 'opened' | 'already-paid'; purchase: Purchase } | { status: 'not-awaiting' }

/**
 * The coach's "Mark payment received" for a bank transfer: the purchase is paid, its credits open (once,
 * however often it is pressed), and the client is mailed the link to their page (once).
 */
export async function markPaid(
  payload: Payload,
  id: number,
  by: Pick<User, 'id'>,
  now = new Date(),
): Promise<MarkPaidOutcome> {
  return inTransaction(payload, async (req) => {
    const p = await payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true, req })
    if (p.status !== 'awaiting-payment' && p.status !== 'paid') return { status: 'not-awaiting' as const }
    if (p.status === 'paid') return { status: 'already-paid' as const, purchase: p }
    // The ledger decides which press was first (its unique index on SQLite, the client's lock on PostgreSQL):
    // only that one writes the payment's time and mails the client; a later one finds the same fact.
    const opened = await openCredits(payload, { ...p, paidAt: now.toISOString() }, { key: bankTransferKey(p.id), req })
    if (opened.status === 'refused') throw new Error(`The credits could not be opened: ${opened.reason}`)
    if (opened.status === 'duplicate') {
      const entry = await payload.find({
        collection: 'credit-entries',
        where: { and: [{ email: { equals: p.email } }, { key: { equals: bankTransferKey(p.id) } }] },
        limit: 1,
        depth: 0,
        overrideAccess: true,
        req,
      })
      const at = entry.docs[0]?.at ?? now.toISOString()
      const again = await update(payload, p.id, { status: 'paid', paidAt: at }, req)
      return { status: 'already-paid' as const, purchase: again }
    }
    const paid = await update(payload, p.id, { status: 'paid', paidAt: now.toISOString(), paidBy: by.id }, req)
    const settings = await mailSettings(payload, req)
    await enqueueMail(
      payload,
      {
        kind: 'credits-open',
        now,
        reference: `purchases:${p.id}`,
        idempotencyKey: `credits-open:${p.id}`,
        mail: fromSite(settings, p.email, `Your sessions are ready: ${p.packageTitle} | ${settings.brand.siteName}`, [
          `Your payment of ${formatCents(p.amount)} for the ${p.packageTitle} (reference ${p.reference}) has arrived. Thank you!`,
          '',
          `Your ${p.sessions === 1 ? 'session is' : `${p.sessions} sessions are`} ready to book on your page:`,
          `${settings.siteUrl}${clientPath(p.email)}`,
          '',
          'Keep this mail: the link is your way in, no password needed.',
        ]),
      },
      req,
    )
    return { status: 'opened' as const, purchase: paid }
  })
}
