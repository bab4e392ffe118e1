import { ValidationError, type Endpoint, type PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { answer, docEndpoint, refuse, type DocAction } from '@/platform/admin/doc-endpoint'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings } from '@/platform/mail/settings'
import { kickOutbox } from '@/platform/mail/worker'
import { visitorMayChange } from './rules'
import { callReference, databaseRefusal, liveCalls, liveSessions, readBookingRules } from './calls'
import { COACH_LINE } from './coach-changes'
import { pickNewTimeMail } from './mails'
import {
  formatSlot,
  isCalendarDate,
  isOpenSlot,
  openSlots,
  wallClockInstant,
  type Availability,
  type Interval,
  type SlotDay,
} from './slots'

/*
 * Moving a call from its screen in the admin (./admin/MoveCall.tsx): the open times it may move to, and
 * the two buttons' endpoints under /cms-api/discovery-calls/:id/…, for a logged-in user only (401), posts
 * refused from another site (403). Every refusal is a sentence the panel shows under the field: 404 for a
 * call that is not there, 409 when the call or the time does not allow it, 422 for what was typed.
 * Answers are JSON, `{ message }` on success and `{ errors: [{ message }] }` otherwise.
 */

const DAY = 24 * 60 * 60 * 1000

/** The longest line the coach may add to the visitor's mail. */
export const COACH_LINE_MAX = 500

/** A chosen open time that another booking took meanwhile. */
export const NOT_OPEN =
  'That time is not open any more. Pick another one, or tick “Outside my open hours” to choose any time.'

/**
 * The coach's open times, for moving `call`: the slot rules of the public booking page (weekly hours, days
 * off, busy times, the other calls with their buffer, the calls per day, the horizon), without this call
 * itself and without the visitors' notice: the coach may move a call to later today (decision 051).
 */
export async function openTimesToMove(
  req: Pick<PayloadRequest, 'payload'> & Partial<PayloadRequest>,
  call: Pick<DiscoveryCall, 'id'>,
  now = new Date(),
): Promise<{
  days: SlotDay[]
  timeZone: string
  rules: { a: Availability; busy: Interval[]; others: Interval[] }
}> {
  const { availability, busy: calendar } = await readBookingRules(req.payload, req)
  const a: Availability = { ...availability, noticeHours: 0 }
  const since = new Date(now.getTime() - DAY)
  const others = (await liveCalls(req.payload, since, req)).filter((c) => c.id !== call.id)
  // The clients' coaching sessions hold her time too (decision 065).
  const busy = [...calendar, ...(await liveSessions(req.payload, since, req))]
  return { days: openSlots(a, busy, others, now), timeZone: a.timeZone, rules: { a, busy, others } }
}

const NO_CALL = 'There is no such call.'

/** The checks both buttons share (./../../platform/admin/doc-endpoint.ts), then `action` with the call. */
const guarded = (action: DocAction<DiscoveryCall>) =>
  docEndpoint({ collection: 'discovery-calls', missing: NO_CALL, failed: 'Moving a call failed:' }, action)

/** The line to the visitor (or the client) as posted: trimmed; a refusal when it is too long. */
export function coachLine(body: Record<string, unknown>, to = 'visitor'): { line: string } | { problem: string } {
  const line = typeof body.line === 'string' ? body.line.trim() : ''
  if (line.length > COACH_LINE_MAX)
    return { problem: `The line to the ${to} has ${line.length} characters; it can have at most ${COACH_LINE_MAX}.` }
  return { line }
}

/**
 * The start the panel posted: `{ outsideHours: true, date: 'YYYY-MM-DD', time: 'HH:mm' }` (any time, in the
 * coach's zone) or `{ startsAt }` (one of the open times, checked by the caller); a refusal in words (422).
 */
export function postedStart(
  body: Record<string, unknown>,
  timeZone: string,
): { start: Date; outsideHours: boolean } | { problem: string } {
  if (body.outsideHours === true) {
    const date = typeof body.date === 'string' ? body.date : ''
    const time = typeof body.time === 'string' ? body.time : ''
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time))
      return { problem: 'Please enter the new date and time.' }
    if (!isCalendarDate(date)) return { problem: `There is no ${date} in the calendar. Please check the date.` }
    const start = wallClockInstant(timeZone, date, time)
    if (!start)
      return {
        problem: `${time} does not exist on that day in ${timeZone}: the clocks change then. Pick another time.`,
      }
    return { start, outsideHours: true }
  }
  const start = typeof body.startsAt === 'string' ? new Date(body.startsAt) : null
  if (!start || Number.isNaN(start.getTime())) return { problem: 'Please pick one of your open times.' }
  return { start, outsideHours: false }
}

/**
 * POST /:id/move `{ startsAt }` (one of the open times), or `{ outsideHours: true, date: 'YYYY-MM-DD',
 * time: 'HH:mm' }` (any time, in the coach's zone), with an optional `line` to the visitor.
 */
const move = guarded(async (req, call, body) => {
  if (call.status !== 'booked') return refuse('This call is cancelled, so it cannot be moved.', 409)
  const said = coachLine(body)
  if ('problem' in said) return refuse(said.problem, 422)
  const now = new Date()
  const { rules, timeZone } = await openTimesToMove(req, call, now)
  const posted = postedStart(body, timeZone)
  if ('problem' in posted) return refuse(posted.problem, 422)
  const { start } = posted
  if (!posted.outsideHours && !isOpenSlot(rules.a, rules.busy, rules.others, now, start)) return refuse(NOT_OPEN, 409)
  if (start.getTime() === new Date(call.startsAt).getTime())
    return refuse('The call is at that time already. Pick another time.', 422)
  if (start.getTime() <= now.getTime())
    return refuse(`${formatSlot(start, timeZone)} has already passed. Pick a time that is still ahead.`, 422)
  try {
    const moved = await req.payload.update({
      collection: 'discovery-calls',
      id: call.id,
      data: { startsAt: start.toISOString() },
      depth: 0,
      overrideAccess: false,
      user: req.user,
      context: { [COACH_LINE]: said.line },
    })
    void kickOutbox(req.payload)
    const told = said.line ? ' with your line' : ''
    return answer(
      `Moved to ${formatSlot(new Date(moved.startsAt), timeZone)}. ${call.name} gets the new time by mail${told}, with an updated invite.`,
    )
  } catch (error) {
    // checkCoachChange's refusals (a clash with another call, a time gone by) are sentences already.
    if (error instanceof ValidationError) {
      const first = (error.data as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message
      return refuse(first ?? 'That time cannot be taken. Pick another time.', 409)
    }
    if (databaseRefusal(error) === 'overlap')
      return refuse('Another call was booked at that time a moment ago. Pick another time.', 409)
    throw error
  }
})

/** POST /:id/send-link `{ line? }`: mails the visitor the call's manage link, to pick a new time themselves. */
const sendLink = guarded(async (req, call, body) => {
  if (call.status !== 'booked') return refuse('This call is cancelled: there is no time left to change.', 409)
  const now = new Date()
  if (!visitorMayChange(call, now))
    return refuse(
      'Less than 24 hours before the call, the link no longer lets them change it. Pick a new time for them above instead.',
      409,
    )
  const said = coachLine(body)
  if ('problem' in said) return refuse(said.problem, 422)
  const { availability } = await readBookingRules(req.payload, req)
  const settings = await mailSettings(req.payload, req)
  await enqueueMail(
    req.payload,
    {
      kind: 'call-pick-new-time',
      mail: pickNewTimeMail(call, availability.timeZone, settings, said.line),
      now,
      reference: callReference(call),
    },
    req,
  )
  void kickOutbox(req.payload)
  return answer(
    `A link to pick a new time is on its way to ${call.email}. The call keeps its time until they pick one.`,
  )
})

export const moveEndpoints: Endpoint[] = [
  { path: '/:id/move', method: 'post', handler: move },
  { path: '/:id/send-link', method: 'post', handler: sendLink },
]
