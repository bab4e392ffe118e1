import { createEvent } from 'ics'

import { formatCents } from '@/domain/packages'
import { CANCELLATION_NOTICE_MS } from '@/domain/workshop-seats'
import { formatSlot } from '@/features/booking/slots'
import type { Workshop, WorkshopRegistration } from '@/payload-types'
import { WORKSHOP_CANCELLATION_HOURS } from '@/domain/business'
import { composeMail, type PassedMoment } from '@/features/mail-texts/compose'
import type { MailTextName } from '@/features/mail-texts/defaults'
import { composedFromSite, fromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
import { CONFIRM_HOURS } from './confirm-token'
import { registrationManagePath, registrationUid } from './manage-token'

/*
 * The mails of a registration (decision 064), each to the attendee from the site's address, answered to the
 * coach. The invite (text/calendar, made with `ics` as a discovery call's is) keeps one UID for the life of
 * the registration and a SEQUENCE raised with each one sent; METHOD:CANCEL when the seat is given up. The
 * online link is in the invite and the mail of registered people only.
 */

export type MailWorkshop = Pick<
  Workshop,
  'id' | 'title' | 'date' | 'endsAt' | 'attendance' | 'venue' | 'onlineLink' | 'description'
>
export type MailRegistration = Pick<
  WorkshopRegistration,
  'id' | 'createdAt' | 'name' | 'email' | 'sequence' | 'holdUntil'
> &
  Partial<Pick<WorkshopRegistration, 'price' | 'paidWith' | 'reference'>>

const HOUR = 60 * 60 * 1000
const TWO_HOURS = 2 * HOUR

export const workshopEnd = (w: Pick<Workshop, 'date' | 'endsAt'>): Date =>
  w.endsAt ? new Date(w.endsAt) : new Date(new Date(w.date).getTime() + TWO_HOURS)

/** Where they meet, for registered people: the venue, or the online link (the coach's words when none is set yet). */
export function whereFor(w: MailWorkshop): string {
  if (w.attendance === 'in-person') return w.venue?.trim() || 'The venue will be sent to you before the workshop.'
  return w.onlineLink || 'The online link will be sent to you before the workshop.'
}

const manageUrl = (r: MailRegistration, s: MailSettings) => `${s.siteUrl}${registrationManagePath(r)}`

export function workshopInvite(
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  method: 'REQUEST' | 'CANCEL',
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const where = whereFor(w)
  const { error, value } = createEvent({
    productId: '-//coach-site//workshops//EN',
    method,
    uid: registrationUid(r),
    sequence: r.sequence,
    start: new Date(w.date).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: workshopEnd(w).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: w.title,
    description: [w.description, `To cancel: ${manageUrl(r, s)}`].join('\n\n'),
    url: manageUrl(r, s),
    location: where,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: s.brand.name, email: s.coachEmail },
    attendees: [{ name: r.name, email: r.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  })
  if (error || !value) throw error ?? new Error('The calendar invite could not be made.')
  return { method, content: value }
}

const when = (w: Pick<Workshop, 'date'>, timeZone: string) => `When: ${formatSlot(new Date(w.date), timeZone)}`

/** How a paid seat given up is settled: its money back, or a credit for a later workshop. */
export type Settlement = 'refund' | 'credit'

const settledLine = (r: MailRegistration, settled: Settlement) =>
  settled === 'credit'
    ? `You have a credit of ${formatCents(r.price ?? 0)} for a later workshop: register for it with this e-mail address and the credit pays for your seat.`
    : r.paidWith === 'stripe'
      ? `Your payment of ${formatCents(r.price ?? 0)} is refunded to your card; it usually shows within 5 to 10 days.`
      : `Your payment of ${formatCents(r.price ?? 0)} will be refunded to you by bank transfer.`

/** The placeholders of a registration's mails (see src/features/mail-texts/defaults.ts). */
const registrationValues = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  settled?: Settlement,
) => ({
  name: r.name,
  workshop: w.title,
  workshopWhen: when(w, timeZone),
  workshopWhere: `Where: ${whereFor(w)}`,
  registrationLink: manageUrl(r, s),
  cancelUntil: formatSlot(new Date(new Date(w.date).getTime() - CANCELLATION_NOTICE_MS), timeZone),
  holdUntil: r.holdUntil ? formatSlot(new Date(r.holdUntil), timeZone) : '',
  workshopsLink: `${s.siteUrl}/workshops`,
  toTakeIt: r.price ? `Pay ${formatCents(r.price)} for the seat` : 'Take the seat',
  takenOrPaidFor: r.price ? 'paid for' : 'taken',
  settlement: settled ? settledLine(r, settled) : '',
})

type RegistrationMail = Exclude<
  Extract<MailTextName, `workshop${string}`>,
  'workshopAlready' | 'workshopSeatHeld' | 'workshopConfirm'
>

/**
 * Whether the attendee can no longer cancel at `at` (the moment the mail goes out): the line naming
 * {cancelUntil} then says so instead of a deadline in the past (decision 080). The rule is the manage page's
 * (`mayCancel`): up to the millisecond 48 hours before the start.
 */
export const cancelDeadlinePassed = (w: Pick<Workshop, 'date'>, at: Date): boolean =>
  at.getTime() > new Date(w.date).getTime() - CANCELLATION_NOTICE_MS

const NO_LONGER_CANCELLED: PassedMoment = {
  placeholder: 'cancelUntil',
  instead: (line) =>
    [
      `It is less than ${WORKSHOP_CANCELLATION_HOURS} hours to the start, so this registration can no longer be cancelled online; reply to this mail if you cannot come.`,
      ...(line.includes('{registrationLink}') ? ['Your registration: {registrationLink}'] : []),
    ].join(' '),
}

/**
 * A mail to the attendee from the site, in the coach's words from Mail texts. `at` is when it goes out: a
 * deadline it would name that is past by then is not named (`cancelDeadlinePassed`).
 */
const toAttendee = (
  name: RegistrationMail,
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  extra?: Partial<OutgoingMail>,
  settled?: Settlement,
  at?: Date,
): OutgoingMail =>
  composedFromSite(
    s,
    r.email,
    composeMail(
      s,
      name,
      registrationValues(w, r, s, timeZone, settled),
      at && cancelDeadlinePassed(w, at) ? [NO_LONGER_CANCELLED] : [],
    ),
    extra,
  )

/** A seat taken (registered, or an offer confirmed): the details, the invite and the manage link. */
export const registeredMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  at: Date,
): OutgoingMail =>
  toAttendee('workshopRegistered', w, r, s, timeZone, { calendar: workshopInvite(w, r, s, 'REQUEST') }, undefined, at)

/** On the waitlist: what happens next, and the link to leave it. */
export const waitlistedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopWaitlisted', w, r, s, timeZone)

/** A freed seat, held for them until `holdUntil`: they take it (and pay for it, when it has a price) from the link. */
export const offerMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopOffer', w, r, s, timeZone)

/**
 * A paid seat held for them after they registered (decision 070): what to pay, until when, and how: by card
 * from their page, or by bank transfer with the coach's details and the seat's reference (`bankLines`).
 */
export const seatHeldMail =
  (bankLines: string[] | null) =>
  (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail => {
    const howToPay = bankLines
      ? [
          `To keep it, pay ${formatCents(r.price ?? 0)} by bank transfer:`,
          ...bankLines,
          '',
          'The seat is yours as soon as the payment is received; we then send you the details and a calendar invite.',
        ].join('\n')
      : `To keep it, pay ${formatCents(r.price ?? 0)} by card on your registration's page.`
    return composedFromSite(
      s,
      r.email,
      composeMail(s, 'workshopSeatHeld', { ...registrationValues(w, r, s, timeZone), howToPay }),
    )
  }

/** The hold ran out: not taken (or not paid for) in time. */
export const lapsedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopOfferLapsed', w, r, s, timeZone)

/** To the coach: a paid seat refunded that the site cannot pay back itself (a bank transfer). */
export const refundDueMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings): OutgoingMail =>
  fromSite(s, s.coachEmail, `Refund due: ${r.name}, ${w.title}`, [
    `${r.name} <${r.email}> gave up their paid seat at "${w.title}" with a refund.`,
    `Please send ${formatCents(r.price ?? 0)} back by bank transfer (they paid with reference ${r.reference ?? 'none'}).`,
  ])

/** Cancelled: METHOD:CANCEL for a seat they held; a paid seat says how it is settled. */
export const cancelledMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  by: 'attendee' | 'coach' | 'workshop',
  heldSeat: boolean,
  settled?: Settlement,
): OutgoingMail =>
  toAttendee(
    by === 'attendee' ? 'workshopCancelled' : by === 'workshop' ? 'workshopCancelledWhole' : 'workshopCancelledByCoach',
    w,
    r,
    s,
    timeZone,
    heldSeat ? { calendar: workshopInvite(w, r, s, 'CANCEL') } : {},
    settled,
  )

/** To someone who registered again with the same address: what they have, and its link. */
export const alreadyRegisteredMail = (
  w: MailWorkshop,
  r: MailRegistration & Pick<WorkshopRegistration, 'status'>,
  s: MailSettings,
  timeZone: string,
): OutgoingMail => {
  const status =
    r.status === 'waitlisted'
      ? `You are already on the waitlist for "${w.title}".`
      : r.status === 'offered'
        ? `A seat at "${w.title}" is held for you.`
        : `You are already registered for "${w.title}".`
  return composedFromSite(
    s,
    r.email,
    composeMail(s, 'workshopAlready', { ...registrationValues(w, r, s, timeZone), status }),
  )
}

/** A reminder, 24 hours or 1 hour before: when, where (the link or the address) and the manage link. */
export const reminderMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  which: '24h' | '1h',
): OutgoingMail =>
  toAttendee(
    which === '24h' ? 'workshopReminderDayBefore' : 'workshopReminderHourBefore',
    w,
    r,
    s,
    timeZone,
    undefined,
    undefined,
    // It goes out 24 hours or 1 hour before the start: past the cancellation deadline whenever it is queued.
    new Date(new Date(w.date).getTime() - (which === '24h' ? 24 : 1) * HOUR),
  )

/** The time or the place changed: the new details and the updated invite (same UID, higher SEQUENCE). */
export const updatedMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  at: Date,
): OutgoingMail =>
  toAttendee('workshopUpdated', w, r, s, timeZone, { calendar: workshopInvite(w, r, s, 'REQUEST') }, undefined, at)

/**
 * To an address typed on the registration form (decision 080): the link that confirms the registration. It
 * names the workshop (the coach's words) and nothing the visitor typed, so the form cannot carry a stranger's
 * text to anyone.
 */
export function confirmationMail(
  w: Pick<Workshop, 'title' | 'date' | 'registrationClosesAt'>,
  to: string,
  link: string,
  s: MailSettings,
  timeZone: string,
  now: Date,
): OutgoingMail {
  // Registration may close before the link runs out: then the mail names the close, never a time after it.
  const closes = Math.min(new Date(w.registrationClosesAt ?? w.date).getTime(), new Date(w.date).getTime())
  const until =
    closes < now.getTime() + CONFIRM_HOURS * HOUR
      ? `before ${formatSlot(new Date(closes), timeZone)}, when registration closes,`
      : `within ${CONFIRM_HOURS} hours`
  return composedFromSite(
    s,
    to,
    composeMail(s, 'workshopConfirm', {
      workshop: w.title,
      workshopWhen: when(w, timeZone),
      link,
      confirmUntil: until,
    }),
  )
}
