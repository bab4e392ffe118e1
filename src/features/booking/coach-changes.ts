import { ValidationError, type CollectionAfterChangeHook, type CollectionBeforeChangeHook } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { mailSettings } from '@/platform/mail/settings'
import { mailCancelled, mailMoved } from './call-mail'
import { callSpan, readAvailability, SITE_WRITE } from './calls'
import { formatSlot } from './slots'

/*
 * The coach's own changes in the admin: cancelling a call (set Cancelled, save) and moving it (change its
 * start, save). Unlike the visitor, the coach may do either at any time; the site's own writes (booking,
 * the visitor's changes) carry SITE_WRITE and are left alone here.
 */

type Call = Partial<DiscoveryCall>

/** The labels the admin shows, so a refusal's summary names the field as the coach sees it. */
const LABELS: Record<string, string> = { startsAt: 'Starts', status: 'Status' }

/** A refusal: the sentence is shown under the field (and is what the move panel says). */
const refuse = (path: string, message: string): never => {
  throw new ValidationError({ collection: 'discovery-calls', errors: [{ path, message, label: LABELS[path] }] })
}

/**
 * Set in `req.context` by the admin's move panel (./coach-move.ts): the line the coach wrote to the visitor,
 * which goes into the visitor's mail about the new time.
 */
export const COACH_LINE = 'coachLineToVisitor'

const cancelledByCoach = (before: Call | undefined, after: Call) =>
  before?.status === 'booked' && after.status === 'cancelled'

const movedByCoach = (before: Call | undefined, after: Call) =>
  Boolean(before?.startsAt && after.startsAt) &&
  new Date(before!.startsAt!).getTime() !== new Date(after.startsAt!).getTime()

const isSiteWrite = (context: Record<string, unknown> | undefined) => Boolean(context?.[SITE_WRITE])

/** Checks a coach's change before it is stored: what it may not do, and what a cancel or a move also sets. */
export const checkCoachChange: CollectionBeforeChangeHook<DiscoveryCall> = async ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || isSiteWrite(req.context) || !originalDoc) return data
  if (originalDoc.status === 'cancelled' && data.status === 'booked') {
    refuse('status', 'A cancelled call cannot be booked again here. The visitor can book a new time at /scheduling.')
  }
  if (cancelledByCoach(originalDoc, data)) {
    // A cancel wins over a new time given in the same save: the cancellation names the time the visitor had.
    return {
      ...data,
      startsAt: originalDoc.startsAt,
      endsAt: originalDoc.endsAt,
      blockedUntil: originalDoc.blockedUntil,
      cancelledAt: new Date().toISOString(),
      cancelledBy: 'coach' as const,
      sequence: originalDoc.sequence + 1,
    }
  }
  if (!movedByCoach(originalDoc, data)) return data
  if (originalDoc.status !== 'booked') refuse('startsAt', 'A cancelled call cannot be moved.')
  const start = new Date(data.startsAt!)
  if (start.getTime() <= Date.now()) refuse('startsAt', 'Pick a time that is still ahead.')
  const a = await readAvailability(req.payload, req)
  // The call keeps its own length; the buffer after it is today's.
  const minutes = (new Date(originalDoc.endsAt).getTime() - new Date(originalDoc.startsAt).getTime()) / 60_000
  const span = callSpan(start, minutes, a.bufferMinutes)
  const clash = await req.payload.find({
    collection: 'discovery-calls',
    where: {
      and: [
        { status: { equals: 'booked' } },
        { id: { not_equals: originalDoc.id } },
        { startsAt: { less_than: span.blockedUntil } },
        { blockedUntil: { greater_than: span.startsAt } },
      ],
    },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const other = clash.docs[0]
  if (other) {
    const kept = a.bufferMinutes ? `, or the ${a.bufferMinutes} minutes kept free after a call` : ''
    const when = formatSlot(new Date(other.startsAt), a.timeZone)
    refuse('startsAt', `That time overlaps the call with ${other.name} on ${when}${kept}. Pick another time.`)
  }
  return { ...data, ...span, sequence: originalDoc.sequence + 1 }
}

/** …and once stored: the visitor and the coach's calendar are told (updated invite, or METHOD:CANCEL). */
export const mailCoachChange: CollectionAfterChangeHook<DiscoveryCall> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || isSiteWrite(req.context)) return doc
  const cancelled = cancelledByCoach(previousDoc, doc)
  const moved = !cancelled && doc.status === 'booked' && movedByCoach(previousDoc, doc)
  if (!cancelled && !moved) return doc
  const { payload } = req
  const [a, settings] = [await readAvailability(payload, req), await mailSettings(payload, req)]
  const queue = { payload, coachTimeZone: a.timeZone, settings, now: new Date(), req }
  if (cancelled) await mailCancelled(doc, 'coach', queue)
  else {
    const line = req.context[COACH_LINE]
    await mailMoved(doc, queue, typeof line === 'string' ? line : null)
  }
  return doc
}
