import type { Payload } from 'payload'

import { readAvailability } from '@/features/booking/calls'

/*
 * Why a reader left the list, in the coach's words, kept on the subscriber (`leftBecause`, `leftNote`) and shown
 * on the Subscribers list and screen and in People. A reader removed by a spam complaint or a bounce (reports
 * the coach did not see) can be restored by the coach; the note keeps what happened.
 */

export const LEFT_BECAUSE = {
  reader: 'They unsubscribed',
  coach: 'Unsubscribed in the admin',
  complaint: 'A spam complaint',
  bounce: 'Their address bounced',
} as const

export type LeftBecause = keyof typeof LEFT_BECAUSE

/** "December 3, 2026", the day in the coach's time zone. */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(at)

/** The coach's time zone (Booking → Availability); UTC when it cannot be read. */
export async function coachZone(payload: Payload): Promise<string> {
  try {
    return (await readAvailability(payload)).timeZone
  } catch {
    return 'UTC'
  }
}

/** What the note says when a reader leaves, for each cause. */
export const leftNote = {
  complaint: (day: string) => `Removed after a spam complaint on ${day}.`,
  bounce: (day: string, answer?: string | null) =>
    `Removed after their mail server refused the address on ${day}${answer ? ` (${answer.slice(0, 300)})` : ''}.`,
  reader: (day: string) => `Unsubscribed with the link in a mail on ${day}.`,
  coach: (day: string) => `Unsubscribed in the admin on ${day}.`,
}

/** The fields a subscriber gets when they leave for `because`. */
export async function leaving(
  payload: Payload,
  because: LeftBecause,
  now = new Date(),
  answer?: string | null,
): Promise<{ leftBecause: LeftBecause; leftNote: string }> {
  const day = dayIn(now, await coachZone(payload))
  return {
    leftBecause: because,
    leftNote: because === 'bounce' ? leftNote.bounce(day, answer) : leftNote[because](day),
  }
}

export type RestoreOutcome =
  | { outcome: 'restored'; email: string }
  | { outcome: 'subscribed'; email: string }
  | { outcome: 'not-removed'; email: string; status: string }
  | { outcome: 'missing' }

/**
 * Puts a reader removed by a spam complaint or a bounce back on the list (confirmed, as their own confirmation
 * made them), the note saying both: "Removed after a spam complaint on …; restored by the coach on …". One
 * conditional update: a second click finds them subscribed. A reader who unsubscribed themselves (or whom the
 * coach unsubscribed, or who never confirmed) is not restored: only their own confirmation puts them back.
 */
export async function restoreSubscriber(
  payload: Payload,
  id: number | string,
  now = new Date(),
): Promise<RestoreOutcome> {
  const sub = await payload
    .findByID({ collection: 'subscribers', id, depth: 0, overrideAccess: true, disableErrors: true })
    .catch(() => null)
  if (!sub) return { outcome: 'missing' }
  if (sub.status === 'confirmed') return { outcome: 'subscribed', email: sub.email }
  const removed = sub.status === 'bounced' || (sub.status === 'unsubscribed' && sub.leftBecause === 'complaint')
  if (!removed) return { outcome: 'not-removed', email: sub.email, status: sub.status }
  const before = (sub.leftNote ?? (sub.status === 'bounced' ? 'Removed after a bounce.' : 'Removed.')).replace(
    /\.$/,
    '',
  )
  const note = `${before}; restored by the coach on ${dayIn(now, await coachZone(payload))}.`
  const done = await payload.db.updateOne({
    collection: 'subscribers',
    where: { and: [{ id: { equals: sub.id } }, { status: { equals: sub.status } }] },
    data: { status: 'confirmed', leftBecause: null, leftNote: note, unsubscribedAt: null },
    options: { atomic: true },
  })
  if (done == null) return restoreSubscriber(payload, id, now)
  return { outcome: 'restored', email: sub.email }
}
