import { composeMail } from '@/features/mail-texts/compose'
import type { DiscoveryCall } from '@/payload-types'
import { composedFromSite, fromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { callUid, managePath } from './calls'
import { callInvite } from './invite'
import { inviteHow, inviteLocation, meetingOf, whereText } from './meeting'
import { formatSlot } from './slots'

/** A call as the mails need it: stored row plus the coach's time zone. */
export type MailCall = Pick<
  DiscoveryCall,
  | 'id'
  | 'createdAt'
  | 'name'
  | 'email'
  | 'note'
  | 'startsAt'
  | 'endsAt'
  | 'sequence'
  | 'visitorTimeZone'
  | 'meetingKind'
  | 'meetingPlace'
  | 'phone'
>

/** The call's time in the visitor's zone (when known) and in the coach's: the same instant, both labelled. */
export function callTimes(call: MailCall, coachTimeZone: string): string[] {
  const start = new Date(call.startsAt)
  const visitorZone = call.visitorTimeZone && call.visitorTimeZone !== coachTimeZone ? call.visitorTimeZone : null
  return [
    ...(visitorZone ? [`When: ${formatSlot(start, visitorZone)} (${visitorZone})`] : []),
    `${visitorZone ? 'For the coach' : 'When'}: ${formatSlot(start, coachTimeZone)} (${coachTimeZone})`,
  ]
}

/** The "Where" line of a mail about the call, for the visitor or the coach: none when it was booked without one. */
export function whereLines(call: MailCall, s: MailSettings, to: 'visitor' | 'coach'): string[] {
  const where = whereText(meetingOf(call), to, { coach: s.brand.name, visitor: call.name })
  return where ? [`Where: ${where}`] : []
}

const invite = (call: MailCall, s: MailSettings, method: 'REQUEST' | 'CANCEL', sequence = call.sequence) => {
  const meeting = meetingOf(call)
  const how = inviteHow(meeting, { coach: s.brand.name, visitor: call.name })
  const location = inviteLocation(meeting)
  return {
    method,
    content: callInvite(
      {
        uid: callUid(call),
        sequence,
        startsAt: new Date(call.startsAt),
        endsAt: new Date(call.endsAt),
        visitor: { name: call.name, email: call.email },
        coach: { name: s.brand.name, email: s.coachEmail },
        title: `Discovery call with ${s.brand.name}`,
        description: [
          `A free discovery call with ${s.brand.name}.`,
          ...(how ? [how] : []),
          `To change or cancel: ${s.siteUrl}${managePath(call)}`,
        ].join(' '),
        manageUrl: `${s.siteUrl}${managePath(call)}`,
        ...(location ? { location } : {}),
      },
      method,
    ),
  } as const
}

const manageLine = (call: MailCall, s: MailSettings) => `To reschedule or cancel: ${s.siteUrl}${managePath(call)}`

/** The placeholders of the visitor's mails about a call (see src/features/mail-texts/defaults.ts). */
const callValues = (call: MailCall, coachTimeZone: string, s: MailSettings) => ({
  name: call.name,
  // The time and, when the call was booked with one, where they meet: so the coach's own texts carry it too.
  time: [...callTimes(call, coachTimeZone), ...whereLines(call, s, 'visitor')].join('\n'),
  manageLink: `${s.siteUrl}${managePath(call)}`,
  bookingLink: `${s.siteUrl}/scheduling`,
})

/** To the visitor when a call is booked: the time in both zones, the invite, the private manage link. */
export const bookedMail = (call: MailCall, coachTimeZone: string, s: MailSettings): OutgoingMail =>
  composedFromSite(s, call.email, composeMail(s, 'callBooked', callValues(call, coachTimeZone, s)), {
    calendar: invite(call, s, 'REQUEST'),
  })

/** To the coach: who booked, when, their note; with the invite for the coach's own calendar. */
export const bookedNotification = (call: MailCall, coachTimeZone: string, s: MailSettings): OutgoingMail => ({
  ...fromSite(
    s,
    s.coachEmail,
    `New discovery call: ${call.name}, ${formatSlot(new Date(call.startsAt), coachTimeZone)}`,
    [
      `Name: ${call.name}`,
      `E-mail: ${call.email}`,
      ...callTimes(call, coachTimeZone),
      ...whereLines(call, s, 'coach'),
      '',
      call.note ? `Note: ${call.note}` : 'No note.',
      '',
      `All calls: ${s.siteUrl}/admin/collections/discovery-calls`,
    ],
  ),
  replyTo: call.email,
  calendar: invite(call, s, 'REQUEST'),
})

/** To a visitor who tried to book a second call: the one they have, and its manage link. */
export const existingCallMail = (call: MailCall, coachTimeZone: string, s: MailSettings): OutgoingMail =>
  composedFromSite(s, call.email, composeMail(s, 'callAlreadyBooked', callValues(call, coachTimeZone, s)))

/**
 * The coach's own line to the visitor, when they wrote one (moving the call, or asking them to pick a new
 * time in the admin): a last paragraph of the visitor's mail, under the coach's name.
 */
const withCoachLine = (mail: { subject: string; text: string }, s: MailSettings, line?: string | null) => {
  const said = line?.trim()
  return said ? { ...mail, text: `${mail.text}\n\n${s.brand.name} writes:\n${said}` } : mail
}

/**
 * To both sides when the call moves: the new time and an updated invite (same UID, higher SEQUENCE); with the
 * line the coach wrote to the visitor when they moved it in the admin.
 */
export const movedMails = (
  call: MailCall,
  coachTimeZone: string,
  s: MailSettings,
  coachLine?: string | null,
): OutgoingMail[] => {
  const lines = [
    'Your discovery call has a new time.',
    '',
    ...callTimes(call, coachTimeZone),
    ...whereLines(call, s, 'coach'),
    ...(coachLine?.trim() ? ['', `You wrote to them: ${coachLine.trim()}`] : []),
    '',
    manageLine(call, s),
  ]
  const calendar = invite(call, s, 'REQUEST')
  const visitorMail = withCoachLine(composeMail(s, 'callMoved', callValues(call, coachTimeZone, s)), s, coachLine)
  return [
    composedFromSite(s, call.email, visitorMail, { calendar }),
    { ...fromSite(s, s.coachEmail, `Discovery call moved: ${call.name}`, lines), replyTo: call.email, calendar },
  ]
}

/** To both sides when the call is cancelled: METHOD:CANCEL removes it from calendars that have it. */
export const cancelledMails = (call: MailCall, coachTimeZone: string, s: MailSettings, by: 'visitor' | 'coach') => {
  const lines = [
    by === 'coach' ? 'You cancelled this discovery call:' : 'This discovery call was cancelled:',
    '',
    ...callTimes(call, coachTimeZone),
    '',
    `To book another time: ${s.siteUrl}/scheduling`,
  ]
  const calendar = invite(call, s, 'CANCEL')
  return [
    composedFromSite(
      s,
      call.email,
      composeMail(s, by === 'coach' ? 'callCancelledByCoach' : 'callCancelled', callValues(call, coachTimeZone, s)),
      { calendar },
    ),
    { ...fromSite(s, s.coachEmail, `Discovery call cancelled: ${call.name}`, lines), replyTo: call.email, calendar },
  ]
}

/** The reminders: to the visitor 24 hours before (the last moment to change it), to both 1 hour before. */
export const reminderMails = (call: MailCall, coachTimeZone: string, s: MailSettings) => ({
  dayBefore: composedFromSite(s, call.email, composeMail(s, 'reminderDayBefore', callValues(call, coachTimeZone, s))),
  hourBefore: [
    composedFromSite(s, call.email, composeMail(s, 'reminderHourBefore', callValues(call, coachTimeZone, s))),
    {
      ...fromSite(s, s.coachEmail, `In one hour: discovery call with ${call.name}`, [
        ...callTimes(call, coachTimeZone),
        ...whereLines(call, s, 'coach'),
        '',
        call.note ? `Note: ${call.note}` : 'No note.',
      ]),
      replyTo: call.email,
    },
  ],
})

/**
 * To the visitor when the coach asks them to pick a new time (the call's screen in the admin): the call as it
 * stands and its private manage link, where they pick one of the open times (or cancel). The call keeps its
 * time until they do. Not one of the Mail texts (decision 051).
 */
export const pickNewTimeMail = (
  call: MailCall,
  coachTimeZone: string,
  s: MailSettings,
  coachLine?: string | null,
): OutgoingMail => {
  const said = coachLine?.trim()
  return fromSite(s, call.email, `Please pick a new time for your discovery call | ${s.brand.siteName}`, [
    `Hello ${call.name},`,
    '',
    `${s.brand.name} asks you to pick a new time for your discovery call. It is booked for now:`,
    '',
    ...callTimes(call, coachTimeZone),
    ...whereLines(call, s, 'visitor'),
    '',
    `Pick a new time here: ${s.siteUrl}${managePath(call)}`,
    'Until you do, the call keeps this time. The same page lets you cancel it.',
    ...(said ? ['', `${s.brand.name} writes:`, said] : []),
    '',
    'Warm regards,',
    s.brand.siteName,
  ])
}
