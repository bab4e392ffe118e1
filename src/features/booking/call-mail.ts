import type { Payload, PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { enqueueMail } from '@/platform/mail/outbox'
import type { MailSettings } from '@/platform/mail/settings'
import { callReference, callUid } from './calls'
import {
  queueReminders as queueAppointmentReminders,
  withdrawReminders as withdrawAppointmentReminders,
} from './reminders'
import { bookedMail, bookedNotification, cancelledMails, movedMails, reminderMails } from './mails'

/*
 * What each change of a call puts in the outbox, written with the change's own request (so on PostgreSQL
 * the mail is queued in the same transaction as the change): the same whether the visitor made the change
 * on the site or the coach in the admin.
 */

type Queue = {
  payload: Payload
  coachTimeZone: string
  settings: MailSettings
  now: Date
  req: Partial<PayloadRequest>
}

/** A call's reminders (./reminders.ts): the visitor's 24 hours before, both sides' 1 hour before. */
const callReminders = (call: DiscoveryCall, { coachTimeZone, settings }: Queue) => {
  const mails = reminderMails(call, coachTimeZone, settings)
  return {
    reference: callReference(call),
    prefix: 'call',
    uid: callUid(call),
    sequence: call.sequence,
    startsAt: call.startsAt,
    dayBefore: [mails.dayBefore],
    hourBefore: mails.hourBefore,
  }
}

const queueReminders = (call: DiscoveryCall, q: Queue) =>
  queueAppointmentReminders(q.payload, callReminders(call, q), q.now, q.req)

const withdrawReminders = (call: DiscoveryCall, { payload, req }: Queue) =>
  withdrawAppointmentReminders(payload, { reference: callReference(call), prefix: 'call' }, req)

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
