import type { Payload, PayloadRequest } from 'payload'

import { CREDIT_REFUSALS, DEFAULT_CREDIT_RULES, type Balance } from '@/domain/credits'
import { normalAddress } from '@/domain/people'
import { callSpan, databaseRefusal, liveCalls, liveSessions, readBookingRules } from '@/features/booking/calls'
import { PHONE_MESSAGES, phoneProblem, tidyPhone } from '@/features/booking/meeting'
import { SLOT_GONE, SLOT_TAKEN } from '@/features/booking/rules'
import { isOpenSlot, openSlots, type Availability, type Interval } from '@/features/booking/slots'
import type { CoachingSession, Purchase } from '@/payload-types'
import { mailSettings } from '@/platform/mail/settings'
import { inTransaction } from '@/platform/transaction'
import { appendCreditEvent, creditBalance } from './ledger'
import { mailSessionChange } from './session-mail'
import { clientKeyOfToken } from './tokens'

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
const RULES = DEFAULT_CREDIT_RULES

/** Why a change was not made, as a fixed code (the page's `?problem=`), each with its text below. */
export const SESSION_PROBLEMS = {
  taken: SLOT_TAKEN,
  gone: SLOT_GONE,
  'no-slot': 'Please pick a time.',
  'phone-missing': PHONE_MESSAGES.missing,
  'phone-invalid': PHONE_MESSAGES.invalid,
  'no-credit': CREDIT_REFUSALS.noCredit,
  'after-validity': CREDIT_REFUSALS.afterValidity,
  'too-late': CREDIT_REFUSALS.tooLateToMove(RULES.coachingRescheduleNoticeHours),
  started: CREDIT_REFUSALS.started,
  'not-booked': CREDIT_REFUSALS.notBooked,
  unknown: CREDIT_REFUSALS.unknownSession,
} as const
export type SessionProblem = keyof typeof SESSION_PROBLEMS

/** What was done, as a fixed code (the page's `?done=`), each with its text. */
export const SESSION_DONE = {
  booked: 'Your session is booked. The invite is on its way to your inbox.',
  moved: 'Your session has a new time. The updated invite is on its way to your inbox.',
  cancelled: 'Your session is cancelled and its credit is yours again. A note is on its way to your inbox.',
  'cancelled-late': `Your session is cancelled. It was less than ${RULES.coachingRescheduleNoticeHours} hours away, so it uses its credit. A note is on its way to your inbox.`,
} as const
export type SessionDone = keyof typeof SESSION_DONE

export type SessionOutcome = SessionDone | SessionProblem

const problemOf = (reason: string | undefined): SessionProblem =>
  (Object.keys(SESSION_PROBLEMS) as SessionProblem[]).find((k) => SESSION_PROBLEMS[k] === reason) ?? 'gone'

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

/** The client a page token names (their paid purchases carry its hash), or null. */
export async function clientByToken(payload: Payload, token: string): Promise<Client | null> {
  const key = clientKeyOfToken(token)
  if (!key) return null
  const purchases = (
    await payload.find({
      collection: 'purchases',
      where: { and: [{ clientKey: { equals: key } }, { status: { equals: 'paid' } }] },
      sort: 'paidAt',
      pagination: false,
      depth: 1,
      overrideAccess: true,
    })
  ).docs
  if (purchases.length === 0) return null
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

async function mailOf(payload: Payload, req: Partial<PayloadRequest>) {
  // One after the other: a PostgreSQL transaction's one connection takes one query at a time.
  const { availability } = await readBookingRules(payload, req)
  const settings = await mailSettings(payload, req)
  return { zone: availability.timeZone, settings, noticeHours: RULES.coachingRescheduleNoticeHours }
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
        RULES,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason))
      await mailSessionChange(payload, created, 'booked', { ...(await mailOf(payload, req)), now }, req)
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
  if (!Number.isSafeInteger(id)) return null
  const s = await payload
    .findByID({ collection: 'coaching-sessions', id, depth: 0, overrideAccess: true })
    .catch(() => null)
  return s && normalAddress(s.email) === client.email ? s : null
}

/**
 * Cancels one of the client's sessions: until the notice (24 hours) its credit comes back; later it uses it
 * (decision 053). Refused once it has started. The client and the coach get METHOD:CANCEL.
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
  try {
    return await inTransaction(payload, async (req) => {
      // The ledger first: it decides (started? already cancelled?) and whether the credit is used.
      const appended = await appendCreditEvent(
        payload,
        client.email,
        {
          type: 'session-cancelled',
          key: `cancel:${session.id}`,
          at: now.getTime(),
          session: String(session.id),
          by: 'client',
        },
        RULES,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason))
      if (appended.status === 'duplicate') return 'not-booked' as const
      const late =
        RULES.lateCancellationUsesCredit &&
        new Date(session.startsAt).getTime() - now.getTime() < RULES.coachingRescheduleNoticeHours * HOUR
      const cancelled = await payload.update({
        collection: 'coaching-sessions',
        id: session.id,
        data: { status: 'cancelled', cancelledAt: now.toISOString(), creditUsed: late, sequence: session.sequence + 1 },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await mailSessionChange(
        payload,
        cancelled,
        'cancelled',
        { ...(await mailOf(payload, req)), creditUsed: late, now },
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
 * Moves one of the client's sessions to another open time, at its own length, until the notice (24 hours)
 * before it; later the move is refused in words. The client and the coach get the updated invite.
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
  if (startsAt - now.getTime() < RULES.coachingRescheduleNoticeHours * HOUR) return 'too-late'
  const minutes = Math.round((new Date(session.endsAt).getTime() - startsAt) / 60_000)
  const { availability, busy, held } = await heldTimes(payload, now, session.id)
  const a = atLength(availability, minutes)
  if (!isOpenSlot(a, held, [], now, start)) return refusal(a, busy, now, start)
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
        client.email,
        {
          type: 'session-rescheduled',
          key: `move:${session.id}:${updated.sequence}`,
          at: now.getTime(),
          session: String(session.id),
          startsAt: start.getTime(),
          by: 'client',
        },
        RULES,
        req,
      )
      if (appended.status === 'refused') throw new SessionRefused(problemOf(appended.reason))
      await mailSessionChange(payload, updated, 'moved', { ...(await mailOf(payload, req)), now }, req)
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
