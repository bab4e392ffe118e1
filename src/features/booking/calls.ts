import type { Payload, PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { verifiedManageToken } from './manage-token'
import type { Availability, Interval, Weekday } from './slots'

/** The coach's availability as the slot rules take it (Availability global, with its defaults). */
export async function readAvailability(payload: Payload, req?: Partial<PayloadRequest>): Promise<Availability> {
  return (await readBookingRules(payload, req)).availability
}

/**
 * What decides the open times, in one read of the Availability global: the coach's rules, and the busy
 * times of the last good read of their calendar (none when no calendar address is set).
 */
export async function readBookingRules(
  payload: Payload,
  req?: Partial<PayloadRequest>,
): Promise<{ availability: Availability; busy: Interval[] }> {
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
  }
}

/** Live (booked) calls that end after `since`: what slots must keep clear of, and count per day. */
export async function liveCalls(
  payload: Payload,
  since: Date,
  req?: Partial<PayloadRequest>,
): Promise<(Interval & { id: number })[]> {
  const found = await payload.find({
    collection: 'discovery-calls',
    where: { and: [{ status: { equals: 'booked' } }, { endsAt: { greater_than: since.toISOString() } }] },
    sort: 'startsAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return found.docs.map((c) => ({ id: c.id, start: new Date(c.startsAt), end: new Date(c.endsAt) }))
}

export { callUid, managePath, manageToken } from './manage-token'

/** The call a manage token belongs to, or null for a token that is malformed, forged or of a deleted call. */
export async function callByToken(payload: Payload, token: string): Promise<DiscoveryCall | null> {
  const named = verifiedManageToken(token)
  if (!named) return null
  const call = await payload
    .findByID({ collection: 'discovery-calls', id: named.id, depth: 0, overrideAccess: true })
    .catch(() => null)
  return call && new Date(call.createdAt).getTime() === named.createdAtMs ? call : null
}

/** Whether an error is the database refusing overlapping calls (trigger on SQLite, constraint on PostgreSQL). */
export const isOverlapRefusal = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && /discovery_calls_no_overlap/.test(e.message)) return true
    if ((e as { code?: string }).code === '23P01') return true
  }
  return false
}
