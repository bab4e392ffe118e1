import type { Payload, PayloadRequest } from 'payload'

import { cancelQueuedMail, enqueueMail } from '@/platform/mail/outbox'
import type { OutgoingMail } from '@/platform/mail/transport'

/*
 * The reminders of a booked appointment (a discovery call or a coaching session), through the mail outbox:
 * queued with the booking or the move, due at their instant, sent once however many workers run (the outbox
 * claims each mail with one conditional update), withdrawn while still waiting when the appointment is moved
 * or cancelled.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

export type Reminders = {
  /** The outbox reference of the appointment's mail ('<collection>:<id>'). */
  reference: string
  /** The kinds are `<prefix>-reminder-24h` and `<prefix>-reminder-1h` (e.g. 'call', 'session'). */
  prefix: string
  /** The appointment's invite UID and SEQUENCE: each reminder of one time is queued once. */
  uid: string
  sequence: number
  startsAt: string
  /** Sent 24 hours before (when that is still ahead) and 1 hour before. */
  dayBefore: OutgoingMail[]
  hourBefore: OutgoingMail[]
}

export const reminderKinds = (prefix: string) => [`${prefix}-reminder-24h`, `${prefix}-reminder-1h`] as const

/**
 * Queues the reminders of the appointment's current time; a reminder whose instant has passed is not queued.
 * Keyed by UID, sequence, kind and recipient, so each is queued once however often this runs.
 */
export async function queueReminders(
  payload: Payload,
  r: Reminders,
  now: Date,
  req: Partial<PayloadRequest>,
): Promise<void> {
  const start = new Date(r.startsAt).getTime()
  const [dayKind, hourKind] = reminderKinds(r.prefix)
  const waves = [
    { kind: dayKind, key: '24h', before: DAY, mails: r.dayBefore },
    { kind: hourKind, key: '1h', before: HOUR, mails: r.hourBefore },
  ]
  for (const { kind, key, before, mails } of waves) {
    if (start - before <= now.getTime()) continue
    const sendAfter = new Date(start - before)
    for (const [i, mail] of mails.entries()) {
      const idempotencyKey = `${r.uid}:${r.sequence}:${key}:${i}`
      await enqueueMail(payload, { kind, mail, now, sendAfter, reference: r.reference, idempotencyKey }, req)
    }
  }
}

/** Withdraws the appointment's reminders still waiting (those of its old time, or all when it is cancelled). */
export async function withdrawReminders(
  payload: Payload,
  { reference, prefix }: Pick<Reminders, 'reference' | 'prefix'>,
  req: Partial<PayloadRequest>,
): Promise<void> {
  for (const kind of reminderKinds(prefix)) await cancelQueuedMail(payload, { reference, kind }, req)
}
