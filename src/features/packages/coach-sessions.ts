import type { Endpoint } from 'payload'

import { readAvailability } from '@/features/booking/calls'
import { coachLine, NOT_OPEN, postedStart } from '@/features/booking/coach-move'
import { formatSlot } from '@/features/booking/slots'
import type { CoachingSession } from '@/payload-types'
import { adminOnlyRefusal } from '@/platform/access'
import { answer, docEndpoint, refuse, type DocAction } from '@/platform/admin/doc-endpoint'
import { kickOutbox } from '@/platform/mail/worker'
import {
  coachCancelSession,
  coachMoveSession,
  markSession,
  undoSessionMark,
  type SessionOutcome,
  type SessionProblem,
} from './sessions'

/*
 * A coaching session's panel in the admin (./admin/SessionPanel.tsx, decision 068), as the discovery calls'
 * "Move this call" (decision 051): POST /cms-api/coaching-sessions/:id/move, /cancel, /held, /missed and /undo, for
 * admins only (401 without a login, 403 for an editor), same site only. Each answers in the coach's words:
 * `{ message }`, or `{ errors: [{ message }] }` with 404, 409 (the session or the time does not allow it) or
 * 422 (what was posted). The changes themselves are ./sessions.ts's, each with its ledger entry.
 */

const NO_SESSION = 'There is no such session.'

/** The coach's words for what a change did not do, with the answer's status. */
const REFUSALS: Partial<Record<SessionProblem, [string, number]>> = {
  taken: ['Another call or session holds that time. Pick another time.', 409],
  gone: [NOT_OPEN, 409],
  'same-time': ['The session is at that time already. Pick another time.', 422],
  'after-validity': ['That time is after the client’s credits expire. Pick an earlier time.', 409],
  started: [
    'This session has already started, so it can no longer be moved or cancelled. Mark it held or missed.',
    409,
  ],
  'not-booked': ['This session is no longer booked.', 409],
  'not-started': ['This session has not started yet: mark it held or missed once it has.', 409],
  'not-marked': ['This session is not marked held or missed, so there is no mark to undo.', 409],
  'credit-booked-again': [
    'The credit this missed session gave back has been booked or refunded since, so the mark cannot be undone.',
    409,
  ],
  unknown: [NO_SESSION, 404],
}

const refusalOf = (outcome: SessionOutcome): Response => {
  const [text, status] = REFUSALS[outcome as SessionProblem] ?? ['That did not work. Please try again.', 409]
  return refuse(text, status)
}

const guarded = (action: DocAction<CoachingSession>) =>
  docEndpoint(
    {
      collection: 'coaching-sessions',
      missing: NO_SESSION,
      failed: 'Changing a coaching session failed:',
      allowed: (req) => adminOnlyRefusal(req, 'change a coaching session'),
    },
    action,
  )

const told = (line: string) => (line ? ' with your line' : '')

/** POST /:id/move `{ startsAt }` or `{ outsideHours: true, date, time }`, with an optional `line` to the client. */
const move = guarded(async (req, session, body) => {
  if (session.status !== 'booked') return refusalOf('not-booked')
  const said = coachLine(body, 'client')
  if ('problem' in said) return refuse(said.problem, 422)
  const { timeZone } = await readAvailability(req.payload, req)
  const posted = postedStart(body, timeZone)
  if ('problem' in posted) return refuse(posted.problem, 422)
  const outcome = await coachMoveSession(req.payload, session.id, posted.start, {
    line: said.line,
    outsideHours: posted.outsideHours,
  })
  if (outcome === 'past')
    return refuse(`${formatSlot(posted.start, timeZone)} has already passed. Pick a time that is still ahead.`, 422)
  if (outcome !== 'moved') return refusalOf(outcome)
  void kickOutbox(req.payload)
  return answer(
    `Moved to ${formatSlot(posted.start, timeZone)}. ${session.name} gets the new time by mail${told(said.line)}, with an updated invite.`,
  )
})

/** POST /:id/cancel `{ line? }`: cancelled by the coach, the credit goes back to the client. */
const cancel = guarded(async (req, session, body) => {
  const said = coachLine(body, 'client')
  if ('problem' in said) return refuse(said.problem, 422)
  const outcome = await coachCancelSession(req.payload, session.id, { line: said.line })
  if (outcome !== 'cancelled') return refusalOf(outcome)
  void kickOutbox(req.payload)
  return answer(
    `Cancelled. The credit is back with ${session.name}, who gets a note by mail${told(said.line)} that takes it out of their calendar.`,
  )
})

const MARKED: Partial<Record<SessionOutcome, (name: string) => string>> = {
  'marked-held': () => 'Marked held. The session used its credit.',
  'marked-missed': () => 'Marked missed. Under your session rules it uses its credit.',
  'marked-missed-kept': (name) => `Marked missed. Under your session rules the credit goes back to ${name}.`,
  'mark-undone': () => 'Mark undone. The session is booked again and holds its credit: mark it held or missed.',
}

/** POST /:id/undo: a mark made by mistake undone (a new entry of the ledger), the session booked again. */
const undo = guarded(async (req, session) => {
  const outcome = await undoSessionMark(req.payload, session.id)
  const said = MARKED[outcome]
  return said ? answer(said(session.name)) : refusalOf(outcome)
})

/** POST /:id/held and /:id/missed: for a session that has started. */
const mark = (how: 'held' | 'missed') =>
  guarded(async (req, session) => {
    const outcome = await markSession(req.payload, session.id, how)
    const said = MARKED[outcome]
    return said ? answer(said(session.name)) : refusalOf(outcome)
  })

export const coachSessionEndpoints: Endpoint[] = [
  { path: '/:id/move', method: 'post', handler: move },
  { path: '/:id/cancel', method: 'post', handler: cancel },
  { path: '/:id/held', method: 'post', handler: mark('held') },
  { path: '/:id/missed', method: 'post', handler: mark('missed') },
  { path: '/:id/undo', method: 'post', handler: undo },
]
