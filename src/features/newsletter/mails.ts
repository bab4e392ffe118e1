import { BRAND } from '@/domain/brand'
import { fromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'

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
  return fromSite(
    s,
    email,
    `Please confirm your subscription | ${BRAND.siteName}`,
    [
      'Hello,',
      '',
      `Someone, hopefully you, asked to receive the newsletter of ${BRAND.siteName} at this address.`,
      'To confirm, open this link and press "Confirm subscription":',
      '',
      confirm,
      '',
      'If it was not you, ignore this e-mail: without confirmation nothing will be sent.',
      '',
      `Unsubscribe: ${unsubscribeLinks(s, unsubscribeToken).page}`,
    ],
    { headers: newsletterHeaders(s, unsubscribeToken) },
  )
}
