import type { Payload, PayloadRequest } from 'payload'

import { enqueueMail, type QueuedMail } from './outbox'
import type { MailSettings } from './settings'

/**
 * The mails any anonymous visitor can make the site send to an address they type: the message receipt, the
 * newsletter confirmation and the "you already have a call" mail. (The coach's own notifications, and the
 * mails of a booked call, which the daily cap of calls bounds, are not counted.)
 */
export const VISITOR_MAIL_KINDS = [
  'contact-confirmation',
  'newsletter-confirmation',
  'call-existing',
  // A package's checkout code (src/features/packages/checkout.ts).
  'checkout-code',
  // A client's "Mail me my link" (src/features/packages/client-link.ts).
  'client-link',
] as const
type VisitorMailKind = (typeof VISITOR_MAIL_KINDS)[number]

const HOUR = 60 * 60 * 1000
/** VISITOR_MAIL_PER_HOUR: how many such mails the whole site sends in an hour (default 100). */
export const visitorMailPerHour = (): number => {
  const n = Number(process.env.VISITOR_MAIL_PER_HOUR)
  return Number.isInteger(n) && n > 0 ? n : 100
}

/**
 * Queues a mail a visitor caused, unless the site has sent its hourly ceiling of them: then the mail is held
 * back (the form's answer does not change, and what was stored stays stored), the log says so, and the
 * coach gets one notice for that hour. So nobody can use the site's forms to flood other people's inboxes,
 * however many addresses and clients they use. Returns whether the mail was queued.
 */
export async function enqueueVisitorMail(
  payload: Payload,
  queued: QueuedMail & { kind: VisitorMailKind },
  settings: MailSettings,
  req: Partial<PayloadRequest>,
): Promise<boolean> {
  const { now } = queued
  const limit = visitorMailPerHour()
  const { totalDocs } = await payload.count({
    collection: 'mail-outbox',
    where: {
      and: [
        { kind: { in: [...VISITOR_MAIL_KINDS] } },
        { createdAt: { greater_than: new Date(now.getTime() - HOUR).toISOString() } },
      ],
    },
    overrideAccess: true,
    req,
  })
  if (totalDocs < limit) {
    await enqueueMail(payload, queued, req)
    return true
  }
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR)
  const { queued: told } = await enqueueMail(
    payload,
    {
      kind: 'visitor-mail-ceiling',
      now,
      idempotencyKey: `visitor-mail-ceiling:${hour.toISOString()}`,
      mail: {
        from: settings.from,
        to: settings.coachEmail,
        subject: `The site held back visitor mail | ${settings.brand.siteName}`,
        text: [
          `In the hour from ${hour.toUTCString()}, the forms of the site asked for more than ${limit} mails to visitors`,
          '(message receipts, newsletter confirmations, "you already have a call").',
          'Further ones are held back until the hour is over; messages, sign-ups and bookings are still stored.',
          'Many at once usually means someone is using the forms against other people.',
          '',
          `Recent messages: ${settings.siteUrl}/admin/collections/contact-messages`,
          `The limit is VISITOR_MAIL_PER_HOUR (now ${limit}).`,
        ].join('\n'),
      },
    },
    req,
  )
  if (told) console.warn(`Visitor mail ceiling of ${limit} an hour reached; further visitor mail is held back.`)
  return false
}
