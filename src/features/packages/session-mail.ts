import type { Payload, PayloadRequest } from 'payload'

import type { Actor } from '@/domain/credits'
import { sessionUid } from '@/features/booking/calls'
import { callInvite } from '@/features/booking/invite'
import { inviteHow, inviteLocation, meetingOf, whereText } from '@/features/booking/meeting'
import { queueReminders, withdrawReminders } from '@/features/booking/reminders'
import { formatSlot } from '@/features/booking/slots'
import { composeMail } from '@/features/mail-texts/compose'
import type { CoachingSession } from '@/payload-types'
import { composedFromSite, fromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { clientPagePath } from './client-access'
import { clientPath } from './tokens'

/*
 * The mails of a coaching session (decision 065), to the client and to the coach, each with the calendar
 * invite: one UID for the life of the session, SEQUENCE raised with each change (METHOD:REQUEST), and
 * METHOD:CANCEL when it is cancelled, as a discovery call's. The client's link is their page, where they move
 * or cancel it.
 */

type MailSession = Pick<
  CoachingSession,
  | 'id'
  | 'createdAt'
  | 'name'
  | 'email'
  | 'packageTitle'
  | 'startsAt'
  | 'endsAt'
  | 'sequence'
  | 'meetingKind'
  | 'meetingPlace'
  | 'phone'
>

/** The outbox reference of every mail about a session. */
export const sessionReference = (s: Pick<CoachingSession, 'id'>): string => `coaching-sessions:${s.id}`

const title = (s: MailSession, settings: MailSettings) =>
  `${s.packageTitle ? `${s.packageTitle}: coaching session` : 'Coaching session'} with ${settings.brand.name}`

const names = (s: MailSession, settings: MailSettings) => ({ coach: settings.brand.name, visitor: s.name })

/** The "Where" line of a mail about the session, for the client or the coach: none when booked without one. */
const whereLines = (s: MailSession, settings: MailSettings, to: 'visitor' | 'coach') => {
  const where = whereText(meetingOf(s), to, names(s, settings))
  return where ? [`Where: ${where}`] : []
}

const invite = (s: MailSession, settings: MailSettings, method: 'REQUEST' | 'CANCEL', clientPage: string) => {
  const page = `${settings.siteUrl}${clientPage}`
  const how = inviteHow(meetingOf(s), names(s, settings))
  const location = inviteLocation(meetingOf(s))
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
        description: [`${title(s, settings)}.`, ...(how ? [how] : []), `To move or cancel it: ${page}`].join(' '),
        manageUrl: page,
        ...(location ? { location } : {}),
      },
      method,
    ),
  } as const
}

const when = (s: MailSession, zone: string) => `When: ${formatSlot(new Date(s.startsAt), zone)} (${zone})`

/**
 * The placeholders of a client's mail about their session (src/features/mail-texts/defaults.ts): the session's
 * lines (no "Where" once it is cancelled), its package and the client's page.
 */
const sessionValues = (
  s: MailSession,
  settings: MailSettings,
  zone: string,
  place: 'with-place' | 'no-place',
  clientPage: string,
) => ({
  name: s.name,
  session: [
    when(s, zone),
    ...(place === 'with-place' ? whereLines(s, settings, 'visitor') : []),
    ...(s.packageTitle ? [`Package: ${s.packageTitle}`] : []),
  ].join('\n'),
  package: s.packageTitle ?? '',
  clientLink: `${settings.siteUrl}${clientPage}`,
})

export type SessionChange = 'booked' | 'moved' | 'cancelled'

export type SessionMailOptions = {
  zone: string
  settings: MailSettings
  creditUsed?: boolean
  noticeHours: number
  /** Who made the change: the coach's own (from the admin) say so, with her line to the client. */
  by?: Actor
  line?: string
  /** The path of the client's page by their current link (./client-access.ts); their first link when not given. */
  clientPage?: string
}

/** The client's mail and the coach's about one change of a session, both with the invite. */
export function sessionMails(
  s: MailSession,
  change: SessionChange,
  { zone, settings, creditUsed = false, noticeHours, by = 'client', line, clientPage }: SessionMailOptions,
): [OutgoingMail, OutgoingMail] {
  const said = by === 'coach' ? line?.trim() : undefined
  const page = clientPage ?? clientPath(s.email)
  const calendar = invite(s, settings, change === 'cancelled' ? 'CANCEL' : 'REQUEST', page)
  const name = (
    {
      booked: 'sessionBooked',
      moved: by === 'coach' ? 'sessionMovedByCoach' : 'sessionMoved',
      cancelled: by === 'coach' ? 'sessionCancelledByCoach' : 'sessionCancelled',
    } as const
  )[change]
  const client = composedFromSite(
    settings,
    s.email,
    composeMail(settings, name, {
      ...sessionValues(s, settings, zone, change === 'cancelled' ? 'no-place' : 'with-place', page),
      noticeHours: String(noticeHours),
      credit: creditUsed
        ? `It was cancelled less than ${noticeHours} hours before it starts, so it uses its credit.`
        : 'Its credit is yours again, to book another time.',
      coachLine: said ? `${settings.brand.name} writes:\n${said}` : '',
    }),
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
      ...(change === 'cancelled' ? [] : whereLines(s, settings, 'coach')),
      ...(s.packageTitle ? [`Package: ${s.packageTitle}`] : []),
      ...(change === 'cancelled'
        ? ['', creditUsed ? 'Cancelled late: the credit is used.' : 'The credit went back.']
        : []),
      ...yours,
      '',
      `All sessions: ${SESSIONS_IN_ADMIN(settings)}`,
    ]),
    replyTo: s.email,
    calendar,
  }
  return [client, coach]
}

const SESSIONS_IN_ADMIN = (settings: MailSettings) => `${settings.siteUrl}/admin/collections/coaching-sessions`

/**
 * The reminders of a session: to the client 24 hours before (the last moment to move it or cancel it and keep
 * its credit) and 1 hour before, to the coach 1 hour before; each with how they meet and the client's page.
 */
type ReminderOptions = Pick<SessionMailOptions, 'zone' | 'settings' | 'noticeHours' | 'clientPage'>

export function sessionReminderMails(s: MailSession, { zone, settings, noticeHours, clientPage }: ReminderOptions) {
  const page = clientPage ?? clientPath(s.email)
  const toClient = (name: 'sessionReminderDayBefore' | 'sessionReminderHourBefore') =>
    composedFromSite(
      settings,
      s.email,
      composeMail(settings, name, {
        ...sessionValues(s, settings, zone, 'with-place', page),
        noticeHours: String(noticeHours),
      }),
    )
  return {
    dayBefore: [toClient('sessionReminderDayBefore')],
    hourBefore: [
      toClient('sessionReminderHourBefore'),
      {
        ...fromSite(settings, settings.coachEmail, `In one hour: coaching session with ${s.name}`, [
          when(s, zone),
          ...whereLines(s, settings, 'coach'),
          ...(s.packageTitle ? [`Package: ${s.packageTitle}`] : []),
          '',
          `All sessions: ${SESSIONS_IN_ADMIN(settings)}`,
        ]),
        replyTo: s.email,
      },
    ],
  }
}

const remindersOf = (s: MailSession, options: ReminderOptions) => ({
  reference: sessionReference(s),
  prefix: 'session',
  uid: sessionUid(s),
  sequence: s.sequence,
  startsAt: s.startsAt,
  ...sessionReminderMails(s, options),
})

/**
 * Queues both mails of a change, with the change's own request (on PostgreSQL, in its transaction), and the
 * reminders: a booking queues them, a move replaces those of the old time with the new time's, a cancellation
 * withdraws them.
 */
export async function mailSessionChange(
  payload: Payload,
  s: MailSession,
  change: SessionChange,
  given: SessionMailOptions & { now: Date },
  req: Partial<PayloadRequest>,
): Promise<void> {
  const options = { ...given, clientPage: given.clientPage ?? (await clientPagePath(payload, s.email, req)) }
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
  if (change !== 'booked') await withdrawReminders(payload, { reference, prefix: 'session' }, req)
  if (change !== 'cancelled') await queueReminders(payload, remindersOf(s, options), options.now, req)
}
