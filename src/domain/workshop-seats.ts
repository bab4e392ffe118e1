import { WORKSHOP_CANCELLATION_HOURS } from './business'

/*
 * A workshop's seats and its waitlist as a pure state machine (decision 064). Every function takes the
 * workshop's terms, its registrations as they are and the clock (`now`, milliseconds since 1970, UTC), and
 * answers with what should change; `applyChanges` applies them. Nothing here reads a clock or a database.
 *
 *   register     a seat while one is free (the lowest free seat number), else the end of the waitlist (when the
 *                workshop keeps one), else refused; refused once registration has closed
 *   cancel       frees the seat; the freed seat is offered to the first person waiting
 *   offer        the first person waiting gets a free seat, held for them until `holdUntil`: `holdMs` (24 hours
 *                by default) from the offer, always ending when registration closes (never after the start)
 *   confirm      the offered person takes the seat while the hold lasts
 *   lapse        a hold that ran out ends the offer (cancelled) and the seat goes to the next person waiting
 *   seats lowered offers beyond the new number go back to the waitlist, first in line again; the coach cannot
 *                go below the people registered (`fewestSeats`)
 *   no offer     once registration has closed or the workshop has started
 *
 * Live registrations (registered + offered) never exceed the seats: each live registration holds a seat
 * number from 1 to `seats`, unique per workshop, which the database also holds as a unique index.
 */

export const REGISTRATION_STATUSES = ['registered', 'waitlisted', 'offered', 'cancelled'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/**
 * A paid seat given up ends as refunded or credited (decision 070) rather than cancelled; to the seats and the
 * waitlist all three are the same: the registration holds nothing and waits for nothing.
 */
export const ENDED_STATUSES = ['cancelled', 'refunded', 'credited'] as const
export const STORED_REGISTRATION_STATUSES = [...REGISTRATION_STATUSES, 'refunded', 'credited'] as const
export type StoredRegistrationStatus = (typeof STORED_REGISTRATION_STATUSES)[number]
export const hasEnded = (status: string): boolean => (ENDED_STATUSES as readonly string[]).includes(status)
/** The status the seats' rules read for a stored one. */
export const seatStatus = (status: StoredRegistrationStatus): RegistrationStatus =>
  hasEnded(status) ? 'cancelled' : (status as RegistrationStatus)

/**
 * A workshop's price, stored in dollars (the coach's field), as cents: what a seat costs, 0 when free.
 */
export const priceCents = (dollars: number | null | undefined): number =>
  typeof dollars === 'number' && dollars > 0 ? Math.round(dollars * 100) : 0

export type Registration = {
  id: string
  status: RegistrationStatus
  /** When the person registered or joined the waitlist: their place in the line. */
  queuedAt: number
  /** The seat number held while registered or offered, else null. */
  seat: number | null
  /** Until when an offered seat is held for them, else null. */
  holdUntil: number | null
  /** How many times a seat was offered to them (names each offer once, e.g. for its mail). */
  offers: number
}

export type WorkshopTerms = {
  seats: number
  startsAt: number
  /** When registration closes; never later than the start (`closesAt` reads the earlier of the two). */
  registrationClosesAt: number
  waitlist: boolean
  /** How long an offered seat is held (cut at registration's close). */
  holdMs: number
}

export const HOUR_MS = 60 * 60 * 1000
export const DEFAULT_HOLD_HOURS = 24
/** The spec's "Workshop cancellation: 48 hours before", in milliseconds. */
export const CANCELLATION_NOTICE_MS = WORKSHOP_CANCELLATION_HOURS * HOUR_MS

export type Change =
  | { type: 'register'; id: string; seat: number }
  | { type: 'waitlist'; id: string }
  | { type: 'offer'; id: string; seat: number; holdUntil: number; offer: number }
  | { type: 'confirm'; id: string }
  | { type: 'lapse'; id: string }
  | { type: 'withdraw'; id: string }
  | { type: 'reseat'; id: string; seat: number }
  | { type: 'cancel'; id: string }

export const closesAt = (t: WorkshopTerms): number => Math.min(t.registrationClosesAt, t.startsAt)
export const isOpen = (t: WorkshopTerms, now: number): boolean => now < closesAt(t)

const isLive = (r: Registration) => r.status === 'registered' || r.status === 'offered'
const inLine = (a: Registration, b: Registration) => a.queuedAt - b.queuedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The hold of an offer made at `now`: `holdMs` long, ending when registration closes at the latest. */
export const holdEnd = (t: WorkshopTerms, now: number): number => Math.min(now + t.holdMs, closesAt(t))

/** The fewest people a waitlist holds, however few the seats (decision 080). */
export const MIN_WAITLIST = 10
/**
 * How many people a workshop's waitlist holds (decision 080): as many as it has seats, and at least
 * MIN_WAITLIST. Past it the workshop is full, as one that keeps no waitlist.
 */
export const waitlistLimit = (t: Pick<WorkshopTerms, 'seats'>): number => Math.max(t.seats, MIN_WAITLIST)

/**
 * What a visitor can do now, read from how many people hold a seat (registered or offered) and how many wait:
 * register (`seats`), join the waitlist (`waitlist`), nothing (`full`, or `closed`). Nothing about any one
 * address goes into it.
 */
export function availability(
  t: WorkshopTerms,
  counts: { live: number; waiting: number },
  now: number,
): 'closed' | 'seats' | 'waitlist' | 'full' {
  if (!isOpen(t, now)) return 'closed'
  if (counts.live < t.seats) return 'seats'
  return t.waitlist && counts.waiting < waitlistLimit(t) ? 'waitlist' : 'full'
}

/** Whether the attendee may still cancel themselves: until 48 hours before the start, to the millisecond. */
export const mayCancel = (startsAt: number, now: number): boolean => startsAt - now >= CANCELLATION_NOTICE_MS

/** The fewest seats the coach may set: everyone registered keeps their seat. */
export const fewestSeats = (regs: readonly Registration[]): number =>
  regs.filter((r) => r.status === 'registered').length

/** Applies changes in order; a registration a change names that is not there yet is added (register, waitlist). */
export function applyChanges(
  regs: readonly Registration[],
  changes: readonly Change[],
  queuedAt: number,
): Registration[] {
  const byId = new Map(regs.map((r) => [r.id, { ...r }]))
  for (const c of changes) {
    const r = byId.get(c.id) ?? { id: c.id, status: 'waitlisted', queuedAt, seat: null, holdUntil: null, offers: 0 }
    byId.set(c.id, r)
    switch (c.type) {
      case 'register':
        Object.assign(r, { status: 'registered', seat: c.seat, holdUntil: null })
        break
      case 'waitlist':
        Object.assign(r, { status: 'waitlisted', seat: null, holdUntil: null })
        break
      case 'offer':
        Object.assign(r, { status: 'offered', seat: c.seat, holdUntil: c.holdUntil, offers: c.offer })
        break
      case 'confirm':
        Object.assign(r, { status: 'registered', holdUntil: null })
        break
      case 'withdraw':
        Object.assign(r, { status: 'waitlisted', seat: null, holdUntil: null })
        break
      case 'reseat':
        r.seat = c.seat
        break
      case 'lapse':
      case 'cancel':
        Object.assign(r, { status: 'cancelled', seat: null, holdUntil: null })
        break
    }
  }
  return [...byId.values()]
}

/** The seat numbers from 1 to `seats` that no live registration holds, lowest first. */
function freeSeats(t: WorkshopTerms, regs: readonly Registration[]): number[] {
  const taken = new Set(regs.filter(isLive).map((r) => r.seat))
  const free: number[] = []
  for (let n = 1; n <= t.seats; n++) if (!taken.has(n)) free.push(n)
  return free
}

/**
 * What the clock and the seats call for, before anything else is decided: holds that ran out lapse, offers
 * beyond the seats go back to the line (newest offer first), seats numbered past the seats move down, and every
 * free seat is offered to the next person waiting while registration is open.
 */
export function settle(t: WorkshopTerms, regs: readonly Registration[], now: number): Change[] {
  const changes: Change[] = []
  let state = [...regs]
  const step = (c: Change[]) => {
    changes.push(...c)
    state = applyChanges(state, c, now)
  }
  step(
    state
      .filter((r) => r.status === 'offered' && r.holdUntil !== null && r.holdUntil <= now)
      .map((r) => ({ type: 'lapse' as const, id: r.id })),
  )
  const offered = state.filter((r) => r.status === 'offered').sort(inLine)
  const over = state.filter(isLive).length - t.seats
  if (over > 0) step(offered.slice(-over).map((r) => ({ type: 'withdraw' as const, id: r.id })))
  const beyond = state.filter((r) => isLive(r) && (r.seat === null || r.seat > t.seats)).sort(inLine)
  const free = freeSeats(t, state)
  step(beyond.slice(0, free.length).map((r, i) => ({ type: 'reseat' as const, id: r.id, seat: free[i]! })))
  if (!isOpen(t, now)) return changes
  const waiting = state.filter((r) => r.status === 'waitlisted').sort(inLine)
  const open = freeSeats(t, state)
  const holdUntil = holdEnd(t, now)
  step(
    waiting
      .slice(0, open.length)
      .map((r, i) => ({ type: 'offer' as const, id: r.id, seat: open[i]!, holdUntil, offer: r.offers + 1 })),
  )
  return changes
}

export type Decision<O extends string> = { outcome: O; changes: Change[] }

/**
 * A new registration `id`: a seat when one is free after settling, else the waitlist (if kept), else refused.
 * Nobody waiting is passed over: settling offers every free seat to the line first. A seat still to be paid
 * for (`paymentDue`, decision 070) is held for them as an offer is (`holdEnd`) and counts as taken meanwhile:
 * paying confirms it, and when the hold runs out unpaid it lapses and goes to the first person waiting.
 */
export function register(
  t: WorkshopTerms,
  regs: readonly Registration[],
  now: number,
  id: string,
  { paymentDue = false }: { paymentDue?: boolean } = {},
): Decision<'registered' | 'held' | 'waitlisted' | 'closed' | 'full'> {
  if (!isOpen(t, now)) return { outcome: 'closed', changes: [] }
  const changes = settle(t, regs, now)
  const state = applyChanges(regs, changes, now)
  const free = freeSeats(t, state)
  if (free.length > 0 && paymentDue) {
    const offers = (regs.find((r) => r.id === id)?.offers ?? 0) + 1
    return {
      outcome: 'held',
      changes: [...changes, { type: 'offer', id, seat: free[0]!, holdUntil: holdEnd(t, now), offer: offers }],
    }
  }
  if (free.length > 0) return { outcome: 'registered', changes: [...changes, { type: 'register', id, seat: free[0]! }] }
  const waiting = state.filter((r) => r.status === 'waitlisted' && r.id !== id).length
  if (!t.waitlist || waiting >= waitlistLimit(t)) return { outcome: 'full', changes }
  return { outcome: 'waitlisted', changes: [...changes, { type: 'waitlist', id }] }
}

/**
 * Cancels registration `id` (registered, offered or waitlisted). The attendee may cancel until 48 hours before
 * the start; the coach at any time. The freed seat goes to the next person waiting.
 */
export function cancel(
  t: WorkshopTerms,
  regs: readonly Registration[],
  now: number,
  id: string,
  by: 'attendee' | 'coach',
): Decision<'cancelled' | 'too-late' | 'not-live'> {
  const before = settle(t, regs, now)
  const state = applyChanges(regs, before, now)
  const r = state.find((x) => x.id === id)
  if (!r || r.status === 'cancelled') return { outcome: 'not-live', changes: before }
  if (by === 'attendee' && !mayCancel(t.startsAt, now)) return { outcome: 'too-late', changes: before }
  const after = applyChanges(state, [{ type: 'cancel', id }], now)
  return { outcome: 'cancelled', changes: [...before, { type: 'cancel', id }, ...settle(t, after, now)] }
}

/** The offered person takes their seat, while the hold lasts (to the millisecond: at `holdUntil` it has lapsed). */
export function confirm(
  t: WorkshopTerms,
  regs: readonly Registration[],
  now: number,
  id: string,
): Decision<'registered' | 'already' | 'lapsed' | 'not-offered'> {
  const r = regs.find((x) => x.id === id)
  if (r?.status === 'registered') return { outcome: 'already', changes: settle(t, regs, now) }
  const changes = settle(t, regs, now)
  const state = applyChanges(regs, changes, now)
  const after = state.find((x) => x.id === id)
  if (after?.status === 'offered') return { outcome: 'registered', changes: [...changes, { type: 'confirm', id }] }
  if (r?.status === 'offered') return { outcome: 'lapsed', changes }
  return { outcome: 'not-offered', changes }
}

/** Seats no live registration holds (0 when over), for "N seats left". */
export const seatsLeft = (t: WorkshopTerms, regs: readonly Registration[]): number =>
  Math.max(0, t.seats - regs.filter(isLive).length)

/**
 * The coach cancels the whole workshop: everyone not cancelled yet is (the people waiting first, so no freed
 * seat is offered on the way), and nothing else changes. Answers the changes; none when nobody is left.
 */
export function cancelAll(regs: readonly Registration[]): Change[] {
  const order = { waitlisted: 0, offered: 1, registered: 2, cancelled: 3 } as const
  return regs
    .filter((r) => r.status !== 'cancelled')
    .sort((a, b) => order[a.status] - order[b.status] || inLine(a, b))
    .map((r) => ({ type: 'cancel' as const, id: r.id }))
}
