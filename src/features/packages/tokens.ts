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

/*
 * A purchase as this site names it to Stripe (decision 086): `<id>-<created ms>.<signature>` in the Checkout
 * Session's `client_reference_id` and metadata (`site`), signed with the site's secret under a text of its own
 * (it opens no page). Only this site can make one, so a payment on a Stripe account shared with another site
 * opens a purchase here only when this site asked for it.
 */
const stripeReferences = signedLinks((id, createdAtMs) => `purchase-stripe\n${id}-${createdAtMs}`)

export const stripeReference = stripeReferences.token

/** The purchase a Stripe reference names, when this site made it; null for anything else. */
export const verifiedStripeReference = stripeReferences.verified

/**
 * The client page's token of an e-mail address (any case and spacing is the same client): their first link
 * (`issue` 0), or the one mailed on their `issue`-th request for a new link, which ends the one before
 * (./client-access.ts, decision 085).
 */
export const clientToken = (email: string, issue = 0): string =>
  sign(issue === 0 ? `client-page\n${normalAddress(email)}` : `client-page\n${normalAddress(email)}\n${issue}`)

/** What purchases store to be found from the client's token, whichever link is current: their first's hash. */
export const clientKeyOf = (email: string): string => hashToken(clientToken(email))

/** The path of a client's page by a link of theirs (the current one: ./client-access.ts `clientPagePath`). */
export const clientPath = (email: string, issue = 0): string => `/client/${clientToken(email, issue)}`

/** The stored key a token stands for, or null when it cannot be one of the site's tokens. */
export const clientKeyOfToken = (token: string): string | null => (/^[\w-]{43}$/.test(token) ? hashToken(token) : null)
