import type { Payload } from 'payload'
import { expect } from 'vitest'

import type { Purchase } from '@/payload-types'

/** A client's credit ledger as stored (src/features/packages/CreditEntries.ts), in the order it was written. */
export async function creditEntriesOf(payload: Payload, email: string) {
  const { docs } = await payload.find({
    collection: 'credit-entries',
    where: { email: { equals: email } },
    sort: 'seq',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return docs
}

/** A client's credit balance, once it is seen to hold: bought = used + left + held + forfeited + refunded, in all and for every purchase. */
export async function balanceHolds(payload: Payload, email: string) {
  const { creditBalance } = await import('@/features/packages/ledger')
  const b = await creditBalance(payload, email)
  for (const c of [b, ...Object.values(b.purchases)]) {
    expect(c.bought).toBe(c.used + c.left + c.held + c.forfeited + c.refunded)
  }
  return b
}

/** A purchase of the Starter Session by `email` (one session of 60 minutes, $150, valid 90 days), in `status`, with `data`. */
export async function aStarterPurchase(
  payload: Payload,
  email: string,
  status: Purchase['status'],
  data: Partial<Purchase> = {},
) {
  const { clientKeyOf } = await import('@/features/packages/tokens')
  return payload.create({
    collection: 'purchases',
    data: {
      status,
      email,
      clientKey: clientKeyOf(email),
      packageTitle: 'Starter Session',
      amount: 15000,
      sessions: 1,
      sessionMinutes: 60,
      validityDays: 90,
      ...data,
    },
    depth: 0,
    overrideAccess: true,
  })
}

/**
 * A client who bought the Starter Session (or `sessions` of them, 60 minutes each, valid 90 days) by bank
 * transfer, paid at `paidAt`: their purchase and their credits open, as the coach's "Mark payment received"
 * opens them. `label` keeps the suites' addresses apart.
 */
export async function aPaidClient(
  payload: Payload,
  { name, label, paidAt, sessions = 1 }: { name: string; label: string; paidAt: Date; sessions?: number },
) {
  const { clientToken } = await import('@/features/packages/tokens')
  const { openCredits, bankTransferKey } = await import('@/features/packages/paid')
  const { clientByToken } = await import('@/features/packages/sessions')
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${label.toLowerCase()}@example.com`
  const purchase = await aStarterPurchase(payload, email, 'paid', {
    amount: 15000 * sessions,
    sessions,
    paymentMethod: 'bank-transfer',
    paidAt: paidAt.toISOString(),
    agreedName: name,
  })
  expect((await openCredits(payload, purchase, { key: bankTransferKey(purchase.id) })).status).toBe('recorded')
  const client = (await clientByToken(payload, clientToken(email)))!
  expect(client).toMatchObject({ email, name })
  return { client, purchase, email }
}
