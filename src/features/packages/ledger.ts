import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import {
  balance,
  DEFAULT_CREDIT_RULES,
  record,
  type Balance,
  type CreditEvent,
  type CreditRules,
  type Ledger,
  type LedgerEntry,
} from '@/domain/credits'
import { normalAddress } from '@/domain/people'
import type { CreditEntry } from '@/payload-types'
import { inTransaction, readingWith } from '@/platform/transaction'

/*
 * The credit ledger stored (decision 053): each client's entries are rows of `credit-entries`
 * (./CreditEntries.ts), read in their order, decided on by `record` (src/domain/credits.ts) and appended.
 *
 * Each fact once, whatever races. On PostgreSQL the append holds a lock on the client (a transaction-scoped
 * advisory lock) from before it reads their entries until it commits: a second append for the same client
 * waits, then reads the first one's entry. On SQLite (no transactions, decision 003) two appends may read the
 * same entries; the database then refuses the second row by its unique indexes, (client, key) for the same fact
 * and (client, seq) for another fact written at the same place, and the append reads again and decides again.
 * Either way a repeated fact is answered as a duplicate, never as an error.
 */

export type Appended = {
  /** 'recorded' and 'waiting' (a payment or refund kept until its purchase opens) are new entries. */
  status: 'recorded' | 'waiting' | 'duplicate' | 'refused'
  /** The refusal in words the client (or the coach, for the coach's own actions) reads. */
  reason?: string
  /** The client's balance after the event (as before it, for a duplicate or a refusal). */
  balance: Balance
  /** The entry appended, with what the rules chose (whether a cancellation used its credit): new entries only. */
  entry?: LedgerEntry
}

/** How many times an append reads again after another append of the same client won a race. */
const TRIES = 20

type Rows = Pick<CreditEntry, 'seq' | 'entry'>[]

async function entriesOf(payload: Payload, client: string, req?: Partial<PayloadRequest>): Promise<Rows> {
  const found = await payload.find({
    collection: 'credit-entries',
    where: { email: { equals: client } },
    sort: 'seq',
    pagination: false,
    depth: 0,
    select: { seq: true, entry: true },
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return found.docs
}

const ledgerOf = (rows: Rows): Ledger => rows.map((r) => r.entry as LedgerEntry)

/** One client's ledger as stored, in the order it was appended. */
export async function creditLedger(payload: Payload, email: string, req?: PayloadRequest): Promise<Ledger> {
  return ledgerOf(await entriesOf(payload, normalAddress(email), req ? readingWith(req) : undefined))
}

/** One client's balance, computed from their entries (never stored). */
export async function creditBalance(payload: Payload, email: string, req?: PayloadRequest): Promise<Balance> {
  return balance(await creditLedger(payload, email, req))
}

type PostgresTransaction = { execute: (query: unknown) => Promise<unknown> }

/** PostgreSQL: holds this client's appends apart until the transaction of `req` ends. SQLite: nothing. */
async function lockClient(payload: Payload, client: string, req: PayloadRequest): Promise<void> {
  if (payload.db.name !== 'postgres' || !req.transactionID) return
  const sessions = (payload.db as unknown as { sessions: Record<string, { db: PostgresTransaction }> }).sessions
  const tx = sessions[String(await req.transactionID)]?.db
  if (!tx) return
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`credit-entries\n${client}`}, 0))`)
}

/** The entry's columns beside its JSON: the ones the site queries on. */
function columns(e: LedgerEntry) {
  return {
    key: e.key,
    type: e.type,
    at: new Date(e.at).toISOString(),
    purchase: 'purchase' in e ? e.purchase : null,
    session: 'session' in e ? e.session : null,
  }
}

/**
 * A condition on the client's balance before a new entry, checked where the entry is decided (under the
 * client's lock, and again after a race on SQLite): the reason in words when the entry must not be appended,
 * or null. Not asked for the same fact again, which stays a duplicate.
 */
export type Precondition = (before: Balance) => string | null

async function attempt(
  payload: Payload,
  client: string,
  event: CreditEvent,
  rules: CreditRules,
  req: PayloadRequest,
  precondition?: Precondition,
): Promise<Appended> {
  await lockClient(payload, client, req)
  const rows = await entriesOf(payload, client, readingWith(req))
  const result = record(ledgerOf(rows), event, rules)
  if (result.status === 'duplicate' || result.status === 'refused') {
    return {
      status: result.status,
      ...(result.status === 'refused' ? { reason: result.reason } : {}),
      balance: balance(result.ledger),
    }
  }
  const before = balance(ledgerOf(rows))
  const refusal = precondition?.(before)
  if (refusal) return { status: 'refused', reason: refusal, balance: before }
  const entry = result.ledger[result.ledger.length - 1]!
  await payload.create({
    collection: 'credit-entries',
    data: { email: client, seq: (rows[rows.length - 1]?.seq ?? 0) + 1, ...columns(entry), entry },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return { status: result.status, balance: balance(result.ledger), entry }
}

/** Whether the database refused a row of `credit-entries` for one of its unique indexes. */
export function isEntryConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const errors = (e as { data?: { errors?: { message?: string; tableName?: string }[] } }).data?.errors
    if ((e as Error).name === 'ValidationError' && errors?.some((x) => x.tableName === 'credit_entries')) return true
    const code = (e as { code?: string }).code
    if ((code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') && /credit_entries/.test(String(e))) return true
  }
  return false
}

/**
 * Appends one event to the ledger of the client with this e-mail: reads their entries, decides with `record`
 * under `rules`, and appends the accepted entry, in one transaction (the caller's when `req` is given, else its
 * own). The same fact delivered twice, or many times at once, is stored once and every later delivery is
 * answered 'duplicate'. A `precondition` on the balance before it may refuse a new fact (e.g. a refund of more
 * than is left to refund), decided race-free with the entry. Returns what became of the event and the client's
 * balance after it.
 */
export async function appendCreditEvent(
  payload: Payload,
  email: string,
  event: CreditEvent,
  rules: CreditRules = DEFAULT_CREDIT_RULES,
  req?: PayloadRequest,
  precondition?: Precondition,
): Promise<Appended> {
  const client = normalAddress(email)
  // Inside the caller's PostgreSQL transaction a refused row aborts it: no second try there (the lock makes
  // one needless).
  const mayTryAgain = !req || payload.db.name !== 'postgres'
  for (let tries = 1; ; tries++) {
    try {
      return req
        ? await attempt(payload, client, event, rules, req, precondition)
        : await inTransaction(payload, (own) => attempt(payload, client, event, rules, own, precondition))
    } catch (error) {
      if (!mayTryAgain || tries >= TRIES || !isEntryConflict(error)) throw error
    }
  }
}
