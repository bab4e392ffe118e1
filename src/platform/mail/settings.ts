import type { Payload, PayloadRequest } from 'payload'

import { brandFrom, type Brand, siteUrl } from '@/domain/brand'
import { DEFAULT_SITE_SETTINGS } from '@/domain/site-defaults'

/**
 * "Name" <address> with the name as an RFC 5322 quoted string: a quote or backslash in the coach's sender
 * name is escaped and line breaks cannot reach the header (nodemailer encodes non-ASCII names when sending).
 */
export const mailbox = (name: string, address: string): string =>
  `"${name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`

/** The coach's mail texts as stored (src/features/mail-texts checks them before use). */
export type StoredMailTexts = Partial<Record<string, { subject?: string | null; body?: string | null } | null>>

export type MailSettings = { from: string; coachEmail: string; siteUrl: string; brand: Brand; texts: StoredMailTexts }

/**
 * MAIL_FROM is the site's own sender address (default: the sender name from Site settings → Brand at the
 * coach's address from Site settings); COACH_EMAIL is where messages are reported (default: the Site
 * settings e-mail). The brand and the coach's mail texts come along, read with the same `req`.
 */
export async function mailSettings(payload: Payload, req?: Partial<PayloadRequest>): Promise<MailSettings> {
  // Inside a transaction pass its `req`: a read on another connection could wait for a pool slot that the
  // waiting transactions hold.
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req }).catch(() => null)
  const coachEmail = process.env.COACH_EMAIL || settings?.email || DEFAULT_SITE_SETTINGS.email
  const texts = await payload.findGlobal({ slug: 'mail-texts', depth: 0, req, overrideAccess: true }).catch(() => null)
  const brand = brandFrom(settings?.brand)
  const from = process.env.MAIL_FROM || mailbox(brand.mailFromName, settings?.email || coachEmail)
  return {
    from,
    coachEmail,
    siteUrl: siteUrl().toString().replace(/\/$/, ''),
    brand,
    texts: (texts ?? {}) as StoredMailTexts,
  }
}
