import type { Payload, PayloadRequest } from 'payload'

import { BRAND, siteUrl } from '@/domain/brand'
import { DEFAULT_SITE_SETTINGS } from '@/domain/site-defaults'

export type MailSettings = { from: string; coachEmail: string; siteUrl: string }

/**
 * MAIL_FROM is the site's own sender address (default: the site name at the coach's address from Site
 * settings); COACH_EMAIL is where messages are reported (default: the Site settings e-mail).
 */
export async function mailSettings(payload: Payload, req?: Partial<PayloadRequest>): Promise<MailSettings> {
  // Inside a transaction pass its `req`: a read on another connection could wait for a pool slot that the
  // waiting transactions hold.
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req }).catch(() => null)
  const coachEmail = process.env.COACH_EMAIL || settings?.email || DEFAULT_SITE_SETTINGS.email
  const from = process.env.MAIL_FROM || `"${BRAND.siteName}" <${settings?.email || coachEmail}>`
  return { from, coachEmail, siteUrl: siteUrl().toString().replace(/\/$/, '') }
}
