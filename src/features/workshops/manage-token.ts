import { createHmac, timingSafeEqual } from 'node:crypto'

import { payloadSecret } from '@/platform/secret'

/*
 * The private manage link of a workshop registration, made as a discovery call's is
 * (src/features/booking/manage-token.ts): nothing is stored; the token carries the registration's id and creation
 * instant and a keyed hash of them. The same link confirms an offered seat and cancels.
 */

type RegistrationKey = { id: number | string; createdAt: string }

const uidOf = (id: number | string, createdAtMs: number) => `workshop-registration-${id}-${createdAtMs}@coach-site`

/** The invite's UID: stable for the life of the registration. */
export const registrationUid = (r: RegistrationKey): string => uidOf(r.id, new Date(r.createdAt).getTime())

const signature = (uid: string): string =>
  createHmac('sha256', payloadSecret()).update(`workshop-registration-manage\n${uid}`).digest('base64url')

export const registrationToken = (r: RegistrationKey): string =>
  `${r.id}-${new Date(r.createdAt).getTime()}.${signature(registrationUid(r))}`

export const MANAGE_PREFIX = '/workshops/manage/'

export const registrationManagePath = (r: RegistrationKey): string => `${MANAGE_PREFIX}${registrationToken(r)}`

/** The registration a token names, when the site made the token; null for anything malformed or forged. */
export function verifiedRegistrationToken(token: string): { id: number; createdAtMs: number } | null {
  const match = /^(\d{1,12})-(\d{1,15})\.([\w-]{43})$/.exec(token)
  if (!match) return null
  const [id, createdAtMs] = [Number(match[1]), Number(match[2])]
  const expected = Buffer.from(signature(uidOf(id, createdAtMs)))
  const given = Buffer.from(match[3]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { id, createdAtMs } : null
}
