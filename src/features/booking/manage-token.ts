import { createHmac, timingSafeEqual } from 'node:crypto'

import { payloadSecret } from '@/platform/secret'

/*
 * The private manage link of a discovery call. Nothing is stored for it: the token carries the call's id and
 * creation instant and a keyed hash of them, so the same link can be mailed again, and a token the site did
 * not make is recognised without the database (src/proxy.ts answers it with the 404 page).
 */

type CallKey = { id: number | string; createdAt: string }

const uidOf = (id: number | string, createdAtMs: number) => `discovery-call-${id}-${createdAtMs}@coach-site`

/** The invite's UID: stable for the life of the call, unique across databases (the creation instant). */
export const callUid = (call: CallKey): string => uidOf(call.id, new Date(call.createdAt).getTime())

const signature = (uid: string): string =>
  createHmac('sha256', payloadSecret()).update(`discovery-call-manage\n${uid}`).digest('base64url')

export const manageToken = (call: CallKey): string =>
  `${call.id}-${new Date(call.createdAt).getTime()}.${signature(callUid(call))}`

export const managePath = (call: CallKey): string => `/scheduling/manage/${manageToken(call)}`

/** The call a token names, when the site made the token; null for anything malformed or forged. */
export function verifiedManageToken(token: string): { id: number; createdAtMs: number } | null {
  const match = /^(\d{1,12})-(\d{1,15})\.([\w-]{43})$/.exec(token)
  if (!match) return null
  const [id, createdAtMs] = [Number(match[1]), Number(match[2])]
  const expected = Buffer.from(signature(uidOf(id, createdAtMs)))
  const given = Buffer.from(match[3]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { id, createdAtMs } : null
}
