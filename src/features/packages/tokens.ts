import { createHmac } from 'node:crypto'

import { normalAddress } from '@/domain/people'
import { hashToken } from '@/domain/tokens'
import { payloadSecret } from '@/platform/secret'
import { signedLinks, type DocumentKey } from '@/platform/signed-link'

/*
 * The two private addresses of the packages, both made from the site's secret like a call's manage link
 * (src/features/booking/manage-token.ts), so nothing random is stored and the same link can be mailed again:
 *
 * - a checkout (/coaching/checkout/<id>-<created ms>.<signature>), kept by the buyer's browser only (never mailed);
 * - a client's page (/client/<token>), mailed when their payment arrives; the token is a keyed hash of their
 *   e-mail address, and only its hash is stored on their purchases (clientKey).
 */

const sign = (what: string): string => createHmac('sha256', payloadSecret()).update(what).digest('base64url')

const checkoutLinks = signedLinks((id, createdAtMs) => `purchase-checkout\n${id}-${createdAtMs}`)

export const checkoutToken = checkoutLinks.token

export const checkoutPath = (p: DocumentKey): string => `/coaching/checkout/${checkoutToken(p)}`

/** The purchase a checkout token names, when the site made it; null for anything malformed or forged. */
export const verifiedCheckoutToken = checkoutLinks.verified

/** The client page's token of an e-mail address (any case and spacing is the same client). */
export const clientToken = (email: string): string => sign(`client-page\n${normalAddress(email)}`)

/** What purchases store to be found from the client's token: its hash. */
export const clientKeyOf = (email: string): string => hashToken(clientToken(email))

export const clientPath = (email: string): string => `/client/${clientToken(email)}`

/** The stored key a token stands for, or null when it cannot be one of the site's tokens. */
export const clientKeyOfToken = (token: string): string | null => (/^[\w-]{43}$/.test(token) ? hashToken(token) : null)
