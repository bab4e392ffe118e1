import { composeMail } from '@/features/mail-texts/compose'
import { composedFromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import type { ContactInput } from './rules'
import { INQUIRY_TYPES } from './texts'

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
export const contactConfirmation = (email: string, replyTime: string, s: MailSettings): OutgoingMail =>
  composedFromSite(s, email, composeMail(s, 'contactReceipt', { replyTime }))
