import { createEvent } from 'ics'

import { formatCents } from '@/domain/packages'
import { CANCELLATION_NOTICE_MS } from '@/domain/workshop-seats'
import { WORKSHOP_CANCELLATION_HOURS } from '@/domain/business'
import { formatSlot } from '@/features/booking/slots'
import type { Workshop, WorkshopRegistration } from '@/payload-types'
import { fromSite } from '@/platform/mail/envelope'
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
> &
  Partial<Pick<WorkshopRegistration, 'price' | 'paidWith' | 'reference'>>

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

const cancelLine = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string) => {
  const last = new Date(new Date(w.date).getTime() - CANCELLATION_NOTICE_MS)
  return `You can cancel until ${formatSlot(last, timeZone)} (${WORKSHOP_CANCELLATION_HOURS} hours before the start): ${manageUrl(r, s)}`
}

/** A mail to the attendee from the site: their name above the lines, the coach's name below. */
const toAttendee = (
  s: MailSettings,
  r: MailRegistration,
  subject: string,
  lines: string[],
  extra?: Partial<OutgoingMail>,
): OutgoingMail => fromSite(s, r.email, subject, [`Hello ${r.name},`, '', ...lines, '', s.brand.name], extra)

/** A seat they hold, with its invite: the news, when and where, the invite, and until when they can cancel. */
const seatMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  { subject, news, invite }: { subject: string; news: string; invite: string },
): OutgoingMail =>
  toAttendee(
    s,
    r,
    subject,
    [news, '', when(w, timeZone), `Where: ${whereFor(w)}`, '', invite, cancelLine(w, r, s, timeZone)],
    { calendar: workshopInvite(w, r, s, 'REQUEST') },
  )

/** A seat taken (registered, or an offer confirmed): the details, the invite and the manage link. */
export const registeredMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  seatMail(w, r, s, timeZone, {
    subject: `You are registered: ${w.title}`,
    news: `Your seat at "${w.title}" is booked.`,
    invite: 'The calendar invite is attached.',
  })

/** On the waitlist: what happens next, and the link to leave it. */
export const waitlistedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee(s, r, `You are on the waitlist: ${w.title}`, [
    `"${w.title}" is full, so you are on its waitlist.`,
    when(w, timeZone),
    '',
    'If a seat frees up, we will e-mail you and hold it for you for a while: you take it from that mail.',
    `To leave the waitlist: ${manageUrl(r, s)}`,
  ])

/** A freed seat, held for them until `holdUntil`: they take it (and pay for it, when it has a price) from the link. */
export const offerMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  toAttendee(s, r, `A seat is free for you: ${w.title}`, [
    `A seat at "${w.title}" has become free and we are holding it for you.`,
    when(w, timeZone),
    '',
    r.price
      ? `Pay ${formatCents(r.price)} for the seat before ${formatSlot(new Date(r.holdUntil!), timeZone)}: ${manageUrl(r, s)}`
      : `Take the seat before ${formatSlot(new Date(r.holdUntil!), timeZone)}: ${manageUrl(r, s)}`,
    'After that it goes to the next person waiting.',
  ])

/**
 * A paid seat held for them after they registered (decision 070): what to pay, until when, and how: by card
 * from their page, or by bank transfer with the coach's details and the seat's reference (`bankLines`).
 */
export const seatHeldMail =
  (bankLines: string[] | null) =>
  (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
    toAttendee(s, r, `Your seat is held until you pay: ${w.title}`, [
      `We are holding a seat at "${w.title}" for you until ${formatSlot(new Date(r.holdUntil!), timeZone)}.`,
      when(w, timeZone),
      '',
      ...(bankLines
        ? [
            `To keep it, pay ${formatCents(r.price ?? 0)} by bank transfer:`,
            ...bankLines,
            '',
            'The seat is yours as soon as the payment is received; we then send you the details and a calendar invite.',
          ]
        : [`To keep it, pay ${formatCents(r.price ?? 0)} by card on your registration's page.`]),
      `Your registration: ${manageUrl(r, s)}`,
      'If the payment has not arrived by then, the seat goes to the next person waiting.',
    ])

/** The hold ran out: not taken (or not paid for) in time. */
export const lapsedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings): OutgoingMail =>
  toAttendee(s, r, `The seat we held has gone: ${w.title}`, [
    `The seat we held for you at "${w.title}" was not ${r.price ? 'paid for' : 'taken'} in time, so it has gone to the next person.`,
    `You are welcome to register again at ${s.siteUrl}/workshops.`,
  ])

/** How a paid seat given up is settled: its money back, or a credit for a later workshop. */
export type Settlement = 'refund' | 'credit'

const settledLine = (r: MailRegistration, settled: Settlement) =>
  settled === 'credit'
    ? `You have a credit of ${formatCents(r.price ?? 0)} for a later workshop: register for it with this e-mail address and the credit pays for your seat.`
    : r.paidWith === 'stripe'
      ? `Your payment of ${formatCents(r.price ?? 0)} is refunded to your card; it usually shows within 5 to 10 days.`
      : `Your payment of ${formatCents(r.price ?? 0)} will be refunded to you by bank transfer.`

/** To the coach: a paid seat refunded that the site cannot pay back itself (a bank transfer). */
export const refundDueMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings): OutgoingMail =>
  fromSite(s, s.coachEmail, `Refund due: ${r.name}, ${w.title}`, [
    `${r.name} <${r.email}> gave up their paid seat at "${w.title}" with a refund.`,
    `Please send ${formatCents(r.price ?? 0)} back by bank transfer (they paid with reference ${r.reference ?? 'none'}).`,
  ])

/** Cancelled: METHOD:CANCEL for a seat they held. */
export const cancelledMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  by: 'attendee' | 'coach' | 'workshop',
  heldSeat: boolean,
  settled?: Settlement,
): OutgoingMail =>
  toAttendee(
    s,
    r,
    `Cancelled: ${w.title}`,
    [
      by === 'attendee'
        ? `Your registration for "${w.title}" is cancelled.`
        : by === 'workshop'
          ? `${s.brand.name} has cancelled "${w.title}": it will not take place. We are sorry. Reply to this mail with any questions.`
          : `${s.brand.name} has cancelled your registration for "${w.title}". Reply to this mail with any questions.`,
      ...(settled ? ['', settledLine(r, settled)] : []),
    ],
    heldSeat ? { calendar: workshopInvite(w, r, s, 'CANCEL') } : {},
  )

/** To someone who registered again with the same address: what they have, and its link. */
export const alreadyRegisteredMail = (
  w: MailWorkshop,
  r: MailRegistration & Pick<WorkshopRegistration, 'status'>,
  s: MailSettings,
  timeZone: string,
): OutgoingMail =>
  toAttendee(s, r, `Your registration: ${w.title}`, [
    r.status === 'waitlisted'
      ? `You are already on the waitlist for "${w.title}".`
      : r.status === 'offered'
        ? `A seat at "${w.title}" is held for you.`
        : `You are already registered for "${w.title}".`,
    when(w, timeZone),
    '',
    `Your registration: ${manageUrl(r, s)}`,
  ])

/** A reminder, 24 hours or 1 hour before: when, where (the link or the address) and the manage link. */
export const reminderMail = (
  w: MailWorkshop,
  r: MailRegistration,
  s: MailSettings,
  timeZone: string,
  which: '24h' | '1h',
): OutgoingMail =>
  toAttendee(s, r, `${which === '24h' ? 'Tomorrow' : 'In one hour'}: ${w.title}`, [
    `A reminder: "${w.title}" starts ${which === '24h' ? 'in 24 hours' : 'in one hour'}.`,
    '',
    when(w, timeZone),
    `Where: ${whereFor(w)}`,
    '',
    `Your registration: ${manageUrl(r, s)}`,
  ])

/** The time or the place changed: the new details and the updated invite (same UID, higher SEQUENCE). */
export const updatedMail = (w: MailWorkshop, r: MailRegistration, s: MailSettings, timeZone: string): OutgoingMail =>
  seatMail(w, r, s, timeZone, {
    subject: `Updated: ${w.title}`,
    news: `The details of "${w.title}" have changed. Your seat is kept.`,
    invite: 'The updated calendar invite is attached.',
  })
