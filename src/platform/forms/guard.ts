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
  const since = new Date(now.getTime() - limit.windowMs).toISOString()
  let allowed = true
  for (const key of keys) {
    await payload.create({ collection: 'rate-limit-hits', data: { key, at: now.toISOString() }, overrideAccess: true })
    const { totalDocs } = await payload.count({
      collection: 'rate-limit-hits',
      where: { and: [{ key: { equals: key } }, { at: { greater_than: since } }] },
      overrideAccess: true,
    })
    if (totalDocs > limit.max) allowed = false
  }
  // Hits these keys no longer need, and anyone's after a day: pruning as we go keeps the table small.
  await payload.delete({
    collection: 'rate-limit-hits',
    where: {
      or: [
        { and: [{ key: { in: keys } }, { at: { less_than: since } }] },
        { at: { less_than: new Date(now.getTime() - KEEP_HITS_MS).toISOString() } },
      ],
    },
    overrideAccess: true,
  })
  return allowed
}

/** Takes back the hits `hitRateLimit` recorded at `at` for these keys (an attempt that turned out fine). */
export async function forgetHits(payload: Payload, keys: string[], at: Date): Promise<void> {
  await payload.delete({
    collection: 'rate-limit-hits',
    where: { and: [{ key: { in: keys } }, { at: { equals: at.toISOString() } }] },
    overrideAccess: true,
  })
}
