import type { Payload, PayloadRequest } from 'payload'

import { CREDIT_REFUSALS, DEFAULT_CREDIT_RULES, type Actor, type Balance, type CreditRules } from '@/domain/credits'
import { normalAddress } from '@/domain/people'
import { callSpan, databaseRefusal, liveCalls, liveSessions, readBookingRules } from '@/features/booking/calls'
import { PHONE_MESSAGES, phoneProblem, tidyPhone } from '@/features/booking/meeting'
import { SLOT_GONE, SLOT_TAKEN } from '@/features/booking/rules'
import { isOpenSlot, openSlots, type Availability, type Interval } from '@/features/booking/slots'
import type { CoachingSession, Purchase } from '@/payload-types'
import { mailSettings } from '@/platform/mail/settings'
import { inTransaction } from '@/platform/transaction'
import { clientAccess } from './client-access'
import { appendCreditEvent, creditBalance } from './ledger'
import { mailSessionChange } from './session-mail'
import { readCreditRules } from './SessionRules'

/*
 * Coaching sessions booked, moved and cancelled by the client from their credits (decision 065), with the
 * booking engine's rules: the coach's hours, notice, horizon, days off and calendar's busy times, at the length
 * of the package's sessions; a session and a discovery call never overlap (checked here first, then refused by
 * the database itself, which is what holds when two bookings race). Each change is a row of
 * `coaching-sessions` and an event of the client's credit ledger (decision 053), written together: in one
 * transaction on PostgreSQL; on SQLite (no transactions) the row first, where the database decides the time,
 * then the event, and the row is put back as it was when the ledger refuses.
 */

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

/** Why a change was not made, as a fixed code (the page's `?problem=`), each with its text under the coach's rules. */
export const sessionProblems = (rules: CreditRules) =>
  ({
    taken: SLOT_TAKEN,
    gone: SLOT_GONE,
    'no-slot': 'Please pick a time.',
    'phone-missing': PHONE_MESSAGES.missing,
    'phone-invalid': PHONE_MESSAGES.invalid,
    'no-credit': CREDIT_REFUSALS.noCredit,
    'after-validity': CREDIT_REFUSALS.afterValidity,
    'too-late': CREDIT_REFUSALS.tooLateToMove(rules.coachingRescheduleNoticeHours),
    started: CREDIT_REFUSALS.started,
    'not-booked': CREDIT_REFUSALS.notBooked,
    unknown: CREDIT_REFUSALS.unknownSession,
    past: CREDIT_REFUSALS.past,
    'same-time': 'The session is at that time already. Please pick another.',
    'not-started': CREDIT_REFUSALS.notStarted,
    'not-marked': CREDIT_REFUSALS.notMarked,
    'credit-booked-again': CREDIT_REFUSALS.creditBookedAgain,
    // The client page's limit, as every public form's (./posts.ts).
    'too-many': 'Too many changes from you in a short time. Please wait a few minutes and try again.',
  }) as const
/** The texts under the spec's rules (DEFAULT_CREDIT_RULES). */
export const SESSION_PROBLEMS = sessionProblems(DEFAULT_CREDIT_RULES)
export type SessionProblem = keyof typeof SESSION_PROBLEMS

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`

/**
 * What was done, as a fixed code (the page's `?done=`), each with its text in the client's words: a booked
 * session has used a credit, and `left` are the credits still free to book (read when the page is drawn).
 */
export const sessionDone = (rules: CreditRules, left: number) =>
  ({
    booked: `Your session is booked. 1 credit used, ${left} left. The invite is on its way to your inbox.`,
    moved: 'Your session has a new time. The updated invite is on its way to your inbox.',
    cancelled: `Your session is cancelled and its credit is yours again (${credits(left)} left). A note is on its way to your inbox.`,
    'cancelled-late': `Your session is cancelled. It was less than ${rules.coachingRescheduleNoticeHours} hours away, so it uses its credit. A note is on its way to your inbox.`,
  }) as const
export const SESSION_DONE_CODES = ['booked', 'moved', 'cancelled', 'cancelled-late'] as const
export type SessionDone = (typeof SESSION_DONE_CODES)[number]

/** What the coach's marks came to (the admin's words are in ./coach-sessions.ts). */
export type SessionMarked = 'marked-held' | 'marked-missed' | 'marked-missed-kept' | 'mark-undone'

export type SessionOutcome = SessionDone | SessionMarked | SessionProblem

const problemOf = (reason: string | undefined, rules: CreditRules): SessionProblem => {
  const texts = sessionProblems(rules)
  return (Object.keys(texts) as SessionProblem[]).find((k) => texts[k] === reason) ?? 'gone'
}

/** A refusal of the ledger inside a change's transaction: rolls it back (PostgreSQL) and says why. */
class SessionRefused extends Error {
  constructor(readonly problem: SessionProblem) {
    super(problem)
  }
}

export type Client = {
  email: string
  /** The name typed when they accepted their latest agreement. */
  name: string
  /** Their paid purchases, the first paid first. */
  purchases: Purchase[]
}

/**
 * The client a page token names (their paid purchases carry its hash), or null: also for a link that a newer one
 * replaced, or that ended with their last credit (./client-access.ts says which).
 */
export async function clientByToken(payload: Payload, token: string, now = new Date()): Promise<Client | null> {
  const access = await clientAccess(payload, token, now)
  if (access.status !== 'open') return null
  const { purchases } = access
  const email = normalAddress(purchases[0]!.email)
  return { email, name: purchases.findLast((p) => p.agreedName)?.agreedName ?? email, purchases }
}

/**
 * The purchase the next booking draws on, as the ledger chooses it (src/domain/credits.ts): of those with a
 * credit left and still valid, the one whose validity ends first, the smallest id on a tie.
 */
export function nextPurchase(balance: Balance, purchases: Purchase[], now: Date) {
  const open = Object.entries(balance.purchases)
    .filter(([, p]) => p.left > 0 && !p.expired && p.validUntil > now.getTime())
    .sort(([a, x], [b, y]) => x.validUntil - y.validUntil || (a < b ? -1 : 1))
  for (const [id, p] of open) {
    const purchase = purchases.find((x) => String(x.id) === id)
    if (purchase) return { purchase, validUntil: p.validUntil }
  }
  return null
}

/** The coach's rules at the length of a session: sessions do not count towards the calls of a day. */
const atLength = (a: Availability, minutes: number): Availability => ({ ...a, callMinutes: minutes })

/** The coach's time already held: her calendar's busy times, the live calls and sessions (but `except`). */
async function heldTimes(payload: Payload, now: Date, except?: number, req?: Partial<PayloadRequest>) {
  const { availability, busy, meeting } = await readBookingRules(payload, req)
  const since = new Date(now.getTime() - DAY)
  const calls = await liveCalls(payload, since, req)
  const sessions = (await liveSessions(payload, since, req)).filter((s) => s.id !== except)
  return { availability, busy, meeting, held: [...busy, ...calls, ...sessions] as Interval[] }
}

/** Why a start is not open: another call or session holds it ('taken'), or it is not open at all ('gone'). */
function refusal(a: Availability, busy: Interval[], now: Date, start: Date): SessionProblem {
  return isOpenSlot(a, busy, [], now, start) ? 'taken' : 'gone'
}

/**
 * The coach's open times to move `session` to from the admin: the booking page's rules at the session's
 * length, without the clients' notice and with the session's own time free (as a call's, decision 051).
 */
export async function openTimesForSession(
  payload: Payload,
  session: Pick<CoachingSession, 'id' | 'startsAt' | 'endsAt'>,
  now = new Date(),
  req?: Partial<PayloadRequest>,
) {
  const minutes = Math.round((new Date(session.endsAt).getTime() - new Date(session.startsAt).getTime()) / 60_000)
  const { availability, held } = await heldTimes(payload, now, session.id, req)
  const a = atLength({ ...availability, noticeHours: 0 }, minutes)
  return { days: openSlots(a, held, [], now), timeZone: a.timeZone }
}

export type SessionSlots = { slots: string[]; timeZone: string; minutes: number }

/** Days with open times offered at once on the client's page. */
export const SESSION_DAYS_SHOWN = 7

/**
 * The times a session of `minutes` may start at, from `now` on and before `before` (the credits' validity):
 * the first SESSION_DAYS_SHOWN days that have any, in the coach's zone.
 */
export async function sessionSlots(
  payload: Payload,
  { minutes, before, except, now = new Date() }: { minutes: number; before: number; except?: number; now?: Date },
): Promise<SessionSlots> {
  const { availability, held } = await heldTimes(payload, now, except)
  const a = atLength(availability, minutes)
  const days = openSlots(a, held, [], now)
    .map((d) => ({ ...d, slots: d.slots.filter((s) => s.getTime() < before) }))
    .filter((d) => d.slots.length > 0)
    .slice(0, SESSION_DAYS_SHOWN)
  return { slots: days.flatMap((d) => d.slots.map((s) => s.toISOString())), timeZone: a.timeZone, minutes }
}

/** The client's sessions, the next first (cancelled ones after the booked). */
export async function sessionsOf(payload: Payload, email: string): Promise<CoachingSession[]> {
  const found = await payload.find({
    collection: 'coaching-sessions',
    where: { email: { equals: normalAddress(email) } },
    sort: 'startsAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs
}

const sqlite = (payload: Payload) => payload.db.name !== 'postgres'

async function mailOf(payload: Payload, req: Partial<PayloadRequest>, rules: CreditRules) {
  // One after the other: a PostgreSQL transaction's one connection takes one query at a time.
  const { availability } = await readBookingRules(payload, req)
  const settings = await mailSettings(payload, req)
  return { zone: availability.timeZone, settings, noticeHours: rules.coachingRescheduleNoticeHours }
}

/**
 * Books a session at `start` from the client's credits: refused when nothing is left ("You have no sessions
 * left to book."), after the credits' validity, or when the time is not open; SLOT_TAKEN when another booking
 * (a session or a discovery call) holds it, also one made a moment ago. The session keeps how they meet as
 * Availability → Where we meet says at that moment (decision 069); by phone, with the number the client gives.
 * Mails the client and the coach, and queues the reminders.
 */
export async function bookSession(
  payload: Payload,
  client: Client,
  start: Date,
  now = new Date(),
  given: { phone?: string } = {},
): Promise<SessionOutcome> {
  if (Number.isNaN(start.getTime())) return 'no-slot'
  const rules = await readCreditRules(payload)
  const balance = await creditBalance(payload, client.email)
  const next = nextPurchase(balance, client.purchases, now)
  if (!next) return balance.left > 0 ? 'after-validity' : 'no-credit'
  if (start.getTime() >= next.validUntil) return 'after-validity'
  const minutes = next.purchase.sessionMinutes
  const { availability, busy, held, meeting } = await heldTimes(payload, now)
  const a = atLength(availability, minutes)
  if (!isOpenSlot(a, held, [], now, start)) return refusal(a, busy, now, start)
  let phone: string | null = null
  if (meeting.kind === 'phone') {
    const problem = phoneProblem(given.phone)
    if (problem) return problem === PHONE_MESSAGES.missing ? 'phone-missing' : 'phone-invalid'
    phone = tidyPhone(given.phone!)
  }

  // What this booking wrote before the ledger answered (SQLite keeps it when the ledger refuses).
  const written: { session?: CoachingSession } = {}
  try {
    return await inTransaction(payload, async (req) => {
      const created = await payload.create({
        collection: 'coaching-sessions',
        data: {
          name: client.name,
          email: client.email,
          purchase: next.purchase.id,
          packageTitle: next.purchase.packageTitle,
          meetingKind: meeting.kind,
          meetingPlace: meeting.place,
          phone,
          ...callSpan(start, minutes, a.bufferMinutes),
          startsAt_tz: a.timeZone,
          status: 'booked',
          sequence: 0,
          createdAt: now.toISOString(),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      written.session = created
      const appended = await appendCreditEvent(
        payload,
        client.email,
        {
          type: 'session-booked',
          key: `book:${created.id}`,
          at: now.getTime(),
          session: String(created.id),
          startsAt: start.getTime(),
          by: 'client',
        },
        rules,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason, rules))
      await mailSessionChange(payload, created, 'booked', { ...(await mailOf(payload, req, rules)), now }, req)
      return 'booked' as const
    })
  } catch (error) {
    if (error instanceof SessionRefused) {
      // SQLite keeps the row written before the ledger refused: it goes, as it was never booked.
      if (written.session && sqlite(payload)) {
        await payload.delete({ collection: 'coaching-sessions', id: written.session.id, overrideAccess: true })
      }
      return error.problem
    }
    if (databaseRefusal(error) === 'overlap') return 'taken'
    throw error
  }
}

/** One of the client's own sessions, still as stored. */
async function ownSession(payload: Payload, client: Client, id: number): Promise<CoachingSession | null> {
  const s = await sessionById(payload, id)
  return s && normalAddress(s.email) === client.email ? s : null
}

/** A session by its id, as stored, or null. */
async function sessionById(payload: Payload, id: number): Promise<CoachingSession | null> {
  if (!Number.isSafeInteger(id)) return null
  return payload.findByID({ collection: 'coaching-sessions', id, depth: 0, overrideAccess: true }).catch(() => null)
}

/** What the coach adds to a change of theirs: a line to the client, in their mail. */
export type CoachNote = { line?: string }

/**
 * Cancels a booked session as `by`: the ledger decides (a client's late cancellation uses the credit under
 * the rules; the coach's never does) and the row follows. The client and the coach get METHOD:CANCEL.
 */
async function cancelAs(
  payload: Payload,
  session: CoachingSession,
  by: Actor,
  rules: CreditRules,
  now: Date,
  line?: string,
): Promise<SessionOutcome> {
  try {
    return await inTransaction(payload, async (req) => {
      // The ledger first: it decides (started? already cancelled?) and whether the credit is used.
      const appended = await appendCreditEvent(
        payload,
        session.email,
        { type: 'session-cancelled', key: `cancel:${session.id}`, at: now.getTime(), session: String(session.id), by },
        rules,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason, rules))
      if (appended.status === 'duplicate') return 'not-booked' as const
      // What the rules of this moment chose, as the ledger wrote it down.
      const late = appended.entry?.type === 'session-cancelled' && appended.entry.usesCredit
      const cancelled = await payload.update({
        collection: 'coaching-sessions',
        id: session.id,
        data: {
          status: 'cancelled',
          cancelledAt: now.toISOString(),
          cancelledBy: by,
          creditUsed: late,
          sequence: session.sequence + 1,
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await mailSessionChange(
        payload,
        cancelled,
        'cancelled',
        { ...(await mailOf(payload, req, rules)), creditUsed: late, by, line, now },
        req,
      )
      return late ? ('cancelled-late' as const) : ('cancelled' as const)
    })
  } catch (error) {
    if (error instanceof SessionRefused) return error.problem
    throw error
  }
}

/**
 * Moves a booked session to `start` as `by`, at its own length: to an open time of the coach's (for the coach
 * without the clients' notice, as a discovery call's move, decision 051), or, for the coach with
 * `outsideHours`, to any time ahead that no call or session holds. The client and the coach get the updated
 * invite.
 */
async function moveAs(
  payload: Payload,
  session: CoachingSession,
  start: Date,
  by: Actor,
  rules: CreditRules,
  now: Date,
  { line, outsideHours = false }: CoachNote & { outsideHours?: boolean } = {},
): Promise<SessionOutcome> {
  const startsAt = new Date(session.startsAt).getTime()
  if (start.getTime() === startsAt) return 'same-time'
  if (start.getTime() <= now.getTime()) return 'past'
  const minutes = Math.round((new Date(session.endsAt).getTime() - startsAt) / 60_000)
  const { availability, busy, held } = await heldTimes(payload, now, session.id)
  const a = atLength(by === 'coach' ? { ...availability, noticeHours: 0 } : availability, minutes)
  if (!outsideHours && !isOpenSlot(a, held, [], now, start)) return refusal(a, busy, now, start)
  const before = { startsAt: session.startsAt, endsAt: session.endsAt, blockedUntil: session.blockedUntil }
  const written = { moved: false }
  try {
    return await inTransaction(payload, async (req) => {
      const updated = await payload.update({
        collection: 'coaching-sessions',
        id: session.id,
        data: { ...callSpan(start, minutes, a.bufferMinutes), sequence: session.sequence + 1 },
        depth: 0,
        overrideAccess: true,
        req,
      })
      written.moved = true
      const appended = await appendCreditEvent(
        payload,
        session.email,
        {
          type: 'session-rescheduled',
          key: `move:${session.id}:${updated.sequence}`,
          at: now.getTime(),
          session: String(session.id),
          startsAt: start.getTime(),
          by,
        },
        rules,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason, rules))
      await mailSessionChange(payload, updated, 'moved', { ...(await mailOf(payload, req, rules)), by, line, now }, req)
      return 'moved' as const
    })
  } catch (error) {
    if (error instanceof SessionRefused) {
      if (written.moved && sqlite(payload)) {
        await payload.update({
          collection: 'coaching-sessions',
          id: session.id,
          data: { ...before, sequence: session.sequence },
          depth: 0,
          overrideAccess: true,
        })
      }
      return error.problem
    }
    if (databaseRefusal(error) === 'overlap') return 'taken'
    throw error
  }
}

/**
 * Cancels one of the client's sessions: until the notice (24 hours by default) its credit comes back; later it
 * uses it (decision 053). Refused once it has started. The client and the coach get METHOD:CANCEL.
 */
export async function cancelSession(
  payload: Payload,
  client: Client,
  id: number,
  now = new Date(),
): Promise<SessionOutcome> {
  const session = await ownSession(payload, client, id)
  if (!session) return 'unknown'
  if (session.status !== 'booked') return 'not-booked'
  return cancelAs(payload, session, 'client', await readCreditRules(payload), now)
}

/**
 * Moves one of the client's sessions to another open time, at its own length, until the notice (24 hours by
 * default) before it; later the move is refused in words. The client and the coach get the updated invite.
 */
export async function moveSession(
  payload: Payload,
  client: Client,
  id: number,
  start: Date,
  now = new Date(),
): Promise<SessionOutcome> {
  if (Number.isNaN(start.getTime())) return 'no-slot'
  const session = await ownSession(payload, client, id)
  if (!session) return 'unknown'
  if (session.status !== 'booked') return 'not-booked'
  const startsAt = new Date(session.startsAt).getTime()
  if (now.getTime() >= startsAt) return 'started'
  const rules = await readCreditRules(payload)
  if (startsAt - now.getTime() < rules.coachingRescheduleNoticeHours * HOUR) return 'too-late'
  return moveAs(payload, session, start, 'client', rules, now)
}

/**
 * The coach cancels a session from the admin, at any time before it starts: its credit goes back to the client
 * (the ledger's rule for the coach's cancellations). The client is mailed METHOD:CANCEL, with the coach's line.
 */
export async function coachCancelSession(
  payload: Payload,
  id: number,
  { line, now = new Date() }: CoachNote & { now?: Date } = {},
): Promise<SessionOutcome> {
  const session = await sessionById(payload, id)
  if (!session) return 'unknown'
  if (session.status !== 'booked') return 'not-booked'
  if (now.getTime() >= new Date(session.startsAt).getTime()) return 'started'
  return cancelAs(payload, session, 'coach', await readCreditRules(payload), now, line)
}

/**
 * The coach moves a session from the admin, at any time before it starts (no notice): to one of her open
 * times at the session's length, or with `outsideHours` to any time ahead that no call or session holds. The
 * client is mailed the updated invite, with the coach's line.
 */
export async function coachMoveSession(
  payload: Payload,
  id: number,
  start: Date,
  { line, outsideHours, now = new Date() }: CoachNote & { outsideHours?: boolean; now?: Date } = {},
): Promise<SessionOutcome> {
  if (Number.isNaN(start.getTime())) return 'no-slot'
  const session = await sessionById(payload, id)
  if (!session) return 'unknown'
  if (session.status !== 'booked') return 'not-booked'
  if (now.getTime() >= new Date(session.startsAt).getTime()) return 'started'
  return moveAs(payload, session, start, 'coach', await readCreditRules(payload), now, { line, outsideHours })
}

/** What the coach marks a session that has started: held, or missed by the client. */
export type SessionMark = 'held' | 'missed'

/**
 * Marks a session that has started as held (its credit is used) or missed (it uses its credit when the rules
 * say so at this moment, else the credit goes back). Once: held and missed share one ledger key (a mark after
 * an undone one gets the next), so two marks, even at once, store the first. No mail.
 */
export async function markSession(
  payload: Payload,
  id: number,
  mark: SessionMark,
  now = new Date(),
): Promise<SessionOutcome> {
  const session = await sessionById(payload, id)
  if (!session) return 'unknown'
  if (session.status !== 'booked') return 'not-booked'
  const rules = await readCreditRules(payload)
  try {
    return await inTransaction(payload, async (req) => {
      const undone = await undoneMarks(payload, session.id, req)
      const key = undone ? `mark:${session.id}:${undone}` : `mark:${session.id}`
      const common = { key, at: now.getTime(), session: String(session.id) }
      const appended = await appendCreditEvent(
        payload,
        session.email,
        mark === 'held' ? { type: 'session-held', ...common } : { type: 'no-show', ...common },
        rules,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason, rules))
      if (appended.status === 'duplicate') return 'not-booked' as const
      const used =
        appended.entry?.type === 'session-held' || (appended.entry?.type === 'no-show' && appended.entry.usesCredit)
      await payload.update({
        collection: 'coaching-sessions',
        id: session.id,
        data: { status: mark, creditUsed: used },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return mark === 'held'
        ? ('marked-held' as const)
        : used
          ? ('marked-missed' as const)
          : ('marked-missed-kept' as const)
    })
  } catch (error) {
    if (error instanceof SessionRefused) return error.problem
    throw error
  }
}

/** How often a mark of the session was undone: its next mark is a fact of its own (a ledger key of its own). */
const undoneMarks = async (payload: Payload, id: number, req: PayloadRequest) =>
  (
    await payload.count({
      collection: 'credit-entries',
      where: { and: [{ session: { equals: String(id) } }, { type: { equals: 'mark-undone' } }] },
      overrideAccess: true,
      req,
    })
  ).totalDocs

/**
 * Undoes the coach's mark (held or missed) made by mistake: a new entry of the ledger puts the session's credit
 * back where it was while it was booked (the ledger keeps both: nothing is changed or removed), and the session
 * is booked again, to be marked anew. A credit the mark gave back that was booked or refunded since cannot come
 * back: refused in words. Once: two undos at once share one key and store the first. No mail.
 */
export async function undoSessionMark(payload: Payload, id: number, now = new Date()): Promise<SessionOutcome> {
  const session = await sessionById(payload, id)
  if (!session) return 'unknown'
  if (session.status !== 'held' && session.status !== 'missed') return 'not-marked'
  const rules = await readCreditRules(payload)
  try {
    return await inTransaction(payload, async (req) => {
      const undone = await undoneMarks(payload, session.id, req)
      const appended = await appendCreditEvent(
        payload,
        session.email,
        {
          type: 'mark-undone',
          key: `mark-undone:${session.id}:${undone + 1}`,
          at: now.getTime(),
          session: String(session.id),
        },
        rules,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason, rules))
      if (appended.status === 'duplicate') return 'not-marked' as const
      await payload.update({
        collection: 'coaching-sessions',
        id: session.id,
        data: { status: 'booked', creditUsed: false },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return 'mark-undone' as const
    })
  } catch (error) {
    if (error instanceof SessionRefused) return error.problem
    throw error
  }
}
