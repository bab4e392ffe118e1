import type { Payload } from 'payload'

import { HONEYPOT_FIELD, STARTED_AT_FIELD } from './fields'
import { MIN_FILL_MS, RATE_LIMIT } from './rules'

export type GuardOutcome = 'pass' | 'bot' | 'too-fast' | 'rate-limited'

/**
 * The spam defences every form shares, in order: the honeypot (a field people never see: a bot that fills
 * it is told "thank you" and nothing is stored), the minimum fill time (with JavaScript the form records when
 * it was shown), and the rate limit per client and per e-mail address, stored so it holds across instances.
 */
export async function guardFormPost(
  payload: Payload,
  form: string,
  raw: Record<string, unknown>,
  keys: string[],
  now: Date,
): Promise<GuardOutcome> {
  const honeypot = raw[HONEYPOT_FIELD]
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return 'bot'

  // Only a number or a numeric text is a time: Number() of an object can throw (`{"toString":"x"}`).
  const given = raw[STARTED_AT_FIELD]
  const startedAt = typeof given === 'number' || typeof given === 'string' ? Number(given) : NaN
  if (Number.isFinite(startedAt) && startedAt > 0 && now.getTime() - startedAt < MIN_FILL_MS) return 'too-fast'

  return (await hitRateLimit(
    payload,
    keys.map((k) => `${form}:${k}`),
    now,
  ))
    ? 'pass'
    : 'rate-limited'
}

/** Hits older than this are of no use to any limit (the longest window is an hour). */
const KEEP_HITS_MS = 24 * 60 * 60 * 1000

/**
 * Records one hit for each key and says whether every key is still within the limit (`max` hits in the
 * last `windowMs`; the forms' by default). Inserting before counting means concurrent posts can only be
 * refused too eagerly, never let through beyond the limit.
 */
export async function hitRateLimit(
  payload: Payload,
  keys: string[],
  now: Date,
  limit: { max: number; windowMs: number } = RATE_LIMIT,
): Promise<boolean> {
  const since = new Date(now.getTime() - limit.windowMs)
  const stale = new Date(now.getTime() - KEEP_HITS_MS)
  const pool = counterPool(payload)
  if (pool) {
    await pool.query('INSERT INTO rate_limit_hits (key, at) SELECT unnest($1::varchar[]), $2', [keys, now])
    const counts = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rate_limit_hits WHERE key = ANY($1) AND at > $2 GROUP BY key',
      [keys, since],
    )
    // Hits these keys no longer need, and anyone's after a day: pruning as we go keeps the table small.
    await pool.query('DELETE FROM rate_limit_hits WHERE (key = ANY($1) AND at < $2) OR at < $3', [keys, since, stale])
    return counts.rows.every((row) => row.n <= limit.max)
  }
  let allowed = true
  for (const key of keys) {
    await payload.create({ collection: 'rate-limit-hits', data: { key, at: now.toISOString() }, overrideAccess: true })
    const { totalDocs } = await payload.count({
      collection: 'rate-limit-hits',
      where: { and: [{ key: { equals: key } }, { at: { greater_than: since.toISOString() } }] },
      overrideAccess: true,
    })
    if (totalDocs > limit.max) allowed = false
  }
  await payload.delete({
    collection: 'rate-limit-hits',
    where: {
      or: [
        { and: [{ key: { in: keys } }, { at: { less_than: since.toISOString() } }] },
        { at: { less_than: stale.toISOString() } },
      ],
    },
    overrideAccess: true,
  })
  return allowed
}

/** Takes back the hits `hitRateLimit` recorded at `at` for these keys (an attempt that turned out fine). */
export async function forgetHits(payload: Payload, keys: string[], at: Date): Promise<void> {
  const pool = counterPool(payload)
  if (pool) {
    await pool.query('DELETE FROM rate_limit_hits WHERE key = ANY($1) AND at = $2', [keys, at])
    return
  }
  await payload.delete({
    collection: 'rate-limit-hits',
    where: { and: [{ key: { in: keys } }, { at: { equals: at.toISOString() } }] },
    overrideAccess: true,
  })
}

type CounterPool = {
  query: <R>(sql: string, values: unknown[]) => Promise<{ rows: R[] }>
  on: (event: 'error', listener: (error: Error) => void) => void
}
type PostgresAdapter = { pg?: { Pool: new (options: object) => CounterPool }; poolOptions?: object }
const counterPools = new WeakMap<Payload, CounterPool>()

/**
 * On PostgreSQL the counters have a small pool of connections of their own (Payload's adapter's `pg`, with
 * its settings). Some limits are checked inside an operation that already holds one of Payload's pooled
 * connections for its transaction (a reset mail, a change of password): with the counters on that same pool,
 * as many such requests at once as the pool has connections would each hold one and wait for another, and
 * none would go on. The counters' own connections are never held while waiting for anything, so a count
 * always finishes. Hits are not part of the operation's transaction either way: a refused attempt still
 * counts. On SQLite (no transactions) the counters go through Payload. Null there.
 */
function counterPool(payload: Payload): CounterPool | null {
  const db = payload.db as unknown as PostgresAdapter
  if (!db.pg?.Pool || !db.poolOptions) return null
  let pool = counterPools.get(payload)
  if (!pool) {
    pool = new db.pg.Pool({ ...db.poolOptions, max: 3, allowExitOnIdle: true })
    // An idle connection the server dropped (a restart of PostgreSQL): the next count makes a new one.
    pool.on('error', (error) => console.warn('Rate limit counters: a connection was lost:', error.message))
    counterPools.set(payload, pool)
  }
  return pool
}
