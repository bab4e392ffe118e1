import { BRAND } from '@/domain/brand'
import { CONTACT_REPLY_TIME } from '@/domain/business'
import { INQUIRY_TYPES, type ContactInput } from '@/domain/forms'
import type { MailSettings } from './settings'
import type { OutgoingMail } from './transport'

const inquiryLabel = (value: string) => INQUIRY_TYPES.find((t) => t.value === value)?.label ?? value

/** To the coach: the whole message, with Reply-To set to the sender so answering is one click. */
export function contactNotification(msg: ContactInput, receivedAt: Date, s: MailSettings): OutgoingMail {
  return {
    from: s.from,
    to: s.coachEmail,
    replyTo: msg.email,
    subject: `New message from ${msg.name} (${inquiryLabel(msg.inquiryType)})`,
    text: [
      `Name: ${msg.name}`,
      `E-mail: ${msg.email}`,
      `Inquiry: ${inquiryLabel(msg.inquiryType)}`,
      `Received: ${receivedAt.toUTCString()}`,
      '',
      msg.message,
      '',
      '--',
      `Reply to this e-mail to answer ${msg.name} directly.`,
      `All messages: ${s.siteUrl}/admin/collections/contact-messages`,
    ].join('\n'),
  }
}

/**
 * To the sender: a short receipt from the site's own address. It repeats nothing the visitor typed (not even
 * the name), so the form cannot be used to send someone else a message of the sender's choosing.
 */
export function contactConfirmation(email: string, s: MailSettings): OutgoingMail {
  return {
    from: s.from,
    to: email,
    replyTo: s.coachEmail,
    subject: `We received your message | ${BRAND.siteName}`,
    text: [
      'Hello,',
      '',
      `Thank you for getting in touch. Your message has reached ${BRAND.name}, who replies within ${CONTACT_REPLY_TIME}.`,
      '',
      'If you did not send a message, you can ignore this e-mail.',
      '',
      'Warm regards,',
      BRAND.siteName,
      s.siteUrl,
    ].join('\n'),
  }
}

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
  return {
    from: s.from,
    to: email,
    replyTo: s.coachEmail,
    subject: `Please confirm your subscription | ${BRAND.siteName}`,
    text: [
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
    ].join('\n'),
    headers: newsletterHeaders(s, unsubscribeToken),
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The admin's "Forgot password?" mail (Payload asks for HTML; the outbox adds a plain-text version). */
export function passwordResetMail(token: string, siteUrl: string): { subject: string; html: string } {
  const link = escapeHtml(`${siteUrl}/admin/reset/${encodeURIComponent(token)}`)
  return {
    subject: `Reset your password | ${BRAND.siteName}`,
    html: [
      '<p>Hello,</p>',
      `<p>Someone, hopefully you, asked to reset the password of your account in the admin of ${escapeHtml(BRAND.siteName)}. To choose a new password, open this link:</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      '<p>The link works for one hour. If it was not you, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  }
}
