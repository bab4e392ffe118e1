import { createHash, createHmac, randomBytes } from 'node:crypto'

/** A random token for a link in an e-mail, and the hash that is stored instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url')
  return { token, hash: hashToken(token) }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** A keyed one-way hash of a client address or e-mail: enough to count and spot abuse, never reversible. */
export const keyedHash = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value.trim().toLowerCase()).digest('hex')

/**
 * The unsubscribe token of one address, derived with a keyed hash instead of drawn at random: every mail
 * ever sent to the address carries the same token, so no later mail breaks an earlier mail's link. Only its
 * hash is stored (to find the subscriber); changing PAYLOAD_SECRET changes every token.
 */
export const unsubscribeToken = (secret: string, email: string): string =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe\n${email.trim().toLowerCase()}`).digest('base64url')
