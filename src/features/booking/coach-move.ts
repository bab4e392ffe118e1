import { ValidationError, type Endpoint, type PayloadHandler, type PayloadRequest } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { crossSiteRefusal } from '@/platform/forms/cross-site'
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

const answer = (message: string, status = 200) => Response.json({ message }, { status })
const refuse = (message: string, status: number) => Response.json({ errors: [{ message }] }, { status })

const NO_CALL = 'There is no such call.'

type Handler = (req: PayloadRequest, call: DiscoveryCall, body: Record<string, unknown>) => Promise<Response>

/** The checks both buttons share, then `handler` with the call and the posted JSON. */
const guarded =
  (handler: Handler): PayloadHandler =>
  async (req) => {
    if (!req.user) return refuse('Please log in.', 401)
    const refused = crossSiteRefusal(req as unknown as Request)
    if (refused) return refused
    const id = String(req.routeParams?.id ?? '')
    if (!/^\d{1,12}$/.test(id)) return refuse(NO_CALL, 404)
    try {
      const call = (await req.payload.findByID({
        collection: 'discovery-calls',
        id,
        depth: 0,
        disableErrors: true,
        overrideAccess: false,
        user: req.user,
      })) as DiscoveryCall | null
      if (!call) return refuse(NO_CALL, 404)
      const body = (await req.json?.().catch(() => null)) as unknown
      return await handler(req, call, body && typeof body === 'object' ? (body as Record<string, unknown>) : {})
    } catch (error) {
      console.error('Moving a call failed:', error instanceof Error ? error.message : error)
      return refuse('That did not work. Please try again in a moment.', 503)
    }
  }

/** The line to the visitor as posted: trimmed; a refusal when it is too long. */
function coachLine(body: Record<string, unknown>): { line: string } | { problem: string } {
  const line = typeof body.line === 'string' ? body.line.trim() : ''
  if (line.length > COACH_LINE_MAX)
    return { problem: `The line to the visitor has ${line.length} characters; it can have at most ${COACH_LINE_MAX}.` }
  return { line }
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
  let start: Date | null
  if (body.outsideHours === true) {
    const date = typeof body.date === 'string' ? body.date : ''
    const time = typeof body.time === 'string' ? body.time : ''
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time))
      return refuse('Please enter the new date and time.', 422)
    if (!isCalendarDate(date)) return refuse(`There is no ${date} in the calendar. Please check the date.`, 422)
    start = wallClockInstant(timeZone, date, time)
    if (!start)
      return refuse(
        `${time} does not exist on that day in ${timeZone}: the clocks change then. Pick another time.`,
        422,
      )
  } else {
    start = typeof body.startsAt === 'string' ? new Date(body.startsAt) : null
    if (!start || Number.isNaN(start.getTime())) return refuse('Please pick one of your open times.', 422)
    if (!isOpenSlot(rules.a, rules.busy, rules.others, now, start))
      return refuse(
        'That time is not open any more. Pick another one, or tick “Outside my open hours” to choose any time.',
        409,
      )
  }
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
