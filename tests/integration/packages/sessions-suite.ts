import ICAL from 'ical.js'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Balance } from '@/domain/credits'
import type { CoachingSession } from '@/payload-types'
import { DAY, MINUTE } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { mailsAsSent } from '../../support/outbox'
import { aCall, callTimes, newClients, openEveryDayInUtc } from '../../support/scenarios'
import { aPaidClient, creditEntriesOf } from '../../support/credits'
import { countOf, testSite } from '../../support/site'

type Sessions = typeof import('@/features/packages/sessions')

/** The clock of these tests: Tuesday 2026-12-01, 10:00 UTC. */
const NOW = new Date('2026-12-01T10:00:00.000Z')
const at = (iso: string) => new Date(iso)

/** An invite as a calendar reads it: METHOD, and its event's UID, SEQUENCE, STATUS, start and end. */
function invite(content: string) {
  const root = new ICAL.Component(ICAL.parse(content))
  const event = root.getFirstSubcomponent('vevent')!
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString()
  return {
    method: root.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: time('dtstart'),
    end: time('dtend'),
  }
}

const calendarOf = (mail: { calendar?: unknown }) => (mail.calendar as { content: string }).content

/** bought = used + left + held + forfeited + refunded (decision 053). */
function expectBalanced(b: Balance) {
  expect(b.bought).toBe(b.used + b.left + b.held + b.forfeited + b.refunded)
}

/**
 * Coaching sessions booked, moved and cancelled from credits on the client's page (decision 065): the booking
 * engine's rules at the package's length, a row and a ledger event for each change, the invite mailed with a
 * stable UID and a growing SEQUENCE, the 24-hour rule at its exact boundary, and one time for sessions and
 * discovery calls, also when bookings race.
 */
export function sessionsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Coaching sessions from credits on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup, { smtp: true })
    let mod: Sessions
    const visitor = newClients(`sessions-${label}`)

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/packages/sessions')
      await openEveryDayInUtc(payload)
    })

    /** A client who bought the Starter Session (or `sessions` of them) and paid at NOW: their credits open. */
    const aClient = (name: string, sessions = 1) => aPaidClient(payload, { name, label, paidAt: NOW, sessions })

    const sessionsOf = (email: string) => mod.sessionsOf(payload, email)
    const balanceOf = async (email: string) =>
      (await import('@/features/packages/ledger')).creditBalance(payload, email)
    const entriesOf = (email: string) => creditEntriesOf(payload, email)
    const slotsFor = (validUntil: number, now = NOW, except?: number) =>
      mod.sessionSlots(payload, { minutes: 60, before: validUntil, now, ...(except ? { except } : {}) })
    const validity = NOW.getTime() + 90 * DAY

    it('books a session from an open time of the page: one row, one credit held, the invite to the client and the coach', async () => {
      const { client, purchase, email } = await aClient('Ada Lovelace')
      // The coach's hours at the session's length: 60 minutes and 15 kept free, from 24 hours ahead.
      const offered = await slotsFor(validity)
      expect(offered).toMatchObject({ timeZone: 'UTC', minutes: 60 })
      expect(offered.slots.slice(0, 6)).toEqual([
        '2026-12-02T10:15:00.000Z',
        '2026-12-02T11:30:00.000Z',
        '2026-12-02T12:45:00.000Z',
        '2026-12-02T14:00:00.000Z',
        '2026-12-02T15:15:00.000Z',
        '2026-12-03T09:00:00.000Z',
      ])
      expect(await mod.bookSession(payload, client, at('2026-12-02T10:15:00.000Z'), NOW)).toBe('booked')

      const [row, ...more] = await sessionsOf(email)
      expect(more).toEqual([])
      expect(row).toMatchObject({
        name: 'Ada Lovelace',
        email,
        purchase: purchase.id,
        packageTitle: 'Starter Session',
        ...callTimes('2026-12-02T10:15:00.000Z', 60, 15),
        status: 'booked',
        sequence: 0,
      })
      const entries = await entriesOf(email)
      expect(entries.map((e) => [e.type, e.key, e.session, e.purchase])).toEqual([
        ['purchase-opened', `bank-transfer:${purchase.id}`, null, String(purchase.id)],
        ['session-booked', `book:${row!.id}`, String(row!.id), String(purchase.id)],
      ])
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 1, used: 0, held: 1, left: 0, forfeited: 0, refunded: 0 })
      expectBalanced(balance)
      // The page no longer offers that time.
      expect((await slotsFor(validity)).slots[0]).toBe('2026-12-02T11:30:00.000Z')

      // The mails as the SMTP peer received them.
      const { deliverDueMail } = await import('@/platform/mail/outbox')
      expect(await deliverDueMail(payload, NOW)).toMatchObject({ sent: 2, failed: 0 })
      const { clientPath } = await import('@/features/packages/tokens')
      const toClient = site.smtp.mails.filter((m) => m.to?.[0]?.address === email)
      expect(toClient.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your coaching session is booked \| /)])
      expect(toClient[0]!.text).toContain('When: Wednesday, December 2, 2026, 10:15 AM UTC (UTC)')
      expect(toClient[0]!.text).toContain(`To move or cancel it (until 24 hours before it starts): `)
      expect(toClient[0]!.text).toContain(clientPath(email))
      const icsOf = (mail: (typeof toClient)[number]) =>
        mail.attachments
          .filter((a) => a.mimeType.startsWith('text/calendar'))
          .map((a) => (typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content)))[0]!
      const uid = `coaching-session-${row!.id}-${NOW.getTime()}@coach-site`
      expect(invite(icsOf(toClient[0]!))).toEqual({
        method: 'REQUEST',
        uid,
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-12-02T10:15:00.000Z',
        end: '2026-12-02T11:15:00.000Z',
      })
      const toCoach = site.smtp.mails.filter((m) => m.to?.[0]?.address === 'coach@example.com')
      expect(toCoach.map((m) => m.subject)).toEqual([
        'New coaching session: Ada Lovelace, Wednesday, December 2, 2026, 10:15 AM UTC',
      ])
      expect(invite(icsOf(toCoach[0]!)).uid).toBe(uid)

      // Nothing left: refused in the client's words, nothing stored.
      expect(await mod.bookSession(payload, client, at('2026-12-02T12:45:00.000Z'), NOW)).toBe('no-credit')
      expect(mod.SESSION_PROBLEMS['no-credit']).toBe('You have no sessions left to book.')
      expect(await countOf(payload, 'coaching-sessions', { email: { equals: email } })).toBe(1)
      expect(await entriesOf(email)).toHaveLength(2)

      // A discovery call keeps clear of the session (and its buffer): "taken", no call stored.
      const { bookCall } = await import('@/features/booking/book')
      const { SLOT_TAKEN } = await import('@/features/booking/rules')
      const call = { name: 'Dora', email: `dora.${label.toLowerCase()}@example.com`, timeZone: 'UTC' }
      expect(await bookCall(payload, { ...call, slot: '2026-12-02T10:30:00.000Z' }, visitor(), NOW)).toMatchObject({
        status: 'conflict',
        message: SLOT_TAKEN,
      })
      expect(await countOf(payload, 'discovery-calls', { email: { equals: call.email } })).toBe(0)

      // Another client cannot touch it.
      const other = await aClient('Mallory')
      expect(await mod.cancelSession(payload, other.client, row!.id, NOW)).toBe('unknown')
      expect(await mod.moveSession(payload, other.client, row!.id, at('2026-12-03T09:00:00.000Z'), NOW)).toBe('unknown')
      expect((await sessionsOf(email))[0]).toMatchObject({ status: 'booked', sequence: 0 })
    })

    it('moves a session to another open time: the same UID, SEQUENCE 1; a time a call holds is "taken", one off the grid "gone"', async () => {
      const { client, email } = await aClient('Annie Easley', 2)
      expect(await mod.bookSession(payload, client, at('2026-12-04T10:15:00.000Z'), NOW)).toBe('booked')
      const [booked] = await sessionsOf(email)
      await aCall(payload, { startsAt: '2026-12-04T14:00:00.000Z' })

      expect(await mod.moveSession(payload, client, booked!.id, at('2026-12-04T14:00:00.000Z'), NOW)).toBe('taken')
      expect(mod.SESSION_PROBLEMS.taken).toBe('That time was just taken. Please pick another.')
      expect(await mod.moveSession(payload, client, booked!.id, at('2026-12-04T12:00:00.000Z'), NOW)).toBe('gone')
      expect((await sessionsOf(email))[0]).toMatchObject({ startsAt: '2026-12-04T10:15:00.000Z', sequence: 0 })

      // Its own time is offered back to it; the call's is not.
      const offered = (await slotsFor(validity, NOW, booked!.id)).slots.filter((s) => s.startsWith('2026-12-04'))
      expect(offered).toEqual([
        '2026-12-04T09:00:00.000Z',
        '2026-12-04T10:15:00.000Z',
        '2026-12-04T11:30:00.000Z',
        '2026-12-04T12:45:00.000Z',
        '2026-12-04T15:15:00.000Z',
      ])
      expect(await mod.moveSession(payload, client, booked!.id, at('2026-12-04T15:15:00.000Z'), NOW)).toBe('moved')
      const [moved] = await sessionsOf(email)
      expect(moved).toMatchObject({ ...callTimes('2026-12-04T15:15:00.000Z', 60, 15), status: 'booked', sequence: 1 })
      const entries = await entriesOf(email)
      expect(entries.map((e) => [e.type, e.key])).toEqual([
        ['purchase-opened', expect.any(String)],
        ['session-booked', `book:${booked!.id}`],
        ['session-rescheduled', `move:${booked!.id}:1`],
      ])
      expect(entries[2]!.entry).toMatchObject({ startsAt: at('2026-12-04T15:15:00.000Z').getTime(), by: 'client' })
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 2, held: 1, left: 1, used: 0 })
      expectBalanced(balance)

      const mails = (await mailsAsSent(payload, { reference: { equals: `coaching-sessions:${booked!.id}` } })).filter(
        (m) => !m.kind.startsWith('session-reminder'),
      )
      expect(mails.map((m) => [m.kind, m.to])).toEqual([
        ['session-booked', email],
        ['session-booked-coach', 'coach@example.com'],
        ['session-moved', email],
        ['session-moved-coach', 'coach@example.com'],
      ])
      const first = invite(calendarOf(mails[0]!))
      const again = invite(calendarOf(mails[2]!))
      expect(again).toEqual({
        method: 'REQUEST',
        uid: first.uid,
        sequence: 1,
        status: 'CONFIRMED',
        start: '2026-12-04T15:15:00.000Z',
        end: '2026-12-04T16:15:00.000Z',
      })
      expect(mails[2]!.subject).toMatch(/^Your coaching session has a new time \| /)
    })

    it('the 24-hour rule at its boundary: moved and cancelled with the credit back until then; later a move is refused in words and a cancellation uses the credit', async () => {
      const { client, email } = await aClient('Edsger Dijkstra', 3)
      for (const start of ['2026-12-05T10:15:00.000Z', '2026-12-05T12:45:00.000Z', '2026-12-05T15:15:00.000Z']) {
        expect(await mod.bookSession(payload, client, at(start), NOW)).toBe('booked')
      }
      const [first, second, third] = await sessionsOf(email)
      const startOf = (s: CoachingSession) => new Date(s.startsAt).getTime()

      // A millisecond inside the 24 hours: no move, in words; nothing written.
      const inside = new Date(startOf(first!) - DAY + 1)
      expect(await mod.moveSession(payload, client, first!.id, at('2026-12-06T10:15:00.000Z'), inside)).toBe('too-late')
      expect(mod.SESSION_PROBLEMS['too-late']).toBe(
        'This session starts in less than 24 hours, so it can no longer be moved.',
      )
      expect((await sessionsOf(email))[0]).toMatchObject({ startsAt: first!.startsAt, sequence: 0 })
      expect(await entriesOf(email)).toHaveLength(4)
      // Exactly 24 hours before: still moved.
      const edge = new Date(startOf(first!) - DAY)
      expect(await mod.moveSession(payload, client, first!.id, at('2026-12-06T10:15:00.000Z'), edge)).toBe('moved')

      // Cancelled exactly 24 hours before: the credit comes back.
      expect(await mod.cancelSession(payload, client, second!.id, new Date(startOf(second!) - DAY))).toBe('cancelled')
      // A millisecond later than that for the third: it uses its credit.
      expect(await mod.cancelSession(payload, client, third!.id, new Date(startOf(third!) - DAY + 1))).toBe(
        'cancelled-late',
      )
      // Once a session has started: neither.
      const started = new Date(at('2026-12-06T10:15:00.000Z').getTime() + MINUTE)
      expect(await mod.cancelSession(payload, client, first!.id, started)).toBe('started')
      expect(await mod.moveSession(payload, client, first!.id, at('2026-12-08T10:15:00.000Z'), started)).toBe('started')
      expect(mod.SESSION_PROBLEMS.started).toBe('This session has already started.')
      // A cancelled session stays cancelled.
      expect(await mod.cancelSession(payload, client, second!.id, NOW)).toBe('not-booked')

      const rows = await sessionsOf(email)
      expect(rows.map((s) => [s.id, s.status, s.creditUsed === true, s.sequence])).toEqual([
        [second!.id, 'cancelled', false, 1],
        [third!.id, 'cancelled', true, 1],
        [first!.id, 'booked', false, 1],
      ])
      const entries = await entriesOf(email)
      expect(entries.map((e) => [e.type, e.session, (e.entry as { usesCredit?: boolean }).usesCredit ?? null])).toEqual(
        [
          ['purchase-opened', null, null],
          ['session-booked', String(first!.id), null],
          ['session-booked', String(second!.id), null],
          ['session-booked', String(third!.id), null],
          ['session-rescheduled', String(first!.id), null],
          ['session-cancelled', String(second!.id), false],
          ['session-cancelled', String(third!.id), true],
        ],
      )
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 3, used: 1, held: 1, left: 1 })
      expectBalanced(balance)

      // METHOD:CANCEL with the next SEQUENCE, and the words about the credit.
      const cancelled = async (s: CoachingSession) =>
        (await mailsAsSent(payload, { reference: { equals: `coaching-sessions:${s.id}` } })).find(
          (m) => m.kind === 'session-cancelled',
        )!
      const early = await cancelled(second!)
      expect(invite(calendarOf(early))).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 })
      expect(early.subject).toMatch(/^Your coaching session is cancelled \| /)
      expect(early.text).toContain('Its credit is yours again, to book another time.')
      const late = await cancelled(third!)
      expect(late.text).toContain('It was cancelled less than 24 hours before it starts, so it uses its credit.')

      // The coach's calendar feed has them under the invites' UIDs, the cancelled ones cancelled.
      const { feedText } = await import('@/features/booking/calendar-feed')
      const feed = new ICAL.Component(ICAL.parse(await feedText(payload, NOW)))
      const inFeed = new Map(
        feed
          .getAllSubcomponents('vevent')
          .map((e) => [
            String(e.getFirstPropertyValue('uid')),
            [e.getFirstPropertyValue('status'), e.getFirstPropertyValue('sequence')],
          ]),
      )
      const uidOf = (s: CoachingSession) => `coaching-session-${s.id}-${NOW.getTime()}@coach-site`
      expect([first!, second!, third!].map((s) => inFeed.get(uidOf(s)))).toEqual([
        ['CONFIRMED', 1],
        ['CANCELLED', 1],
        ['CANCELLED', 1],
      ])
    })

    it('two clients booking one time at once store one session; the other hears "taken" and keeps the credit', async () => {
      const a = await aClient('Race A')
      const b = await aClient('Race B')
      const time = at('2026-12-08T10:15:00.000Z')
      const outcomes = await Promise.all([
        mod.bookSession(payload, a.client, time, NOW),
        mod.bookSession(payload, b.client, time, NOW),
      ])
      expect([...outcomes].sort()).toEqual(['booked', 'taken'])
      expect(await countOf(payload, 'coaching-sessions', { startsAt: { equals: time.toISOString() } })).toBe(1)
      const [winner, loser] = outcomes[0] === 'booked' ? [a, b] : [b, a]
      expect(await balanceOf(winner.email)).toMatchObject({ held: 1, left: 0 })
      expect(await balanceOf(loser.email)).toMatchObject({ held: 0, left: 1 })
      expect((await entriesOf(loser.email)).map((e) => e.type)).toEqual(['purchase-opened'])
      expectBalanced(await balanceOf(winner.email))

      // One client, one credit, three times at once: one session, the others told nothing is left.
      const c = await aClient('Race C')
      const three = await Promise.all(
        ['2026-12-15T10:15:00.000Z', '2026-12-15T12:45:00.000Z', '2026-12-15T15:15:00.000Z'].map((t) =>
          mod.bookSession(payload, c.client, at(t), NOW),
        ),
      )
      expect([...three].sort()).toEqual(['booked', 'no-credit', 'no-credit'])
      expect(await sessionsOf(c.email)).toHaveLength(1)
      expect((await entriesOf(c.email)).map((e) => e.type)).toEqual(['purchase-opened', 'session-booked'])
      expect(await balanceOf(c.email)).toMatchObject({ bought: 1, held: 1, left: 0 })
    })

    it('sessions and discovery calls booked for one time at once store one of them; every other hears "taken"', async () => {
      const { bookCall } = await import('@/features/booking/book')
      const { SLOT_TAKEN } = await import('@/features/booking/rules')
      // 09:00 is a start on both grids (calls every 45 minutes, 60-minute sessions every 75).
      for (const day of ['2026-12-09', '2026-12-10']) {
        const slot = `${day}T09:00:00.000Z`
        const clients = await Promise.all([1, 2, 3].map((i) => aClient(`Race ${day} ${i}`)))
        const [sessionOutcomes, callOutcomes] = await Promise.all([
          Promise.all(clients.map((c) => mod.bookSession(payload, c.client, at(slot), NOW))),
          Promise.all(
            [1, 2, 3].map((i) =>
              bookCall(
                payload,
                {
                  name: 'Carl Caller',
                  email: `caller${i}.${day}.${label.toLowerCase()}@example.com`,
                  timeZone: 'UTC',
                  slot,
                },
                visitor(),
                NOW,
              ),
            ),
          ),
        ])
        const sessions = await countOf(payload, 'coaching-sessions', { startsAt: { equals: slot } })
        const calls = await countOf(payload, 'discovery-calls', { startsAt: { equals: slot } })
        expect(sessions + calls).toBe(1)
        expect(sessionOutcomes.filter((o) => o === 'booked')).toHaveLength(sessions)
        expect(sessionOutcomes.filter((o) => o === 'taken')).toHaveLength(3 - sessions)
        expect(callOutcomes.filter((o) => o.status === 'ok')).toHaveLength(calls)
        for (const refused of callOutcomes.filter((o) => o.status !== 'ok')) {
          expect(refused).toMatchObject({ status: 'conflict', message: SLOT_TAKEN })
        }
        for (const c of clients) expectBalanced(await balanceOf(c.email))
        const held = await Promise.all(clients.map(async (c) => (await balanceOf(c.email)).held))
        expect(held.reduce((a, b) => a + b, 0)).toBe(sessions)
      }
    })

    it('the database itself refuses a session over a call, a call over a session, and a session moved over either', async () => {
      const { databaseRefusal } = await import('@/features/booking/calls')
      const outcome = (write: Promise<unknown>) =>
        write.then(
          () => 'stored',
          (error: unknown) => databaseRefusal(error) ?? error,
        )
      const aSession = (start: string) =>
        payload.create({
          collection: 'coaching-sessions',
          data: {
            name: 'Direct',
            email: `direct.${label.toLowerCase()}@example.com`,
            ...callTimes(start, 60, 15),
            status: 'booked',
            sequence: 0,
          },
          overrideAccess: true,
        })
      await aCall(payload, { startsAt: '2026-12-12T10:00:00.000Z' }) // blocks 10:00–10:45
      expect(await outcome(aSession('2026-12-12T10:30:00.000Z'))).toBe('overlap')
      expect(await outcome(aSession('2026-12-12T09:30:00.000Z'))).toBe('overlap') // its buffer reaches 10:45
      expect(await outcome(aSession('2026-12-12T11:00:00.000Z'))).toBe('stored') // 11:00–12:00, free to 12:15
      expect(await outcome(aSession('2026-12-12T12:00:00.000Z'))).toBe('overlap') // inside the buffer
      expect(await outcome(aCall(payload, { startsAt: '2026-12-12T12:00:00.000Z' }))).toBe('overlap')
      expect(await outcome(aCall(payload, { startsAt: '2026-12-12T12:15:00.000Z' }))).toBe('stored')
      const later = await aSession('2026-12-12T14:00:00.000Z')
      expect(
        await outcome(
          payload.update({
            collection: 'coaching-sessions',
            id: later.id,
            data: callTimes('2026-12-12T12:30:00.000Z', 60, 15),
            overrideAccess: true,
          }),
        ),
      ).toBe('overlap')
      // A cancelled session holds nothing.
      await payload.update({
        collection: 'coaching-sessions',
        id: later.id,
        data: { status: 'cancelled' },
        overrideAccess: true,
      })
      expect(await outcome(aCall(payload, { startsAt: '2026-12-12T14:00:00.000Z' }))).toBe('stored')
    })

    /** Availability → Where we meet, as the coach saves it (shared by discovery calls and sessions: decision 069). */
    const meet = (meeting: { kind: 'unset' | 'video' | 'phone' | 'in-person'; link?: string; address?: string }) =>
      payload.updateGlobal({ slug: 'availability', data: { meeting }, overrideAccess: true })

    it('reminds 24 hours and 1 hour before, each once with two workers; withdrawn when cancelled, re-timed when moved; with where they meet and the page', async () => {
      const { DEFAULT_BRAND } = await import('@/domain/brand')
      const { clientToken } = await import('@/features/packages/tokens')
      const { deliverDueMail } = await import('@/platform/mail/outbox')
      const { createMailTransport } = await import('@/platform/mail/transport')
      const transport = createMailTransport(site.smtp.url)
      const deliver = (iso: string) => deliverDueMail(payload, at(iso), transport)
      await meet({ kind: 'video', link: 'https://meet.example.com/coach-room' })
      try {
        const { client, email } = await aClient('Rosalind Franklin', 3)
        for (const start of ['2026-12-16T10:15:00.000Z', '2026-12-16T12:45:00.000Z', '2026-12-17T10:15:00.000Z']) {
          expect(await mod.bookSession(payload, client, at(start), NOW)).toBe('booked')
        }
        const [kept, dropped, moved] = await sessionsOf(email)
        expect(await mod.cancelSession(payload, client, dropped!.id, NOW)).toBe('cancelled')
        expect(await mod.moveSession(payload, client, moved!.id, at('2026-12-18T09:00:00.000Z'), NOW)).toBe('moved')

        // In the outbox: each booking's three reminders at their instants; the cancelled one's and the moved
        // one's old time's withdrawn, the new time's queued.
        const reminders = async (s: CoachingSession) =>
          (await mailsAsSent(payload, { reference: { equals: `coaching-sessions:${s.id}` } }))
            .filter((m) => m.kind.startsWith('session-reminder'))
            .map((m) => [m.kind, m.to, m.sendAfter, m.status])
        const coach = 'coach@example.com'
        expect(await reminders(kept!)).toEqual([
          ['session-reminder-24h', email, '2026-12-15T10:15:00.000Z', 'queued'],
          ['session-reminder-1h', email, '2026-12-16T09:15:00.000Z', 'queued'],
          ['session-reminder-1h', coach, '2026-12-16T09:15:00.000Z', 'queued'],
        ])
        expect(await reminders(dropped!)).toEqual([
          ['session-reminder-24h', email, '2026-12-15T12:45:00.000Z', 'cancelled'],
          ['session-reminder-1h', email, '2026-12-16T11:45:00.000Z', 'cancelled'],
          ['session-reminder-1h', coach, '2026-12-16T11:45:00.000Z', 'cancelled'],
        ])
        expect(await reminders(moved!)).toEqual([
          ['session-reminder-24h', email, '2026-12-16T10:15:00.000Z', 'cancelled'],
          ['session-reminder-1h', email, '2026-12-17T09:15:00.000Z', 'cancelled'],
          ['session-reminder-1h', coach, '2026-12-17T09:15:00.000Z', 'cancelled'],
          ['session-reminder-24h', email, '2026-12-17T09:00:00.000Z', 'queued'],
          ['session-reminder-1h', email, '2026-12-18T08:00:00.000Z', 'queued'],
          ['session-reminder-1h', coach, '2026-12-18T08:00:00.000Z', 'queued'],
        ])

        // The changes' own mails go now; then, on the injected clock, each reminder once at its instant.
        await deliver(NOW.toISOString())
        site.smtp.mails.length = 0
        const site_ = DEFAULT_BRAND.siteName
        const dayBefore = [email, `Tomorrow: your coaching session | ${site_}`]
        const hourBefore = [email, `In one hour: your coaching session | ${site_}`]
        const toCoach = [coach, 'In one hour: coaching session with Rosalind Franklin']
        /** What the SMTP peer received from two workers at once at `iso` (in any order: they run side by side). */
        const twoWorkers = async (iso: string) => {
          const from = site.smtp.mails.length
          await Promise.all([deliver(iso), deliver(iso)])
          return site.smtp.mails
            .slice(from)
            .map((m) => [m.to?.[0]?.address, m.subject])
            .sort()
        }
        expect(await twoWorkers('2026-12-15T10:14:59.999Z')).toEqual([])
        expect(await twoWorkers('2026-12-15T10:15:00.000Z')).toEqual([dayBefore])
        expect(await twoWorkers('2026-12-15T12:45:00.000Z')).toEqual([]) // the cancelled session's: withdrawn
        expect(await twoWorkers('2026-12-16T09:14:59.999Z')).toEqual([]) // the moved session's old time: withdrawn
        expect(await twoWorkers('2026-12-16T09:15:00.000Z')).toEqual([toCoach, hourBefore])
        expect(await twoWorkers('2026-12-17T09:00:00.000Z')).toEqual([dayBefore])
        expect(await twoWorkers('2026-12-18T08:00:00.000Z')).toEqual([toCoach, hourBefore])
        expect(await twoWorkers('2026-12-31T00:00:00.000Z')).toEqual([])
        const mail = (i: number, to: string) => site.smtp.mails.filter((m) => m.to?.[0]?.address === to)[i]!
        const page = `/client/${clientToken(email)}`
        expect(mail(0, email).text).toContain(
          `A reminder: your coaching session with ${DEFAULT_BRAND.name} is tomorrow.`,
        )
        expect(mail(1, email).text).toContain(
          `A reminder: your coaching session with ${DEFAULT_BRAND.name} starts in one hour.`,
        )
        for (const reminder of [mail(0, email), mail(1, email)]) {
          expect(reminder.text).toContain('When: Wednesday, December 16, 2026, 10:15 AM UTC (UTC)')
          expect(reminder.text).toContain('Where: Video call at https://meet.example.com/coach-room')
          expect(reminder.text).toContain('Package: Starter Session')
          expect(reminder.text).toMatch(new RegExp(`Your page: https?://\\S+${page}\\n`))
        }
        expect(mail(0, coach).text).toContain('When: Wednesday, December 16, 2026, 10:15 AM UTC (UTC)')
        expect(mail(0, coach).text).toContain('Where: Video call at https://meet.example.com/coach-room')
        expect(mail(0, coach).replyTo?.[0]?.address).toBe(email)
        expect(mail(2, email).text).toContain('When: Friday, December 18, 2026, 9:00 AM UTC (UTC)')
      } finally {
        await meet({ kind: 'unset' })
      }
    })

    it('says how they meet as Availability says it when booked: the mails, the invite’s LOCATION; by phone with the number the client gives', async () => {
      const { DEFAULT_BRAND } = await import('@/domain/brand')
      const mailsOf = async (s: CoachingSession) =>
        mailsAsSent(payload, { reference: { equals: `coaching-sessions:${s.id}` } })
      const location = (content: string) =>
        new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('location')
      try {
        await meet({ kind: 'in-person', address: '12 Harbour Street\nBristol BS1 4RN' })
        const { client, email } = await aClient('Lise Meitner', 2)
        expect(await mod.bookSession(payload, client, at('2026-12-19T10:15:00.000Z'), NOW)).toBe('booked')
        const [session] = await sessionsOf(email)
        expect(session).toMatchObject({ meetingKind: 'in-person', meetingPlace: '12 Harbour Street\nBristol BS1 4RN' })
        const [booked, bookedCoach] = await mailsOf(session!)
        expect(booked!.text).toContain('Where: In person at 12 Harbour Street, Bristol BS1 4RN')
        expect(bookedCoach!.text).toContain('Where: In person at 12 Harbour Street, Bristol BS1 4RN')
        expect(location(calendarOf(booked!))).toBe('12 Harbour Street, Bristol BS1 4RN')

        // The setting changes: the session keeps what it was booked with, also when it moves.
        await meet({ kind: 'video', link: 'https://meet.example.com/coach-room' })
        expect(await mod.moveSession(payload, client, session!.id, at('2026-12-19T12:45:00.000Z'), NOW)).toBe('moved')
        const movedMail = (await mailsOf(session!)).find((m) => m.kind === 'session-moved')!
        expect(movedMail.text).toContain('Where: In person at 12 Harbour Street, Bristol BS1 4RN')
        expect(location(calendarOf(movedMail))).toBe('12 Harbour Street, Bristol BS1 4RN')

        // By phone: the client gives the number the coach calls; refused in words without one.
        await meet({ kind: 'phone' })
        expect(await mod.bookSession(payload, client, at('2026-12-20T10:15:00.000Z'), NOW)).toBe('phone-missing')
        expect(mod.SESSION_PROBLEMS['phone-missing']).toBe('Please enter your phone number, so the coach can call you.')
        expect(await mod.bookSession(payload, client, at('2026-12-20T10:15:00.000Z'), NOW, { phone: '12ab' })).toBe(
          'phone-invalid',
        )
        expect(await sessionsOf(email)).toHaveLength(1)
        expect(
          await mod.bookSession(payload, client, at('2026-12-20T10:15:00.000Z'), NOW, { phone: ' +44 20  7946 0958 ' }),
        ).toBe('booked')
        const byPhone = (await sessionsOf(email))[1]!
        expect(byPhone).toMatchObject({ meetingKind: 'phone', meetingPlace: null, phone: '+44 20 7946 0958' })
        const [toClient, toCoach] = await mailsOf(byPhone)
        expect(toClient!.text).toContain(`Where: By phone: ${DEFAULT_BRAND.name} calls you at +44 20 7946 0958`)
        expect(toCoach!.text).toContain('Where: By phone: you call Lise Meitner at +44 20 7946 0958')
        expect(location(calendarOf(toClient!))).toBe('+44 20 7946 0958')
        // The coach's calendar feed says it too.
        const { feedText } = await import('@/features/booking/calendar-feed')
        const inFeed = new ICAL.Component(ICAL.parse(await feedText(payload, NOW)))
          .getAllSubcomponents('vevent')
          .find((e) => e.getFirstPropertyValue('uid') === invite(calendarOf(toClient!)).uid)!
        expect(inFeed.getFirstPropertyValue('location')).toBe('+44 20 7946 0958')
        expect(String(inFeed.getFirstPropertyValue('description'))).toContain(
          'Where: By phone: you call Lise Meitner at +44 20 7946 0958',
        )
      } finally {
        await meet({ kind: 'unset' })
      }
    })

    it('the page’s book and cancel posted twice at once (a double click) do it once: one session, one mail each, both answers the same page', async () => {
      const { postSessionChange } = await import('@/features/packages/posts')
      const { clientToken } = await import('@/features/packages/tokens')
      const { email } = await aClient('Evelyn Boyd Granville', 2)
      const token = clientToken(email)
      const page = `/client/${token}`
      const slot = (await slotsFor(validity)).slots.at(-1)!
      const c = visitor()
      const twice = (change: 'book' | 'cancel', fields: Record<string, string>) =>
        Promise.all([
          postSessionChange(payload, change, { token, ...fields }, c, NOW),
          postSessionChange(payload, change, { token, ...fields }, c, NOW),
        ])
      expect(await twice('book', { slot })).toEqual([
        `${page}?done=booked#sessions-notice`,
        `${page}?done=booked#sessions-notice`,
      ])
      const [session, ...more] = await sessionsOf(email)
      expect(more).toEqual([])
      expect(session).toMatchObject({ status: 'booked', startsAt: slot })
      const mails = async (kind: string) =>
        (
          await mailsAsSent(payload, {
            kind: { equals: kind },
            reference: { equals: `coaching-sessions:${session!.id}` },
          })
        ).length
      expect([await mails('session-booked'), await mails('session-booked-coach')]).toEqual([1, 1])
      expect(await twice('cancel', { session: String(session!.id) })).toEqual([
        `${page}?done=cancelled#sessions-notice`,
        `${page}?done=cancelled#sessions-notice`,
      ])
      expect((await sessionsOf(email)).map((x) => x.status)).toEqual(['cancelled'])
      expect([await mails('session-cancelled'), await mails('session-cancelled-coach')]).toEqual([1, 1])
      expect(await balanceOf(email)).toMatchObject({ bought: 2, left: 2, held: 0 })
    })

    it('the page’s forms are limited as every public form is: the sixth change in ten minutes from one address, or on one client’s page from another, is refused in words and mails nobody', async () => {
      const { postSessionChange } = await import('@/features/packages/posts')
      const { clientToken } = await import('@/features/packages/tokens')
      const { email } = await aClient('Katherine Johnson', 8)
      const token = clientToken(email)
      const page = `/client/${token}`
      const slots = (await slotsFor(validity)).slots.slice(-7)
      const c = visitor()
      for (const slot of slots.slice(0, 5)) {
        expect(await postSessionChange(payload, 'book', { token, slot }, c, NOW)).toBe(
          `${page}?done=booked#sessions-notice`,
        )
      }
      const tooMany = `${page}?problem=too-many#sessions-notice`
      expect(await postSessionChange(payload, 'book', { token, slot: slots[5]! }, c, NOW)).toBe(tooMany)
      // The same page from another address: the client's page has had its five.
      expect(await postSessionChange(payload, 'book', { token, slot: slots[6]! }, visitor(), NOW)).toBe(tooMany)
      const first = (await sessionsOf(email))[0]!
      expect(await postSessionChange(payload, 'cancel', { token, session: String(first.id) }, visitor(), NOW)).toBe(
        tooMany,
      )
      expect(mod.SESSION_PROBLEMS['too-many']).toBe(
        'Too many changes from you in a short time. Please wait a few minutes and try again.',
      )
      expect((await sessionsOf(email)).map((x) => x.status)).toEqual(Array(5).fill('booked'))
      expect(await countOf(payload, 'mail-outbox', { kind: { in: ['session-booked', 'session-cancelled'] } })).toBe(5)
      // Ten minutes later the page takes changes again.
      const later = new Date(NOW.getTime() + 10 * MINUTE + 1000)
      expect(await postSessionChange(payload, 'cancel', { token, session: String(first.id) }, c, later)).toBe(
        `${page}?done=cancelled#sessions-notice`,
      )
    })
  })
}
