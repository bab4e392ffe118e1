import type { Payload, PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { verifiedManageToken } from './manage-token'
import { meetingSetting, type MeetingKind } from './meeting'
import type { Availability, Interval, Weekday } from './slots'

/** The coach's availability as the slot rules take it (Availability global, with its defaults). */
export async function readAvailability(payload: Payload, req?: Partial<PayloadRequest>): Promise<Availability> {
  return (await readBookingRules(payload, req)).availability
}

/**
 * What decides the open times, in one read of the Availability global: the coach's rules, and the busy
 * times of the last good read of their calendar (none when no calendar address is set); and where calls
 * happen (Where we meet).
 */
export async function readBookingRules(
  payload: Payload,
  req?: Partial<PayloadRequest>,
): Promise<{
  availability: Availability
  busy: Interval[]
  meeting: { kind: MeetingKind; place: string | null }
  /** False until the coach has saved a zone (the dashboard asks for it). */
  timeZoneChosen: boolean
}> {
  const a = await payload.findGlobal({ slug: 'availability', depth: 0, overrideAccess: true, req })
  const stored = (a.busyCalendarUrl ? (a.busyCalendar?.busy as { start: string; end: string }[] | null) : null) ?? []
  return {
    availability: {
      timeZone: a.timeZone,
      weeklyHours: (a.weeklyHours ?? []).map((h) => ({
        weekday: Number(h.weekday) as Weekday,
        from: h.from,
        to: h.to,
      })),
      callMinutes: a.callMinutes,
      bufferMinutes: a.bufferMinutes,
      noticeHours: a.noticeHours,
      horizonDays: a.horizonDays,
      maxPerDay: a.maxPerDay,
      daysOff: (a.daysOff ?? []).map((d) => ({ from: d.from, to: d.to || d.from })),
    },
    busy: stored.map((b) => ({ start: new Date(b.start), end: new Date(b.end) })),
    meeting: meetingSetting(a.meeting),
    timeZoneChosen: a.timeZoneChosen === true,
  }
}

/** The booked rows of a list of the coach's appointments that end after `since`, as intervals, by start. */
async function liveOf(
  collection: 'discovery-calls' | 'coaching-sessions',
  payload: Payload,
  since: Date,
  req?: Partial<PayloadRequest>,
): Promise<(Interval & { id: number })[]> {
  const found = await payload.find({
    collection,
    where: { and: [{ status: { equals: 'booked' } }, { endsAt: { greater_than: since.toISOString() } }] },
    sort: 'startsAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return found.docs.map((row) => ({ id: row.id, start: new Date(row.startsAt), end: new Date(row.endsAt) }))
}

/** Live (booked) calls that end after `since`: what slots must keep clear of, and count per day. */
export const liveCalls = (payload: Payload, since: Date, req?: Partial<PayloadRequest>) =>
  liveOf('discovery-calls', payload, since, req)

/**
 * Live (booked) coaching sessions that end after `since` (clients book them from their credits: the packages
 * feature, decision 065). The coach's time is one: a discovery call keeps clear of them as of a busy time.
 */
export const liveSessions = (payload: Payload, since: Date, req?: Partial<PayloadRequest>) =>
  liveOf('coaching-sessions', payload, since, req)

export { callUid, managePath, manageToken } from './manage-token'

/**
 * A coaching session's invite UID (decision 065): stable for its life, unique across databases (the creation
 * instant). Here beside the calls' so the coach's calendar feed names sessions as their mails do.
 */
export const sessionUid = (s: { id: number | string; createdAt: string }): string =>
  `coaching-session-${s.id}-${new Date(s.createdAt).getTime()}@coach-site`

/** The admin's list of discovery calls. */
export const CALLS_IN_ADMIN = '/admin/collections/discovery-calls'

/**
 * Where Discovery calls opens: the calls still ahead under Today, This week and Later (UpcomingCalls, a view
 * of the collection; src/proxy.ts sends the list's bare address here).
 */
export const UPCOMING_CALLS_IN_ADMIN = `${CALLS_IN_ADMIN}/upcoming`

/** Payload's own table of every call, past and cancelled ones included, the latest first. */
export const ALL_CALLS_IN_ADMIN = `${CALLS_IN_ADMIN}?sort=-startsAt`

/** The call a manage token belongs to, or null for a token that is malformed, forged or of a deleted call. */
export async function callByToken(payload: Payload, token: string): Promise<DiscoveryCall | null> {
  const named = verifiedManageToken(token)
  if (!named) return null
  const call = await payload
    .findByID({ collection: 'discovery-calls', id: named.id, depth: 0, overrideAccess: true })
    .catch(() => null)
  return call && new Date(call.createdAt).getTime() === named.createdAtMs ? call : null
}

/**
 * Which of the database's own booking rules refused a write (see the booking migrations), if any:
 * `overlap`, a live call over another live call's or a live coaching session's time with its buffer (a trigger
 * on SQLite, an exclusion constraint and a trigger on PostgreSQL; sessions hear the same); `one-upcoming`, a second upcoming call for one e-mail address (a trigger on both).
 */
export function databaseRefusal(error: unknown): 'overlap' | 'one-upcoming' | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : ''
    // coach_time_taken: a call over a coaching session's time or the other way round (decision 065).
    if (/discovery_calls_no_overlap|coach_time_taken/.test(message) || (e as { code?: string }).code === '23P01')
      return 'overlap'
    if (/discovery_calls_one_upcoming/.test(message)) return 'one-upcoming'
  }
  return null
}

/** Set in `req.context` by the site's own booking code on its writes: the admin hooks are for the coach's edits. */
export const SITE_WRITE = 'bookingSiteWrite'

/** The outbox reference of every mail about a call: cancelling or moving it withdraws its queued reminders. */
export const callReference = (call: Pick<DiscoveryCall, 'id'>): string => `discovery-calls:${call.id}`

/** The span a call holds in the database: its time, and the buffer after it that no other live call may overlap. */
export function callSpan(start: Date, callMinutes: number, bufferMinutes: number) {
  const endsAt = new Date(start.getTime() + callMinutes * 60_000)
  return {
    startsAt: start.toISOString(),
    endsAt: endsAt.toISOString(),
    blockedUntil: new Date(endsAt.getTime() + bufferMinutes * 60_000).toISOString(),
  }
}
