import { createHmac, timingSafeEqual } from 'node:crypto'

import { normalAddress } from '@/domain/people'
import { payloadSecret } from '@/platform/secret'

/*
 * The link that confirms a registration (decision 080): mailed to the address typed on the registration form,
 * it proves the address is the visitor's before anything is stored for it, a seat held or a credit spent.
 * Nothing is stored: the token carries the workshop, the address, the name and when it was asked for, signed
 * with the site's secret (`<base64url of them>.<signature>`), and is good for CONFIRM_HOURS.
 */

export const CONFIRM_HOURS = 24
const HOUR = 60 * 60 * 1000

export type Confirmation = { workshop: number | string; email: string; name: string; askedAt: number }

export const CONFIRM_PREFIX = '/workshops/confirm/'

const signature = (body: string) =>
  createHmac('sha256', payloadSecret()).update(`workshop-registration-confirm\n${body}`).digest('base64url')

export function confirmationToken(c: Confirmation): string {
  const body = Buffer.from(
    JSON.stringify({ w: c.workshop, e: normalAddress(c.email), n: c.name, t: c.askedAt }),
    'utf8',
  ).toString('base64url')
  return `${body}.${signature(body)}`
}

export const confirmationPath = (c: Confirmation): string => `${CONFIRM_PREFIX}${confirmationToken(c)}`

/**
 * What a confirmation token names, when the site made it (`expired` once CONFIRM_HOURS have passed since it
 * was asked for); null for anything malformed or forged.
 */
export function verifiedConfirmation(token: string, now: Date): (Confirmation & { expired: boolean }) | null {
  const match = /^([\w-]{1,1000})\.([\w-]{43})$/.exec(token)
  if (!match) return null
  const expected = Buffer.from(signature(match[1]!))
  const given = Buffer.from(match[2]!)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let data: unknown
  try {
    data = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const { w, e, n, t } = (data ?? {}) as Record<string, unknown>
  if ((typeof w !== 'number' && typeof w !== 'string') || typeof e !== 'string' || typeof n !== 'string') return null
  if (typeof t !== 'number') return null
  const expired = now.getTime() - t >= CONFIRM_HOURS * HOUR || t > now.getTime() + HOUR
  return { workshop: w, email: e, name: n, askedAt: t, expired }
}
