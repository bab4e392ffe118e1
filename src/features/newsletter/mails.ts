import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { composeMail } from '@/features/mail-texts/compose'
import { composedFromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'

/** What the issue's mail is made of: the coach's words, and the site's name and address around them. */
export const issueContent = (
  issue: { subject: string; preheader?: string | null; body: unknown },
  s: MailSettings,
) => ({
  subject: issue.subject,
  preheader: issue.preheader,
  body: issue.body as SerializedEditorState,
  siteName: s.brand.siteName,
  siteUrl: s.siteUrl,
})

export const unsubscribeLinks = (s: MailSettings, token: string) => ({
  page: `${s.siteUrl}/newsletter/unsubscribe/${encodeURIComponent(token)}`,
  oneClick: `${s.siteUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
})

/** Headers every newsletter mail carries (RFC 2369 and RFC 8058 one-click unsubscribe). */
export const newsletterHeaders = (s: MailSettings, token: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeLinks(s, token).oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

/** Double opt-in: the link opens a page whose button confirms (link scanners never press buttons). */
export function subscribeConfirmation(
  email: string,
  confirmToken: string,
  unsubscribeToken: string,
  s: MailSettings,
): OutgoingMail {
  const confirm = `${s.siteUrl}/newsletter/confirm/${encodeURIComponent(confirmToken)}`
  const { subject, text } = composeMail(s, 'newsletterConfirmation', { link: confirm })
  // The unsubscribe line is not the coach's to remove: every newsletter mail ends with it.
  const withUnsubscribe = `${text}\n\nUnsubscribe: ${unsubscribeLinks(s, unsubscribeToken).page}`
  return composedFromSite(
    s,
    email,
    { subject, text: withUnsubscribe },
    { headers: newsletterHeaders(s, unsubscribeToken) },
  )
}
