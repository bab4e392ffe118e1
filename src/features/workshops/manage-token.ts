import { signedLinks } from '@/platform/signed-link'

/*
 * The private manage link of a workshop registration, made as a discovery call's is
 * (src/platform/signed-link.ts): nothing is stored. The same link confirms an offered seat and cancels.
 */

type RegistrationKey = { id: number | string; createdAt: string }

const uidOf = (id: number | string, createdAtMs: number) => `workshop-registration-${id}-${createdAtMs}@coach-site`

/** The invite's UID: stable for the life of the registration. */
export const registrationUid = (r: RegistrationKey): string => uidOf(r.id, new Date(r.createdAt).getTime())

const links = signedLinks((id, createdAtMs) => `workshop-registration-manage\n${uidOf(id, createdAtMs)}`)

export const registrationToken = links.token

export const MANAGE_PREFIX = '/workshops/manage/'

export const registrationManagePath = (r: RegistrationKey): string => `${MANAGE_PREFIX}${registrationToken(r)}`

/** The registration a token names, when the site made the token; null for anything malformed or forged. */
export const verifiedRegistrationToken = links.verified
