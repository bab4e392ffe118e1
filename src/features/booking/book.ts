import type { Payload } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import type { FormClient } from '@/platform/forms/client'
import { FormInvalid, FormRefusal, runForm, type FormDefinition } from '@/platform/forms/pipeline'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { inTransaction } from '@/platform/transaction'
import { mailBooked, mailCancelled, mailMoved } from './call-mail'
import {
  callReference,
  callSpan,
  databaseRefusal,
  liveCalls,
  liveSessions,
  readAvailability,
  readBookingRules,
  SITE_WRITE,
} from './calls'
import { existingCallMail } from './mails'
import { meetingSentence, phoneProblem, tidyPhone } from './meeting'
import {
  BOOKED,
  BOOKING_FIELDS,
  bookingSchema,
  visitorMayChange,
  SLOT_GONE,
  SLOT_TAKEN,
  type BookingField,
} from './rules'
import { isOpenSlot, type Availability, type Interval } from './slots'
import { BOOKING_INVALID } from './texts'

const DAY = 24 * 60 * 60 * 1000

/**
 * Why a time is not open: another call or a coaching session took it (or filled its day), or it is gone for
 * another reason (`busy`: the calendar's busy times only).
 */
const refusedTime = (a: Availability, busy: Interval[], now: Date, slot: Date) =>
  isOpenSlot(a, busy, [], now, slot) ? SLOT_TAKEN : SLOT_GONE

/**
 * The booking form of /scheduling. The chosen time is checked again against the rules as they are now;
 * the database refuses it if another booking took it a moment ago (the loser hears so, with fresh times).
 * One upcoming call per e-mail address: a second attempt mails that address the call it has instead, and
 * its answer is the same as a booking's (status, words, page), so nobody learns from the form whether
 * someone else's address has a call; only the owner of the address learns it, from the mail.
 */
export const bookingForm: FormDefinition<typeof bookingSchema, BookingField> = {
  name: 'booking',
  schema: bookingSchema,
  fields: BOOKING_FIELDS,
  answers: { ok: BOOKED, invalid: BOOKING_INVALID },
  accept: async (payload, input, { req, now }) => {
    const email = input.email.toLowerCase()
    const { availability: a, busy, meeting } = await readBookingRules(payload, req)
    const settings = await mailSettings(payload, req)
    // When the coach calls, the number is a field like the others: checked first, for every address.
    let phone: string | null = null
    if (meeting.kind === 'phone') {
      const problem = phoneProblem(input.phone)
      if (problem) throw new FormInvalid<BookingField>({ phone: problem })
      phone = tidyPhone(input.phone!)
    }
    // The answer says how the two will talk: the coach's current setting, the same words for every address.
    const sentence = meetingSentence(meeting.kind, meeting.place, settings.brand.name)
    const answer = sentence ? { answer: `${BOOKED} ${sentence}` } : undefined
    // The time first, for every address: a time that is not open is refused alike whether the address has a
    // call or not (checked after the address, it would be "booked" for one and refused for the other).
    const calls = await liveCalls(payload, new Date(now.getTime() - DAY), req)
    // Coaching sessions hold the coach's time as a busy time does; a time one took is "taken" all the same.
    const blocked = [...busy, ...(await liveSessions(payload, new Date(now.getTime() - DAY), req))]
    if (!isOpenSlot(a, blocked, calls, now, input.slot)) throw new FormRefusal(refusedTime(a, busy, now, input.slot))
    const upcoming = await payload.find({
      collection: 'discovery-calls',
      where: {
        and: [
          { email: { equals: email } },
          { status: { equals: 'booked' } },
          { startsAt: { greater_than: now.toISOString() } },
        ],
      },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    if (upcoming.docs[0]) {
      // Not booked, but answered as a booking is, after queueing a mail as a booking does.
      const mail = existingCallMail(upcoming.docs[0], a.timeZone, settings)
      const reference = callReference(upcoming.docs[0])
      await enqueueMail(payload, { kind: 'call-existing', mail, now, reference }, req)
      return answer
    }

    let call: DiscoveryCall
    try {
      call = await payload.create({
        collection: 'discovery-calls',
        data: {
          name: input.name,
          email,
          note: input.note || null,
          ...callSpan(input.slot, a.callMinutes, a.bufferMinutes),
          startsAt_tz: a.timeZone,
          status: 'booked',
          visitorTimeZone: input.timeZone ?? null,
          // What this call was promised: a later change of Where we meet leaves it as it is.
          meetingKind: meeting.kind,
          meetingPlace: meeting.place,
          phone,
          sequence: 0,
          // The booking's own clock: the database's one-upcoming-call rule counts the calls still ahead of it.
          createdAt: now.toISOString(),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
    } catch (error) {
      const refusal = databaseRefusal(error)
      if (refusal === 'overlap') throw new FormRefusal(SLOT_TAKEN)
      // Only a simultaneous booking with the same address gets here (the check above saw no call yet): the
      // same answer as a booking, and that booking's own confirmation carries the details and the link.
      if (refusal === 'one-upcoming') return answer
      throw error
    }
    await mailBooked(call, { payload, coachTimeZone: a.timeZone, settings, now, req })
    return answer
  },
}

export const bookCall = (payload: Payload, raw: Record<string, unknown>, client: FormClient, now?: Date) =>
  runForm(payload, bookingForm, raw, client, now)

/**
 * A booking's answer (on the page and over HTTP) goes out no sooner than this after the post arrived, whether
 * the call was stored or the address already had one: storing a call with its mails and reminders takes
 * longer than queueing the one mail (medians 280 ms against 105 ms on SQLite, 276 against 159 on PostgreSQL,
 * on a busy two-core machine), and the time would tell what the words no longer do. Only on the booking's
 * answer: a refused time or a field to correct says nothing about the address.
 */
export const BOOKED_ANSWER_FLOOR_MS = 1000

/** Waits until BOOKED_ANSWER_FLOOR_MS have passed since `started` (a `performance.now()` reading). */
export async function bookedAnswerFloor(started: number): Promise<void> {
  const left = BOOKED_ANSWER_FLOOR_MS - (performance.now() - started)
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}

export { visitorMayChange }

export type ChangeOutcome = 'done' | 'too-late' | 'not-booked' | 'slot-gone' | 'slot-taken'

/** Cancels a call: both sides are mailed a cancellation (METHOD:CANCEL) and its reminders are withdrawn. */
export async function cancelCall(
  payload: Payload,
  call: DiscoveryCall,
  by: 'visitor' | 'coach',
  now = new Date(),
): Promise<ChangeOutcome> {
  if (call.status !== 'booked') return 'not-booked'
  if (by === 'visitor' && !visitorMayChange(call, now)) return 'too-late'
  const [a, settings] = [await readAvailability(payload), await mailSettings(payload)]
  return inTransaction(payload, async (req) => {
    req.context[SITE_WRITE] = true
    const cancelled = await payload.update({
      collection: 'discovery-calls',
      id: call.id,
      data: { status: 'cancelled', cancelledAt: now.toISOString(), cancelledBy: by, sequence: call.sequence + 1 },
      depth: 0,
      overrideAccess: true,
      req,
    })
    await mailCancelled(cancelled, by, { payload, coachTimeZone: a.timeZone, settings, now, req })
    return 'done' as const
  })
}

/** Moves a call to another open time: both sides get the updated invite; the reminders follow the new time. */
export async function rescheduleCall(
  payload: Payload,
  call: DiscoveryCall,
  newStart: Date,
  now = new Date(),
): Promise<ChangeOutcome> {
  if (call.status !== 'booked') return 'not-booked'
  if (!visitorMayChange(call, now)) return 'too-late'
  const { availability: a, busy } = await readBookingRules(payload)
  const settings = await mailSettings(payload)
  const others = (await liveCalls(payload, new Date(now.getTime() - DAY))).filter((c) => c.id !== call.id)
  const blocked = [...busy, ...(await liveSessions(payload, new Date(now.getTime() - DAY)))]
  if (!isOpenSlot(a, blocked, others, now, newStart))
    return refusedTime(a, busy, now, newStart) === SLOT_TAKEN ? 'slot-taken' : 'slot-gone'
  try {
    return await inTransaction(payload, async (req) => {
      req.context[SITE_WRITE] = true
      const moved = await payload.update({
        collection: 'discovery-calls',
        id: call.id,
        data: { ...callSpan(newStart, a.callMinutes, a.bufferMinutes), sequence: call.sequence + 1 },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await mailMoved(moved, { payload, coachTimeZone: a.timeZone, settings, now, req })
      return 'done' as const
    })
  } catch (error) {
    if (databaseRefusal(error) === 'overlap') return 'slot-taken'
    throw error
  }
}
