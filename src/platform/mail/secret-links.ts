import { seal, unseal } from '@/platform/secret'

import type { MailAttachment, OutgoingMail } from './transport'

/** What a reader of the outbox sees in place of a link's token, while the mail waits and after it is sent. */
export const LINK_HIDDEN = '[link hidden]'

/**
 * Every link the site mails that acts for whoever holds it, as the part that stays readable (before the
 * token) and the token. A new kind of such link belongs here, or the outbox keeps it readable.
 */
export const SECRET_LINKS = [
  // Payload's "Forgot password?" (src/features/accounts/password-reset-mail.ts): hex, one hour.
  { name: 'password reset', pattern: /(\/admin\/reset\/)[\w%-]+/g },
  // src/features/newsletter/mails.ts: the confirmation page, the unsubscribe page and the one-click address
  // of the List-Unsubscribe header (base64url, sent through encodeURIComponent).
  { name: 'newsletter confirm', pattern: /(\/newsletter\/confirm\/)[\w%-]+/g },
  { name: 'newsletter unsubscribe', pattern: /(\/newsletter\/unsubscribe\/)[\w%-]+/g },
  {
    name: 'one-click unsubscribe',
    pattern: /(\/api\/newsletter\/unsubscribe\?(?:[^\s"'<>#]*&(?:amp;)?)?token=)[\w%-]+/g,
  },
  // A discovery call's manage link (src/features/booking/manage-token.ts: `<id>-<created ms>.<signature>`),
  // in the mails' text and in the invite's URL and DESCRIPTION.
  { name: 'discovery call manage', pattern: /(\/scheduling\/manage\/)\d{1,12}-\d{1,15}\.[\w-]{43}/g },
  // A workshop registration's manage link (src/features/workshops/manage-token.ts), the same shape.
  { name: 'workshop registration manage', pattern: /(\/workshops\/manage\/)\d{1,12}-\d{1,15}\.[\w-]{43}/g },
  // A workshop registration's confirmation link (src/features/workshops/confirm-token.ts: base64url, a dot, a
  // signature).
  { name: 'workshop registration confirm', pattern: /(\/workshops\/confirm\/)[\w-]+\.[\w-]{43}/g },
  // A client's page (src/features/packages/tokens.ts: a keyed hash, base64url).
  { name: 'client page', pattern: /(\/client\/)[\w-]{43}/g },
] as const

/** The text with every secret link's token replaced by LINK_HIDDEN. */
export const hideLinks = (text: string): string =>
  SECRET_LINKS.reduce((t, { pattern }) => t.replace(pattern, `$1${LINK_HIDDEN}`), text)

/**
 * iCalendar text folds lines longer than 75 octets (RFC 5545 3.1), which can split a link anywhere. The
 * links are looked for in the unfolded text, which is folded again only when something was hidden.
 */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '')
function fold(ics: string): string {
  return ics
    .split('\r\n')
    .map((line) => {
      const parts: string[] = []
      let part = ''
      for (const char of line) {
        // 75 octets a line, the continuation's leading space included.
        if (Buffer.byteLength(part + char) > (parts.length ? 74 : 75)) {
          parts.push(part)
          part = ''
        }
        part += char
      }
      return [...parts, part].join('\r\n ')
    })
    .join('\r\n')
}
export function hideLinksInCalendar(ics: string): string {
  const hidden = hideLinks(unfold(ics))
  return hidden === unfold(ics) ? ics : fold(hidden.replace(/\r?\n/g, '\r\n'))
}

const isCalendar = (a: MailAttachment) => /calendar/i.test(a.contentType) || /\.ics$/i.test(a.filename)

/** The parts of a mail that can hold a link, each as the outbox may show it. */
export type MailContent = Pick<OutgoingMail, 'text' | 'html' | 'headers' | 'attachments' | 'calendar'>

export function contentWithoutLinks(mail: MailContent): MailContent {
  return {
    text: hideLinks(mail.text),
    html: mail.html == null ? mail.html : hideLinks(mail.html),
    headers:
      mail.headers &&
      Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, typeof v === 'string' ? hideLinks(v) : v])),
    attachments:
      mail.attachments &&
      mail.attachments.map((a) => ({
        ...a,
        content: isCalendar(a) ? hideLinksInCalendar(a.content) : hideLinks(a.content),
      })),
    calendar: mail.calendar && { ...mail.calendar, content: hideLinksInCalendar(mail.calendar.content) },
  }
}

const PURPOSE = 'mail-outbox live links'

/**
 * A mail as the outbox stores it: `readable` has every secret link hidden; `sealed` holds the parts that
 * had one, as they were, sealed with a key from PAYLOAD_SECRET (src/platform/secret.ts), or null when the
 * mail has no secret link.
 */
export function sealLinks(mail: MailContent): { readable: MailContent; sealed: string | null } {
  const readable = contentWithoutLinks(mail)
  const changed = (Object.keys(readable) as (keyof MailContent)[]).filter(
    (key) => JSON.stringify(readable[key]) !== JSON.stringify(mail[key]),
  )
  if (changed.length === 0) return { readable, sealed: null }
  return { readable, sealed: seal(JSON.stringify(Object.fromEntries(changed.map((k) => [k, mail[k]]))), PURPOSE) }
}

/**
 * The parts `sealLinks` sealed, to lay over the readable ones at the moment of sending; null when they
 * cannot be opened (PAYLOAD_SECRET changed since the mail was queued).
 */
export function unsealLinks(sealed: string): Partial<MailContent> | null {
  const opened = unseal(sealed, PURPOSE)
  return opened === null ? null : (JSON.parse(opened) as Partial<MailContent>)
}
