import type { Payload, PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { cancelQueuedMail, enqueueMail } from '@/platform/mail/outbox'
import type { MailSettings } from '@/platform/mail/settings'
import { callReference, callUid } from './calls'
import { bookedMail, bookedNotification, cancelledMails, movedMails, reminderMails } from './mails'

/*
 * What each change of a call puts in the outbox, written with the change's own request (so on PostgreSQL
 * the mail is queued in the same transaction as the change): the same whether the visitor made the change
 * on the site or the coach in the admin.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

type Queue = {
  payload: Payload
  coachTimeZone: string
  settings: MailSettings
  now: Date
  req: Partial<PayloadRequest>
}

/**
 * Queues a call's reminders for its current time: the visitor's 24 hours before (only when that is still
 * ahead), both sides' 1 hour before. Keyed by the call's UID, sequence and kind, so each is queued once
 * however often this runs.
 */
async function queueReminders(call: DiscoveryCall, { payload, coachTimeZone, settings, now, req }: Queue) {
  const start = new Date(call.startsAt).getTime()
  const mails = reminderMails(call, coachTimeZone, settings)
  const key = (kind: string, i = 0) => `${callUid(call)}:${call.sequence}:${kind}:${i}`
  const common = { now, reference: callReference(call) }
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

async function withdrawReminders(call: DiscoveryCall, { payload, req }: Queue) {
  await cancelQueuedMail(payload, { reference: callReference(call), kind: 'call-reminder-24h' }, req)
  await cancelQueuedMail(payload, { reference: callReference(call), kind: 'call-reminder-1h' }, req)
}

/** A new call: the visitor's confirmation and the coach's notification, each with the invite; the reminders. */
export async function mailBooked(call: DiscoveryCall, q: Queue): Promise<void> {
  const { payload, coachTimeZone, settings, now, req } = q
  const reference = callReference(call)
  await enqueueMail(
    payload,
    { kind: 'call-booked', mail: bookedMail(call, coachTimeZone, settings), now, reference },
    req,
  )
  const notification = bookedNotification(call, coachTimeZone, settings)
  await enqueueMail(payload, { kind: 'call-booked-coach', mail: notification, now, reference }, req)
  await queueReminders(call, q)
}

/**
 * A moved call: the updated invite to both sides (the visitor's with the coach's line, when they wrote one);
 * the old time's reminders give way to the new time's.
 */
export async function mailMoved(call: DiscoveryCall, q: Queue, coachLine?: string | null): Promise<void> {
  const { payload, coachTimeZone, settings, now, req } = q
  await withdrawReminders(call, q)
  for (const [i, mail] of movedMails(call, coachTimeZone, settings, coachLine).entries()) {
    const kind = i ? 'call-moved-coach' : 'call-moved'
    await enqueueMail(payload, { kind, mail, now, reference: callReference(call) }, req)
  }
  await queueReminders(call, q)
}

/** A cancelled call: METHOD:CANCEL to both sides, and no reminders. */
export async function mailCancelled(call: DiscoveryCall, by: 'visitor' | 'coach', q: Queue): Promise<void> {
  const { payload, coachTimeZone, settings, now, req } = q
  await withdrawReminders(call, q)
  for (const [i, mail] of cancelledMails(call, coachTimeZone, settings, by).entries()) {
    const kind = i ? 'call-cancelled-coach' : 'call-cancelled'
    await enqueueMail(payload, { kind, mail, now, reference: callReference(call) }, req)
  }
}
