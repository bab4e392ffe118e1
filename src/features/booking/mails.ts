import { BRAND } from '@/domain/brand'
import type { DiscoveryCall } from '@/payload-types'
import { fromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { callUid, managePath } from './calls'
import { callInvite } from './invite'
import { formatSlot } from './slots'

/** A call as the mails need it: stored row plus the coach's time zone. */
export type MailCall = Pick<
  DiscoveryCall,
  'id' | 'createdAt' | 'name' | 'email' | 'note' | 'startsAt' | 'endsAt' | 'sequence' | 'visitorTimeZone'
>

const TITLE = `Discovery call with ${BRAND.name}`

/** The call's time in the visitor's zone (when known) and in the coach's: the same instant, both labelled. */
export function callTimes(call: MailCall, coachTimeZone: string): string[] {
  const start = new Date(call.startsAt)
  const visitorZone = call.visitorTimeZone && call.visitorTimeZone !== coachTimeZone ? call.visitorTimeZone : null
  return [
    ...(visitorZone ? [`When: ${formatSlot(start, visitorZone)} (${visitorZone})`] : []),
    `${visitorZone ? 'For the coach' : 'When'}: ${formatSlot(start, coachTimeZone)} (${coachTimeZone})`,
  ]
}

const invite = (call: MailCall, s: MailSettings, method: 'REQUEST' | 'CANCEL', sequence = call.sequence) =>
  ({
    method,
    content: callInvite(
      {
        uid: callUid(call),
        sequence,
        startsAt: new Date(call.startsAt),
        endsAt: new Date(call.endsAt),
        visitor: { name: call.name, email: call.email },
        coach: { name: BRAND.name, email: s.coachEmail },
        title: TITLE,
        description: `A free discovery call with ${BRAND.name}. To change or cancel: ${s.siteUrl}${managePath(call)}`,
        manageUrl: `${s.siteUrl}${managePath(call)}`,
      },
      method,
    ),
  }) as const

const manageLine = (call: MailCall, s: MailSettings) => `To reschedule or cancel: ${s.siteUrl}${managePath(call)}`

/** To the visitor when a call is booked: the time in both zones, the invite, the private manage link. */
export const bookedMail = (call: MailCall, coachTimeZone: string, s: MailSettings): OutgoingMail =>
  fromSite(
    s,
    call.email,
    `Your discovery call is booked | ${BRAND.siteName}`,
    [
      `Hello ${call.name},`,
      '',
      `Your free discovery call with ${BRAND.name} is booked.`,
      '',
      ...callTimes(call, coachTimeZone),
      '',
      'The attached invite adds it to your calendar.',
      manageLine(call, s),
      'You can reschedule or cancel until 24 hours before the call.',
      '',
      'Warm regards,',
      BRAND.siteName,
    ],
    { calendar: invite(call, s, 'REQUEST') },
  )

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
  fromSite(s, call.email, `Your discovery call | ${BRAND.siteName}`, [
    `Hello ${call.name},`,
    '',
    'Someone, hopefully you, tried to book a discovery call with this address. You already have one:',
    '',
    ...callTimes(call, coachTimeZone),
    '',
    manageLine(call, s),
    '',
    'If it was not you, you can ignore this e-mail.',
  ])

/** To both sides when the call moves: the new time and an updated invite (same UID, higher SEQUENCE). */
export const movedMails = (call: MailCall, coachTimeZone: string, s: MailSettings): OutgoingMail[] => {
  const lines = ['Your discovery call has a new time.', '', ...callTimes(call, coachTimeZone), '', manageLine(call, s)]
  const calendar = invite(call, s, 'REQUEST')
  return [
    fromSite(
      s,
      call.email,
      `Your discovery call was moved | ${BRAND.siteName}`,
      [`Hello ${call.name},`, '', ...lines],
      {
        calendar,
      },
    ),
    { ...fromSite(s, s.coachEmail, `Discovery call moved: ${call.name}`, lines), replyTo: call.email, calendar },
  ]
}

/** To both sides when the call is cancelled: METHOD:CANCEL removes it from calendars that have it. */
export const cancelledMails = (call: MailCall, coachTimeZone: string, s: MailSettings, by: 'visitor' | 'coach') => {
  const lines = [
    by === 'coach' ? `${BRAND.name} had to cancel this discovery call:` : 'This discovery call was cancelled:',
    '',
    ...callTimes(call, coachTimeZone),
    '',
    `To book another time: ${s.siteUrl}/scheduling`,
  ]
  const calendar = invite(call, s, 'CANCEL')
  return [
    fromSite(
      s,
      call.email,
      `Your discovery call was cancelled | ${BRAND.siteName}`,
      [`Hello ${call.name},`, '', ...lines],
      {
        calendar,
      },
    ),
    { ...fromSite(s, s.coachEmail, `Discovery call cancelled: ${call.name}`, lines), replyTo: call.email, calendar },
  ]
}

/** The reminders: to the visitor 24 hours before (the last moment to change it), to both 1 hour before. */
export const reminderMails = (call: MailCall, coachTimeZone: string, s: MailSettings) => ({
  dayBefore: fromSite(s, call.email, `Tomorrow: your discovery call | ${BRAND.siteName}`, [
    `Hello ${call.name},`,
    '',
    `A reminder of your free discovery call with ${BRAND.name}:`,
    '',
    ...callTimes(call, coachTimeZone),
    '',
    'Until the call is 24 hours away you can still reschedule or cancel:',
    `${s.siteUrl}${managePath(call)}`,
  ]),
  hourBefore: [
    fromSite(s, call.email, `In one hour: your discovery call | ${BRAND.siteName}`, [
      `Hello ${call.name},`,
      '',
      `Your discovery call with ${BRAND.name} starts in one hour.`,
      '',
      ...callTimes(call, coachTimeZone),
    ]),
    {
      ...fromSite(s, s.coachEmail, `In one hour: discovery call with ${call.name}`, [
        ...callTimes(call, coachTimeZone),
        '',
        call.note ? `Note: ${call.note}` : 'No note.',
      ]),
      replyTo: call.email,
    },
  ],
})
