import type { Payload } from 'payload'

import type { LedgerEntry } from '@/domain/credits'
import { intervalFromEnv, startSweeper } from '@/platform/server/sweeper'
import { appendCreditEvent } from './ledger'
import { readCreditRules } from './SessionRules'

/*
 * Credits past their validity are forfeited by themselves (decision 068): every few minutes each purchase
 * whose credits' validity has ended gets its `credits-expired` entry (key `expire:<purchase>`), which moves the
 * credits still left to forfeited; a session booked from it keeps its credit until it is held, missed or
 * cancelled. Exactly once however many instances sweep at the same moment: the ledger's append stores one
 * fact once (decision 053). With "Credits past their validity are forfeited" unticked in Session rules,
 * nothing expires.
 */

/** CREDIT_SWEEP_MS: how often purchases past their validity are looked for (default five minutes). */
export const creditSweepInterval = (): number => intervalFromEnv('CREDIT_SWEEP_MS', 5 * 60_000)

/** Records `credits-expired` for every purchase whose validity ended by `now`; how many it recorded. */
export async function forfeitExpiredCredits(payload: Payload, now: Date): Promise<number> {
  const rules = await readCreditRules(payload)
  if (!rules.creditsExpire) return 0
  const entries = async (type: LedgerEntry['type']) =>
    (
      await payload.find({
        collection: 'credit-entries',
        where: { type: { equals: type } },
        pagination: false,
        depth: 0,
        select: { email: true, purchase: true, entry: true },
        overrideAccess: true,
      })
    ).docs
  const done = new Set((await entries('credits-expired')).map((e) => `${e.email}\n${e.purchase}`))
  let recorded = 0
  for (const opened of await entries('purchase-opened')) {
    const entry = opened.entry as Extract<LedgerEntry, { type: 'purchase-opened' }>
    if (done.has(`${opened.email}\n${opened.purchase}`) || entry.validUntil > now.getTime()) continue
    const appended = await appendCreditEvent(
      payload,
      opened.email,
      { type: 'credits-expired', key: `expire:${entry.purchase}`, at: now.getTime(), purchase: entry.purchase },
      rules,
    )
    if (appended.status === 'recorded') recorded += 1
  }
  return recorded
}

/** Every instance sweeps; the ledger keeps each expiry once. */
export function startCreditSweeper(payloadOf: () => Promise<Payload>): void {
  startSweeper(
    'credit-sweeper',
    creditSweepInterval(),
    payloadOf,
    forfeitExpiredCredits,
    'Credits past their validity were not forfeited:',
  )
}
