import type { Payload, PayloadRequest } from 'payload'

import type { Actor } from '@/domain/credits'
import { sessionUid } from '@/features/booking/calls'
import { callInvite } from '@/features/booking/invite'
import { formatSlot } from '@/features/booking/slots'
import type { CoachingSession } from '@/payload-types'
import { fromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { clientPath } from './tokens'

/*
 * The mails of a coaching session (decision 065), to the client and to the coach, each with the calendar
 * invite: one UID for the life of the session, SEQUENCE raised with each change (METHOD:REQUEST), and
 * METHOD:CANCEL when it is cancelled, as a discovery call's. The client's link is their page, where they move
 * or cancel it.
 */

type MailSession = Pick<
  CoachingSession,
  'id' | 'createdAt' | 'name' | 'email' | 'packageTitle' | 'startsAt' | 'endsAt' | 'sequence'
>

/** The outbox reference of every mail about a session. */
export const sessionReference = (s: Pick<CoachingSession, 'id'>): string => `coaching-sessions:${s.id}`

const title = (s: MailSession, settings: MailSettings) =>
  `${s.packageTitle ? `${s.packageTitle}: coaching session` : 'Coaching session'} with ${settings.brand.name}`

const invite = (s: MailSession, settings: MailSettings, method: 'REQUEST' | 'CANCEL') => {
  const page = `${settings.siteUrl}${clientPath(s.email)}`
  return {
    method,
    content: callInvite(
      {
        uid: sessionUid(s),
        sequence: s.sequence,
        startsAt: new Date(s.startsAt),
        endsAt: new Date(s.endsAt),
        visitor: { name: s.name, email: s.email },
        coach: { name: settings.brand.name, email: settings.coachEmail },
        title: title(s, settings),
        description: `${title(s, settings)}. To move or cancel it: ${page}`,
        manageUrl: page,
      },
      method,
    ),
  } as const
}

const when = (s: MailSession, zone: string) => `When: ${formatSlot(new Date(s.startsAt), zone)} (${zone})`

export type SessionChange = 'booked' | 'moved' | 'cancelled'

export type SessionMailOptions = {
  zone: string
  settings: MailSettings
  creditUsed?: boolean
  noticeHours: number
  /** Who made the change: the coach's own (from the admin) say so, with her line to the client. */
  by?: Actor
  line?: string
}

/** The client's mail and the coach's about one change of a session, both with the invite. */
export function sessionMails(
  s: MailSession,
  change: SessionChange,
  { zone, settings, creditUsed = false, noticeHours, by = 'client', line }: SessionMailOptions,
): [OutgoingMail, OutgoingMail] {
  const said = by === 'coach' ? line?.trim() : undefined
  const page = `${settings.siteUrl}${clientPath(s.email)}`
  const calendar = invite(s, settings, change === 'cancelled' ? 'CANCEL' : 'REQUEST')
  const subject = {
    booked: 'Your coaching session is booked',
    moved: 'Your coaching session has a new time',
    cancelled: 'Your coaching session is cancelled',
  }[change]
  const first = {
    booked: 'Your coaching session is booked. The invite for your calendar is attached.',
    moved:
      by === 'coach'
        ? `${settings.brand.name} has moved your coaching session. The updated invite for your calendar is attached.`
        : 'Your coaching session has a new time. The updated invite for your calendar is attached.',
    cancelled:
      by === 'coach'
        ? `${settings.brand.name} has cancelled your coaching session.`
        : 'Your coaching session is cancelled.',
  }[change]
  const client = fromSite(
    settings,
    s.email,
    `${subject} | ${settings.brand.siteName}`,
    [
      `Hello ${s.name},`,
      '',
      first,
      '',
      when(s, zone),
      ...(s.packageTitle ? [`Package: ${s.packageTitle}`] : []),
      '',
      ...(change === 'cancelled'
        ? [
            creditUsed
              ? `It was cancelled less than ${noticeHours} hours before it starts, so it uses its credit.`
              : 'Its credit is yours again, to book another time.',
            `Your page: ${page}`,
          ]
        : [`To move or cancel it (until ${noticeHours} hours before it starts): ${page}`]),
      ...(said ? ['', `${settings.brand.name} writes:`, said] : []),
      '',
      'Warm regards,',
      settings.brand.siteName,
    ],
    { calendar },
  )
  const coachSubject = {
    booked: `New coaching session: ${s.name}, ${formatSlot(new Date(s.startsAt), zone)}`,
    moved: `Coaching session moved: ${s.name}, ${formatSlot(new Date(s.startsAt), zone)}`,
    cancelled: `Coaching session cancelled: ${s.name}`,
  }[change]
  const yours =
    by === 'coach' ? ['', 'You made this change in the admin.', ...(said ? [`You wrote to them: ${said}`] : [])] : []
  const coach: OutgoingMail = {
    ...fromSite(settings, settings.coachEmail, coachSubject, [
      `Name: ${s.name}`,
      `E-mail: ${s.email}`,
      when(s, zone),
      ...(s.packageTitle ? [`Package: ${s.packageTitle}`] : []),
      ...(change === 'cancelled'
        ? ['', creditUsed ? 'Cancelled late: the credit is used.' : 'The credit went back.']
        : []),
      ...yours,
      '',
      `All sessions: ${settings.siteUrl}/admin/collections/coaching-sessions`,
    ]),
    replyTo: s.email,
    calendar,
  }
  return [client, coach]
}

/** Queues both mails of a change, with the change's own request (on PostgreSQL, in its transaction). */
export async function mailSessionChange(
  payload: Payload,
  s: MailSession,
  change: SessionChange,
  options: SessionMailOptions & { now: Date },
  req: Partial<PayloadRequest>,
): Promise<void> {
  const [client, coach] = sessionMails(s, change, options)
  const reference = sessionReference(s)
  const key = `${sessionUid(s)}:${s.sequence}`
  await enqueueMail(
    payload,
    { kind: `session-${change}`, mail: client, now: options.now, reference, idempotencyKey: `${key}:client` },
    req,
  )
  await enqueueMail(
    payload,
    { kind: `session-${change}-coach`, mail: coach, now: options.now, reference, idempotencyKey: `${key}:coach` },
    req,
  )
}
