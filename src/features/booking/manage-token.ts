import { signedLinks } from '@/platform/signed-link'

/*
 * The private manage link of a discovery call (src/platform/signed-link.ts: nothing stored, the same link can
 * be mailed again, and src/proxy.ts answers a token the site did not make with the 404 page).
 */

type CallKey = { id: number | string; createdAt: string }

const uidOf = (id: number | string, createdAtMs: number) => `discovery-call-${id}-${createdAtMs}@coach-site`

/** The invite's UID: stable for the life of the call, unique across databases (the creation instant). */
export const callUid = (call: CallKey): string => uidOf(call.id, new Date(call.createdAt).getTime())

const links = signedLinks((id, createdAtMs) => `discovery-call-manage\n${uidOf(id, createdAtMs)}`)

export const manageToken = links.token

export const managePath = (call: CallKey): string => `/scheduling/manage/${manageToken(call)}`

/** The call a token names, when the site made the token; null for anything malformed or forged. */
export const verifiedManageToken = links.verified
