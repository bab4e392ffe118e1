import { createHmac, timingSafeEqual } from 'node:crypto'

import { payloadSecret } from '@/platform/secret'

/*
 * The Message-ID of a newsletter mail is what a bounce or a complaint points back to (./bounces.ts): it names
 * the issue and the delivery row, signed with a key from the site's secret, so that nobody can write a report
 * about a mail they did not receive. `<newsletter-<issue>-<delivery>-<signature>@<host>>`: the signature is a
 * keyed hash (HMAC-SHA256, 192 bits kept) of the two numbers; a report naming an id the site did not sign is
 * ignored. Changing the secret makes reports about mails sent before the change unreadable (they are ignored).
 */

const SIGNATURE_LENGTH = 32

const signature = (issue: number | string, delivery: number | string): string =>
  createHmac('sha256', payloadSecret())
    .update(`newsletter message-id ${issue} ${delivery}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH)

/** The Message-ID of the issue's mail to the reader of that delivery row. */
export const newsletterMessageId = (issue: number | string, delivery: number | string, host: string): string =>
  `<newsletter-${issue}-${delivery}-${signature(issue, delivery)}@${host}>`

const SHAPE = new RegExp(`^<newsletter-(\\d{1,12})-(\\d{1,12})-([\\w-]{${SIGNATURE_LENGTH}})@[^<>\\s]+>$`)

/** The issue and delivery a Message-ID the site signed names; null for any other (unsigned, forged, not ours). */
export function deliveryOfMessageId(messageId: string | undefined): { issue: number; delivery: number } | null {
  const match = SHAPE.exec(messageId ?? '')
  if (!match) return null
  const [issue, delivery, given] = [match[1]!, match[2]!, Buffer.from(match[3]!)]
  const expected = Buffer.from(signature(issue, delivery))
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { issue: Number(issue), delivery: Number(delivery) }
}
