import type { MailSettings } from './settings'
import type { OutgoingMail } from './transport'

/**
 * A mail from the site's own address to a visitor, answered to the coach: every receipt and confirmation
 * the site sends has this envelope. The text is given as lines.
 */
export const fromSite = (
  s: MailSettings,
  to: string,
  subject: string,
  lines: string[],
  extra: Partial<OutgoingMail> = {},
): OutgoingMail => ({ from: s.from, to, replyTo: s.coachEmail, subject, text: lines.join('\n'), ...extra })

/** The same envelope around a composed mail (subject and text from the coach's mail texts). */
export const composedFromSite = (
  s: MailSettings,
  to: string,
  { subject, text }: { subject: string; text: string },
  extra: Partial<OutgoingMail> = {},
): OutgoingMail => fromSite(s, to, subject, [text], extra)
