import type { Payload, PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import type { FormClient } from '@/platform/forms/client'
import { FormRefusal, runForm, type FormDefinition } from '@/platform/forms/pipeline'
import { cancelQueuedMail, enqueueMail } from '@/platform/mail/outbox'
import { mailSettings, type MailSettings } from '@/platform/mail/settings'
import { inTransaction } from '@/platform/transaction'
import { callUid, isOverlapRefusal, liveCalls, managePath, readAvailability, readBookingRules } from './calls'
import { SITE_WRITE } from './coach-cancel'
import { bookedMail, bookedNotification, cancelledMails, existingCallMail, movedMails, reminderMails } from './mails'
import {
  ALREADY_BOOKED,
  BOOKED,
  BOOKING_FIELDS,
  BOOKING_INVALID,
  bookingSchema,
  CHANGE_CUTOFF_MS,
  SLOT_GONE,
  SLOT_TAKEN,
  type BookingField,
} from './rules'
import { isOpenSlot, type Availability } from './slots'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const reference = (call: Pick<DiscoveryCall, 'id'>) => `discovery-calls:${call.id}`

/** The span a call holds in the database: its time plus the buffer (see the no-overlap rule). */
const span = (start: Date, a: Availability) => {
  const endsAt = new Date(start.getTime() + a.callMinutes * 60_000)
  return {
    startsAt: start.toISOString(),
    endsAt: endsAt.toISOString(),
    blockedUntil: new Date(endsAt.getTime() + a.bufferMinutes * 60_000).toISOString(),
  }
}

/**
 * Queues a call's reminders for its current time: the visitor's 24 hours before (only when that is still
 * ahead when booked), both sides' 1 hour before. Keyed by the call's UID, sequence and kind, so each is
 * queued once however often this runs; a moved call's old reminders are cancelled first.
 */
async function queueReminders(
  payload: Payload,
  call: DiscoveryCall,
  a: Availability,
  s: MailSettings,
  now: Date,
  req: Partial<PayloadRequest>,
): Promise<void> {
  const start = new Date(call.startsAt).getTime()
  const mails = reminderMails(call, a.timeZone, s)
  const key = (kind: string, i = 0) => `${callUid(call)}:${call.sequence}:${kind}:${i}`
  const common = { now, reference: reference(call) }
  if (start - DAY > now.getTime()) {
    const sendAfter = new Date(start - DAY)
    await enqueueMail(
      payload,
      { ...common, kind: 'call-reminder-24h', mail: mails.dayBefore, sendAfter, idempotencyKey: key('24h') },
      req,
    )
  }
  if (start - HOUR > now.getTime()) {
    const sendAfter = new Date(start - HOUR)
    for (const [i, mail] of mails.hourBefore.entries()) {
      await enqueueMail(
        payload,
        { ...common, kind: 'call-reminder-1h', mail, sendAfter, idempotencyKey: key('1h', i) },
        req,
      )
    }
  }
}

const cancelReminders = async (payload: Payload, call: DiscoveryCall, req: Partial<PayloadRequest>) => {
  await cancelQueuedMail(payload, { reference: reference(call), kind: 'call-reminder-24h' }, req)
  await cancelQueuedMail(payload, { reference: reference(call), kind: 'call-reminder-1h' }, req)
}

/**
 * The booking form of /scheduling. The chosen time is checked again against the rules as they are now;
 * the database refuses it if another booking took it a moment ago (the loser hears so, with fresh times).
 * One upcoming call per e-mail address: a second attempt mails the existing call's link instead.
 */
export const bookingForm: FormDefinition<typeof bookingSchema, BookingField> = {
  name: 'booking',
  schema: bookingSchema,
  fields: BOOKING_FIELDS,
  limitByEmail: (input) => input.email,
  answers: { ok: BOOKED, invalid: BOOKING_INVALID },
  accept: async (payload, input, { req, now }) => {
    const email = input.email.toLowerCase()
    const { availability: a, busy } = await readBookingRules(payload, req)
    const settings = await mailSettings(payload, req)
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
      const mail = existingCallMail(upcoming.docs[0], a.timeZone, settings)
      await enqueueMail(payload, { kind: 'call-existing', mail, now, reference: reference(upcoming.docs[0]) }, req)
      return { refused: ALREADY_BOOKED }
    }
    const calls = await liveCalls(payload, new Date(now.getTime() - DAY), req)
    if (!isOpenSlot(a, busy, calls, now, input.slot)) throw new FormRefusal(SLOT_GONE)

    let call: DiscoveryCall
    try {
      call = await payload.create({
        collection: 'discovery-calls',
        data: {
          name: input.name,
          email,
          note: input.note || null,
          ...span(input.slot, a),
          status: 'booked',
          visitorTimeZone: input.timeZone ?? null,
          sequence: 0,
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
    } catch (error) {
      if (isOverlapRefusal(error)) throw new FormRefusal(SLOT_TAKEN)
      throw error
    }
    await enqueueMail(
      payload,
      { kind: 'call-booked', mail: bookedMail(call, a.timeZone, settings), now, reference: reference(call) },
      req,
    )
    const notification = bookedNotification(call, a.timeZone, settings)
    await enqueueMail(payload, { kind: 'call-booked-coach', mail: notification, now, reference: reference(call) }, req)
    await queueReminders(payload, call, a, settings, now, req)
    return { redirectTo: `${managePath(call)}?booked=1` }
  },
}

export const bookCall = (payload: Payload, raw: Record<string, unknown>, client: FormClient, now?: Date) =>
  runForm(payload, bookingForm, raw, client, now)

/** Whether the visitor may still move or cancel the call themselves (until 24 hours before it, as an instant). */
export const visitorMayChange = (call: Pick<DiscoveryCall, 'startsAt' | 'status'>, now: Date): boolean =>
  call.status === 'booked' && new Date(call.startsAt).getTime() - now.getTime() >= CHANGE_CUTOFF_MS

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
    await cancelReminders(payload, cancelled, req)
    for (const [i, mail] of cancelledMails(cancelled, a.timeZone, settings, by).entries()) {
      await enqueueMail(
        payload,
        { kind: i ? 'call-cancelled-coach' : 'call-cancelled', mail, now, reference: reference(call) },
        req,
      )
    }
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
  if (!isOpenSlot(a, busy, others, now, newStart)) return 'slot-gone'
  try {
    return await inTransaction(payload, async (req) => {
      req.context[SITE_WRITE] = true
      const moved = await payload.update({
        collection: 'discovery-calls',
        id: call.id,
        data: { ...span(newStart, a), sequence: call.sequence + 1 },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await cancelReminders(payload, moved, req)
      for (const [i, mail] of movedMails(moved, a.timeZone, settings).entries()) {
        await enqueueMail(
          payload,
          { kind: i ? 'call-moved-coach' : 'call-moved', mail, now, reference: reference(call) },
          req,
        )
      }
      await queueReminders(payload, moved, a, settings, now, req)
      return 'done' as const
    })
  } catch (error) {
    if (isOverlapRefusal(error)) return 'slot-taken'
    throw error
  }
}
