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

  const startedAt = Number(raw[STARTED_AT_FIELD])
  if (Number.isFinite(startedAt) && startedAt > 0 && now.getTime() - startedAt < MIN_FILL_MS) return 'too-fast'

  return (await hitRateLimit(
    payload,
    keys.map((k) => `${form}:${k}`),
    now,
  ))
    ? 'pass'
    : 'rate-limited'
}

/**
 * Records one hit for each key and says whether every key is still within the limit. Inserting before
 * counting means concurrent posts can only be refused too eagerly, never let through beyond the limit.
 */
export async function hitRateLimit(payload: Payload, keys: string[], now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - RATE_LIMIT.windowMs).toISOString()
  let allowed = true
  for (const key of keys) {
    await payload.create({ collection: 'rate-limit-hits', data: { key, at: now.toISOString() }, overrideAccess: true })
    const { totalDocs } = await payload.count({
      collection: 'rate-limit-hits',
      where: { and: [{ key: { equals: key } }, { at: { greater_than: since } }] },
      overrideAccess: true,
    })
    if (totalDocs > RATE_LIMIT.max) allowed = false
  }
  // Old hits are no longer needed; pruning as we go keeps the table small.
  await payload.delete({
    collection: 'rate-limit-hits',
    where: { at: { less_than: since } },
    overrideAccess: true,
  })
  return allowed
}
