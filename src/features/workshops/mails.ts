import { createEvent } from 'ics'

import { CANCELLATION_NOTICE_MS } from '@/domain/workshop-seats'
import { formatSlot } from '@/features/booking/slots'
import type { Workshop, WorkshopRegistration } from '@/payload-types'
import { composeMail } from '@/features/mail-texts/compose'
import type { MailTextName } from '@/features/mail-texts/defaults'
import { composedFromSite } from '@/platform/mail/envelope'
import type { MailSettings } from '@/platform/mail/settings'
import type { OutgoingMail } from '@/platform/mail/transport'
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
>

const TWO_HOURS = 2 * 60 * 60 * 1000

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

const when = (w: MailWorkshop, timeZone: string) => `When: ${formatSlot(new Date(w.date), timeZone)}`

/** The placeholders of a registration's mails (see src/features/mail-texts/defaults.ts). */
const registrationValues = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string) => ({
  name: r.name,
  workshop: w.title,
  workshopWhen: when(w, timeZone),
  workshopWhere: `Where: ${whereFor(w)}`,
  registrationLink: manageUrl(r, s),
  cancelUntil: formatSlot(new Date(new Date(w.date).getTime() - CANCELLATION_NOTICE_MS), timeZone),
  holdUntil: r.holdUntil ? formatSlot(new Date(r.holdUntil), timeZone) : '',
  workshopsLink: `${s.siteUrl}/workshops`,
})

/** A mail to the attendee from the site, in the coach's words from Mail texts. */
const toAttendee = (
  name: Exclude<Extract<MailTextName, `workshop${string}`>, 'workshopAlready'>,
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  extra?: Partial<OutgoingMail>,
): OutgoingMail => composedFromSite(s, r.email, composeMail(s, name, registrationValues(w, r, s, timeZone)), extra)

/** A seat taken (registered, or an offer confirmed): the details, the invite and the manage link. */
export const registeredMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopRegistered', w, r, s, timeZone, { calendar: workshopInvite(w, r, s, 'REQUEST') })

/** On the waitlist: what happens next, and the link to leave it. */
export const waitlistedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopWaitlisted', w, r, s, timeZone)

/** A freed seat, held for them until `holdUntil`: they take it from the link. */
export const offerMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopOffer', w, r, s, timeZone)

/** The hold ran out. */
export const lapsedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopOfferLapsed', w, r, s, timeZone)

/** Cancelled: METHOD:CANCEL for a seat they held. */
export const cancelledMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  by: 'attendee' | 'coach' | 'workshop',
  heldSeat: boolean,
): OutgoingMail =>
  toAttendee(
    by === 'attendee' ? 'workshopCancelled' : by === 'workshop' ? 'workshopCancelledWhole' : 'workshopCancelledByCoach',
    w,
    r,
    s,
    timeZone,
    heldSeat ? { calendar: workshopInvite(w, r, s, 'CANCEL') } : {},
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
  toAttendee(which === '24h' ? 'workshopReminderDayBefore' : 'workshopReminderHourBefore', w, r, s, timeZone)

/** The time or the place changed: the new details and the updated invite (same UID, higher SEQUENCE). */
export const updatedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee('workshopUpdated', w, r, s, timeZone, { calendar: workshopInvite(w, r, s, 'REQUEST') })
