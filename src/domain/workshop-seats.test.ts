import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  applyChanges,
  availability,
  cancel,
  cancelAll,
  CANCELLATION_NOTICE_MS,
  confirm,
  DEFAULT_HOLD_HOURS,
  fewestSeats,
  holdEnd,
  HOUR_MS,
  mayCancel,
  register,
  seatsLeft,
  settle,
  type Change,
  type Registration,
  waitlistLimit,
  type WorkshopTerms,
} from './workshop-seats'

const H = HOUR_MS
const D = 24 * H
const T0 = Date.UTC(2026, 11, 1, 9)
const START = T0 + 10 * D

const terms = (over: Partial<WorkshopTerms> = {}): WorkshopTerms => ({
  seats: 2,
  startsAt: START,
  registrationClosesAt: START,
  waitlist: true,
  holdMs: DEFAULT_HOLD_HOURS * H,
  ...over,
})

/** Runs a decision and returns the state after it, with its outcome. */
function run<O extends string>(
  regs: Registration[],
  now: number,
  decide: (regs: Registration[]) => { outcome: O; changes: Change[] },
): { outcome: O; regs: Registration[]; changes: Change[] } {
  const d = decide(regs)
  return { outcome: d.outcome, regs: applyChanges(regs, d.changes, now), changes: d.changes }
}

const statusOf = (regs: Registration[], id: string) => regs.find((r) => r.id === id)?.status
const live = (regs: Registration[]) => regs.filter((r) => r.status === 'registered' || r.status === 'offered')

/** Registers a, b, c... in turn, one minute apart. */
function registerAll(t: WorkshopTerms, ids: string[], at = T0): Registration[] {
  let regs: Registration[] = []
  ids.forEach((id, i) => {
    const now = at + i * 60_000
    regs = run(regs, now, (r) => register(t, r, now, id)).regs
  })
  return regs
}

describe('registering', () => {
  it('gives seats while free, then the waitlist, in order', () => {
    const t = terms()
    const regs = registerAll(t, ['a', 'b', 'c', 'd'])
    expect(regs.map((r) => [r.id, r.status, r.seat])).toEqual([
      ['a', 'registered', 1],
      ['b', 'registered', 2],
      ['c', 'waitlisted', null],
      ['d', 'waitlisted', null],
    ])
    expect(seatsLeft(t, regs)).toBe(0)
  })

  it('refuses when full and no waitlist is kept', () => {
    const t = terms({ waitlist: false })
    const regs = registerAll(t, ['a', 'b'])
    expect(register(t, regs, T0 + H, 'c')).toEqual({ outcome: 'full', changes: [] })
  })

  it('refuses from the instant registration closes', () => {
    const t = terms({ registrationClosesAt: START - D })
    expect(register(t, [], START - D - 1, 'a').outcome).toBe('registered')
    expect(register(t, [], START - D, 'a').outcome).toBe('closed')
    // Closing after the start still closes at the start.
    expect(register(terms({ registrationClosesAt: START + D }), [], START, 'a').outcome).toBe('closed')
  })
})

describe('a freed seat', () => {
  it('is offered to the first person waiting, held 24 hours', () => {
    const t = terms()
    const regs = registerAll(t, ['a', 'b', 'c', 'd'])
    const now = T0 + H
    const after = run(regs, now, (r) => cancel(t, r, now, 'a', 'attendee'))
    expect(after.outcome).toBe('cancelled')
    expect(after.regs.find((r) => r.id === 'c')).toMatchObject({
      status: 'offered',
      seat: 1,
      holdUntil: now + 24 * H,
      offers: 1,
    })
    expect(statusOf(after.regs, 'd')).toBe('waitlisted')
  })

  it('is taken when the offered person confirms within the hold', () => {
    const t = terms()
    let regs = registerAll(t, ['a', 'b', 'c'])
    regs = run(regs, T0 + H, (r) => cancel(t, r, T0 + H, 'a', 'attendee')).regs
    const last = T0 + H + 24 * H - 1
    const done = run(regs, last, (r) => confirm(t, r, last, 'c'))
    expect(done.outcome).toBe('registered')
    expect(done.regs.find((r) => r.id === 'c')).toMatchObject({ status: 'registered', seat: 1, holdUntil: null })
  })

  it('goes to the next person when the hold lapses, to the millisecond', () => {
    const t = terms()
    let regs = registerAll(t, ['a', 'b', 'c', 'd'])
    regs = run(regs, T0 + H, (r) => cancel(t, r, T0 + H, 'a', 'attendee')).regs
    const lapse = T0 + H + 24 * H
    expect(settle(t, regs, lapse - 1)).toEqual([])
    const after = applyChanges(regs, settle(t, regs, lapse), lapse)
    expect(statusOf(after, 'c')).toBe('cancelled')
    expect(after.find((r) => r.id === 'd')).toMatchObject({ status: 'offered', seat: 1, holdUntil: lapse + 24 * H })
    // Too late for c.
    expect(confirm(t, regs, lapse, 'c').outcome).toBe('lapsed')
  })

  it('is held until registration closes at the latest, and not offered after it', () => {
    const t = terms({ registrationClosesAt: START - 30 * H })
    let regs = registerAll(t, ['a', 'b', 'c', 'd'])
    const now = START - 40 * H
    regs = run(regs, now, (r) => cancel(t, r, now, 'a', 'coach')).regs
    expect(regs.find((r) => r.id === 'c')!.holdUntil).toBe(START - 30 * H)
    expect(holdEnd(t, now)).toBe(START - 30 * H)
    // The hold ends with registration: nobody else is offered the seat.
    const after = applyChanges(regs, settle(t, regs, START - 30 * H), START - 30 * H)
    expect(statusOf(after, 'c')).toBe('cancelled')
    expect(statusOf(after, 'd')).toBe('waitlisted')
    expect(seatsLeft(t, after)).toBe(1)
  })

  it('is not offered once the workshop has started', () => {
    const t = terms({ registrationClosesAt: START + D })
    const regs = registerAll(t, ['a', 'b', 'c'])
    const after = run(regs, START, (r) => cancel(t, r, START, 'b', 'coach'))
    expect(after.outcome).toBe('cancelled')
    expect(statusOf(after.regs, 'c')).toBe('waitlisted')
  })

  it('cancelling an offer passes it on', () => {
    const t = terms()
    let regs = registerAll(t, ['a', 'b', 'c', 'd'])
    regs = run(regs, T0 + H, (r) => cancel(t, r, T0 + H, 'a', 'attendee')).regs
    const after = run(regs, T0 + 2 * H, (r) => cancel(t, r, T0 + 2 * H, 'c', 'attendee'))
    expect(after.regs.find((r) => r.id === 'd')).toMatchObject({ status: 'offered', seat: 1 })
  })

  it('a cancel racing a confirm: whichever comes first, the seat is held once', () => {
    const t = terms()
    let regs = registerAll(t, ['a', 'b', 'c', 'd'])
    regs = run(regs, T0 + H, (r) => cancel(t, r, T0 + H, 'a', 'attendee')).regs
    const now = T0 + 2 * H
    // Confirm then cancel: c is registered, then cancels; d gets the offer.
    const confirmed = run(regs, now, (r) => confirm(t, r, now, 'c')).regs
    const thenCancelled = run(confirmed, now, (r) => cancel(t, r, now, 'c', 'attendee')).regs
    expect(statusOf(thenCancelled, 'd')).toBe('offered')
    // Cancel then confirm: the confirm finds nothing offered.
    const cancelled = run(regs, now, (r) => cancel(t, r, now, 'c', 'attendee')).regs
    expect(confirm(t, cancelled, now, 'c').outcome).toBe('not-offered')
    for (const s of [thenCancelled, cancelled]) expect(live(s).length).toBeLessThanOrEqual(t.seats)
  })
})

describe('the coach changes the seats', () => {
  it('raised: every new seat is offered to the line', () => {
    const regs = registerAll(terms(), ['a', 'b', 'c', 'd', 'e'])
    const t = terms({ seats: 4 })
    const after = applyChanges(regs, settle(t, regs, T0 + H), T0 + H)
    expect(after.map((r) => [r.id, r.status, r.seat])).toEqual([
      ['a', 'registered', 1],
      ['b', 'registered', 2],
      ['c', 'offered', 3],
      ['d', 'offered', 4],
      ['e', 'waitlisted', null],
    ])
  })

  it('lowered: the newest offers go back to the front of the line, seats move down', () => {
    let regs = registerAll(terms({ seats: 4 }), ['a', 'b', 'c', 'd', 'e'])
    regs = run(regs, T0 + H, (r) => cancel(terms({ seats: 4 }), r, T0 + H, 'b', 'attendee')).regs
    regs = run(regs, T0 + H, (r) => cancel(terms({ seats: 4 }), r, T0 + H, 'c', 'attendee')).regs
    // a 1, d 4 registered; e offered seat 2.
    expect(regs.find((r) => r.id === 'e')).toMatchObject({ status: 'offered' })
    expect(fewestSeats(regs)).toBe(2)
    const t = terms({ seats: 2 })
    const after = applyChanges(regs, settle(t, regs, T0 + 2 * H), T0 + 2 * H)
    expect(after.filter((r) => r.status !== 'cancelled').map((r) => [r.id, r.status, r.seat])).toEqual([
      ['a', 'registered', 1],
      ['d', 'registered', 2],
      ['e', 'waitlisted', null],
    ])
    // Raised again: e is first in line.
    const again = applyChanges(after, settle(terms({ seats: 3 }), after, T0 + 3 * H), T0 + 3 * H)
    expect(again.find((r) => r.id === 'e')).toMatchObject({ status: 'offered', seat: 3, offers: 2 })
  })
})

describe('the 48-hour cancellation rule', () => {
  it('allows cancelling until exactly 48 hours before the start, not a millisecond later', () => {
    expect(CANCELLATION_NOTICE_MS).toBe(48 * 60 * 60 * 1000)
    expect(mayCancel(START, START - 48 * H)).toBe(true)
    expect(mayCancel(START, START - 48 * H + 1)).toBe(false)
    const t = terms()
    const regs = registerAll(t, ['a'])
    expect(cancel(t, regs, START - 48 * H + 1, 'a', 'attendee').outcome).toBe('too-late')
    expect(cancel(t, regs, START - 48 * H + 1, 'a', 'coach').outcome).toBe('cancelled')
  })

  it('counts elapsed time across a daylight-saving change, not wall-clock hours', () => {
    // Lisbon moves its clocks back on 25 October 2026 at 02:00 (01:00 UTC): a workshop on Monday 26 October at
    // 10:00 local (10:00 UTC) may be cancelled until Saturday 24 October 10:00 UTC, which is 11:00 local time.
    const start = Date.UTC(2026, 9, 26, 10)
    const lastMoment = Date.UTC(2026, 9, 24, 10)
    expect(mayCancel(start, lastMoment)).toBe(true)
    expect(mayCancel(start, lastMoment + 1)).toBe(false)
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: '2-digit', minute: '2-digit' })
    expect(local.format(lastMoment)).toBe('11:00')
    expect(local.format(start)).toBe('10:00')
  })
})

describe('properties', () => {
  const ops = fc.array(
    fc.oneof(
      fc.record({ op: fc.constant('register' as const), who: fc.nat(10) }),
      fc.record({
        op: fc.constant('cancel' as const),
        who: fc.nat(10),
        by: fc.constantFrom('attendee' as const, 'coach' as const),
      }),
      fc.record({ op: fc.constant('confirm' as const), who: fc.nat(10) }),
      fc.record({ op: fc.constant('seats' as const), seats: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ op: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 12 * H }) }),
    ),
    { maxLength: 120 },
  )

  it('live registrations (registered + offered) never exceed the seats, and seat numbers are unique and in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 0, max: 2 * D }),
        ops,
        (seats, waitlist, holdHours, closeBefore, script) => {
          let t = terms({ seats, waitlist, holdMs: holdHours * H, registrationClosesAt: START - closeBefore })
          let regs: Registration[] = []
          let now = T0
          for (const s of script) {
            if (s.op === 'tick') now += s.ms
            else if (s.op === 'seats') {
              // The coach cannot go below the people registered.
              t = { ...t, seats: Math.max(s.seats, fewestSeats(regs)) }
              regs = applyChanges(regs, settle(t, regs, now), now)
            } else {
              const id = `p${s.who}`
              const known = regs.some((r) => r.id === id)
              const d =
                s.op === 'register'
                  ? known
                    ? { changes: settle(t, regs, now) }
                    : register(t, regs, now, id)
                  : s.op === 'cancel'
                    ? cancel(t, regs, now, id, s.by)
                    : confirm(t, regs, now, id)
              regs = applyChanges(regs, d.changes, now)
            }
            const held = live(regs)
            expect(held.length).toBeLessThanOrEqual(t.seats)
            const numbers = held.map((r) => r.seat)
            expect(new Set(numbers).size).toBe(numbers.length)
            for (const n of numbers) expect(n !== null && n >= 1 && n <= t.seats).toBe(true)
            for (const r of regs.filter((x) => x.status === 'offered')) {
              // A hold ends by the time registration closes, and is never offered while closed.
              expect(r.holdUntil!).toBeLessThanOrEqual(Math.min(t.registrationClosesAt, t.startsAt))
            }
            // Nobody waits while a seat is free and registration is open.
            if (now < Math.min(t.registrationClosesAt, t.startsAt) && regs.some((r) => r.status === 'waitlisted')) {
              expect(seatsLeft(t, regs)).toBe(0)
            }
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('cancelling the whole workshop cancels everyone once, the people waiting first, and offers no seat on the way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.nat(9), { maxLength: 5 }),
        (seats, people, cancelled) => {
          const t = terms({ seats })
          const ids = Array.from({ length: people }, (_, i) => `p${i}`)
          let regs = registerAll(t, ids)
          const now = T0 + D
          for (const who of cancelled) regs = run(regs, now, (r) => cancel(t, r, now, `p${who}`, 'coach')).regs
          const changes = cancelAll(regs)
          const after = applyChanges(regs, changes, now)
          expect(after.every((r) => r.status === 'cancelled')).toBe(true)
          const named = changes.map((c) => c.id)
          expect([...named].sort()).toEqual(
            regs
              .filter((r) => r.status !== 'cancelled')
              .map((r) => r.id)
              .sort(),
          )
          expect(changes.every((c) => c.type === 'cancel')).toBe(true)
          // Each cancel applied alone on the way leaves nobody waiting with a seat free to offer them.
          let state = regs
          for (const c of changes) {
            state = applyChanges(state, [c], now)
            expect(settle(t, state, now).filter((x) => x.type === 'offer')).toEqual([])
          }
          expect(cancelAll(after)).toEqual([])
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('the waitlist has a bound (decision 080)', () => {
  it('holds as many people as the seats, at least 10; past it the workshop is full', () => {
    expect(waitlistLimit({ seats: 2 })).toBe(10)
    expect(waitlistLimit({ seats: 25 })).toBe(25)
    const t = terms()
    const ids = Array.from({ length: 13 }, (_, i) => `p${i}`)
    const regs = registerAll(t, ids)
    expect(regs.filter((r) => r.status === 'registered')).toHaveLength(2)
    expect(regs.filter((r) => r.status === 'waitlisted')).toHaveLength(10)
    expect(statusOf(regs, 'p12')).toBeUndefined()
    expect(register(t, regs, T0 + D, 'late').outcome).toBe('full')
  })

  it('answers what a visitor can do from the counts alone', () => {
    const t = terms()
    expect(availability(t, { live: 1, waiting: 0 }, T0)).toBe('seats')
    expect(availability(t, { live: 2, waiting: 9 }, T0)).toBe('waitlist')
    expect(availability(t, { live: 2, waiting: 10 }, T0)).toBe('full')
    expect(availability(terms({ waitlist: false }), { live: 2, waiting: 0 }, T0)).toBe('full')
    expect(availability(t, { live: 0, waiting: 0 }, START)).toBe('closed')
  })
})
