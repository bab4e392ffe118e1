import type { Payload, PayloadRequest, RequestContext } from 'payload'

import { addressIn } from '@/domain/people'
import type { QueuedMail } from './outbox'
import { mailSettings } from './settings'

/*
 * A site-wide ceiling on the mail anonymous visitors make the site send to addresses they type (decisions 017
 * and 080). It sits in the outbox itself (`enqueueMail`, ./outbox.ts), which every mail passes: a public form
 * post (src/platform/forms/pipeline.ts, the one path every public form takes) marks its request as a visitor's
 * (`visitorPostContext`), and every mail queued with that request to anyone but the coach counts: a message's
 * receipt, a newsletter confirmation, a booked call's confirmation and its reminders, "you already have a
 * call", a package's checkout code, a client's link, a workshop registration's confirmation link or "you are
 * already registered". No feature has to remember it; a new form's mail is counted without a line of its own.
 * (The coach's own notices, and mail to an address its owner proved by a mailed link or code, are not counted.)
 */

/** Marks a request as an anonymous visitor's form post (its mail to typed addresses is counted). */
const VISITOR_POST = 'visitorPost'

export const visitorPostContext = (): RequestContext => ({ [VISITOR_POST]: true })

/** Whether `req` is an anonymous visitor's form post. */
export const isVisitorPost = (req: Partial<PayloadRequest>): boolean => req.context?.[VISITOR_POST] === true

const HOUR = 60 * 60 * 1000
/** VISITOR_MAIL_PER_HOUR: how many such mails the whole site sends in an hour (default 100). */
export const visitorMailPerHour = (): number => {
  const n = Number(process.env.VISITOR_MAIL_PER_HOUR)
  return Number.isInteger(n) && n > 0 ? n : 100
}

/** Queues the coach's notice (the outbox's `enqueueMail`: mail to the coach is not counted). */
type Enqueue = (queued: QueuedMail) => Promise<{ id: number | string | null; queued: boolean }>

/**
 * What the outbox does with `queued`, caused through `req`: `'coach'` (not a visitor's mail to a typed address:
 * queued as usual), `'counted'` (a visitor's, under the ceiling: queued and counted) or `'held'` (a visitor's,
 * over the ceiling: not queued; the log says so and the coach gets one notice for that hour). A mail held
 * back leaves the form's answer as it is, and what was stored stays stored: nobody can use the site's forms to
 * flood other people's inboxes, however many addresses and clients they use.
 */
export async function visitorCeiling(
  payload: Payload,
  queued: QueuedMail,
  req: Partial<PayloadRequest>,
  enqueue: Enqueue,
): Promise<'coach' | 'counted' | 'held'> {
  if (!isVisitorPost(req)) return 'coach'
  const settings = await mailSettings(payload, req)
  if (addressIn(queued.mail.to) === addressIn(settings.coachEmail)) return 'coach'
  const { now } = queued
  const limit = visitorMailPerHour()
  const { totalDocs } = await payload.count({
    collection: 'mail-outbox',
    where: {
      and: [
        { visitorCaused: { equals: true } },
        { createdAt: { greater_than: new Date(now.getTime() - HOUR).toISOString() } },
      ],
    },
    overrideAccess: true,
    req,
  })
  if (totalDocs < limit) return 'counted'
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR)
  const { queued: told } = await enqueue({
    kind: 'visitor-mail-ceiling',
    now,
    idempotencyKey: `visitor-mail-ceiling:${hour.toISOString()}`,
    mail: {
      from: settings.from,
      to: settings.coachEmail,
      subject: `The site held back visitor mail | ${settings.brand.siteName}`,
      text: [
        `In the hour from ${hour.toUTCString()}, the forms of the site asked for more than ${limit} mails to visitors`,
        '(message receipts, newsletter confirmations, booked calls, codes and links, workshop registrations).',
        'Further ones are held back until the hour is over; messages, sign-ups and bookings are still stored.',
        'Many at once usually means someone is using the forms against other people.',
        '',
        `Recent messages: ${settings.siteUrl}/admin/collections/contact-messages`,
        `The limit is VISITOR_MAIL_PER_HOUR (now ${limit}).`,
      ].join('\n'),
    },
  })
  if (told) console.warn(`Visitor mail ceiling of ${limit} an hour reached; further visitor mail is held back.`)
  console.warn(`A "${queued.kind}" mail was held back by the visitor mail ceiling.`)
  return 'held'
}
