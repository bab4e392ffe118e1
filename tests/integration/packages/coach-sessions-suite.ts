import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_CREDIT_RULES, type Balance, type CreditRules } from '@/domain/credits'
import type { CoachingSession } from '@/payload-types'
import { DAY, HOUR, MINUTE } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { aPaidClient, creditEntriesOf } from '../../support/credits'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { aCall, anAdminAndAnEditor, callTimes, openEveryDayInUtc } from '../../support/scenarios'
import { testSite } from '../../support/site'

type Sessions = typeof import('@/features/packages/sessions')

/** The clock of these tests: Tuesday 2026-12-01, 10:00 UTC. */
const NOW = new Date('2026-12-01T10:00:00.000Z')
const at = (iso: string) => new Date(iso)

/** bought = used + left + held + forfeited + refunded (decision 053). */
function expectBalanced(b: Balance) {
  expect(b.bought).toBe(b.used + b.left + b.held + b.forfeited + b.refunded)
}

/**
 * The coach's side of coaching sessions (decision 068): the session rules she sets (Packages → Session rules)
 * decide each change from then on and the ledger keeps what they chose; credits past their validity forfeited
 * by the sweep, once however many sweep at once; moving and cancelling a session from the admin (the credit
 * back, the client mailed with her line), marking a past one held or missed; admins only on every path.
 */
export function coachSessionsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`The coach's side of coaching sessions on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup, { smtp: true })
    let mod: Sessions
    let adminToken = ''
    let editorToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/packages/sessions')
      await openEveryDayInUtc(payload)
      ;({ admin: adminToken, editor: editorToken } = await anAdminAndAnEditor(payload, label))
    })

    const setRules = (rules: Partial<CreditRules>) =>
      payload.updateGlobal({ slug: 'session-rules', data: rules, overrideAccess: true })
    // Each test starts from the spec's rules.
    afterEach(() => setRules(DEFAULT_CREDIT_RULES))

    const aClient = (name: string, sessions = 1, paidAt = NOW) =>
      aPaidClient(payload, { name, label, paidAt, sessions })
    const sessionsOf = (email: string) => mod.sessionsOf(payload, email)
    const balanceOf = async (email: string) =>
      (await import('@/features/packages/ledger')).creditBalance(payload, email)
    const entriesOf = (email: string) => creditEntriesOf(payload, email)
    const mailsAbout = (s: Pick<CoachingSession, 'id'>) =>
      mailsAsSent(payload, { reference: { equals: `coaching-sessions:${s.id}` } })
    const post = (id: number, action: string, body: object, token: string | null = adminToken) =>
      restRequest(`/coaching-sessions/${id}/${action}`, { method: 'POST', token, body })

    it('starts from the spec’s rules, and the coach’s change decides what happens from then on; the ledger keeps the rule of its time', async () => {
      const { readCreditRules } = await import('@/features/packages/SessionRules')
      expect(await readCreditRules(payload)).toEqual(DEFAULT_CREDIT_RULES)
      const { client, email } = await aClient('Barbara Liskov', 3)
      for (const start of ['2026-12-05T10:15:00.000Z', '2026-12-05T12:45:00.000Z', '2026-12-05T15:15:00.000Z']) {
        expect(await mod.bookSession(payload, client, at(start), NOW)).toBe('booked')
      }
      const [first, second, third] = await sessionsOf(email)
      // Four days ahead: movable under the default 24 hours…
      // …not under five days' notice, in the words of the rule she set.
      await setRules({ coachingRescheduleNoticeHours: 120 })
      expect(await mod.moveSession(payload, client, first!.id, at('2026-12-06T10:15:00.000Z'), NOW)).toBe('too-late')
      const rules = await readCreditRules(payload)
      expect(mod.sessionProblems(rules)['too-late']).toBe(
        'This session starts in less than 120 hours, so it can no longer be moved.',
      )
      // A late cancellation under it uses the credit.
      expect(await mod.cancelSession(payload, client, first!.id, NOW)).toBe('cancelled-late')
      expect(mod.sessionDone(rules, 0)['cancelled-late']).toBe(
        'Your session is cancelled. It was less than 120 hours away, so it uses its credit. A note is on its way to your inbox.',
      )
      const lateMail = (await mailsAbout(first!)).find((m) => m.kind === 'session-cancelled')!
      expect(lateMail.text).toContain('It was cancelled less than 120 hours before it starts, so it uses its credit.')
      // She unticks the rule: the next late cancellation gives the credit back; the first keeps what it chose.
      await setRules({ coachingRescheduleNoticeHours: 120, lateCancellationUsesCredit: false })
      expect(await mod.cancelSession(payload, client, second!.id, NOW)).toBe('cancelled')
      const rows = await sessionsOf(email)
      expect(rows.map((s) => [s.id, s.status, s.creditUsed === true])).toEqual([
        [first!.id, 'cancelled', true],
        [second!.id, 'cancelled', false],
        [third!.id, 'booked', false],
      ])
      expect(
        (await entriesOf(email))
          .filter((e) => e.type === 'session-cancelled')
          .map((e) => [e.session, (e.entry as { usesCredit: boolean }).usesCredit]),
      ).toEqual([
        [String(first!.id), true],
        [String(second!.id), false],
      ])
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 3, used: 1, held: 1, left: 1 })
      expectBalanced(balance)
    })

    it('lets only an admin change the rules: an editor is refused, and so is a visitor without a login', async () => {
      const patch = (token: string | null) =>
        restRequest('/globals/session-rules', { method: 'POST', token, body: { coachingRescheduleNoticeHours: 1 } })
      expect((await patch(editorToken)).status).toBe(403)
      expect((await patch(null)).status).toBe(403)
      const { readCreditRules } = await import('@/features/packages/SessionRules')
      expect(await readCreditRules(payload)).toEqual(DEFAULT_CREDIT_RULES)
      // What she types out of bounds is refused in words, and nothing changes.
      const bad = await restRequest('/globals/session-rules', {
        method: 'POST',
        token: adminToken,
        body: { coachingRescheduleNoticeHours: 2.5 },
      })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(await bad.json())).toContain('Enter a whole number from 0 to 336.')
      expect((await patch(adminToken)).status).toBe(200)
      expect((await readCreditRules(payload)).coachingRescheduleNoticeHours).toBe(1)
    })

    it('forfeits the credits left once the validity ends: one entry per purchase, however many sweep at once', async () => {
      const { forfeitExpiredCredits } = await import('@/features/packages/expiry')
      const { client, email } = await aClient('Grace Hopper', 3)
      expect(await mod.bookSession(payload, client, at('2026-12-05T10:15:00.000Z'), NOW)).toBe('booked')
      const { validUntil } = (await balanceOf(email)).purchases[String(client.purchases[0]!.id)]!
      expect(validUntil).toBe(NOW.getTime() + 90 * DAY)
      // A millisecond before the end: nothing.
      await forfeitExpiredCredits(payload, new Date(validUntil - 1))
      expect((await entriesOf(email)).map((e) => e.type)).not.toContain('credits-expired')
      // At the end, four sweeps at once (four instances): one entry.
      const end = new Date(validUntil)
      await Promise.all([1, 2, 3, 4].map(() => forfeitExpiredCredits(payload, end)))
      await forfeitExpiredCredits(payload, new Date(validUntil + DAY))
      const expired = (await entriesOf(email)).filter((e) => e.type === 'credits-expired')
      expect(expired.map((e) => [e.key, e.at])).toEqual([[`expire:${client.purchases[0]!.id}`, end.toISOString()]])
      // The two left are forfeited; the booked one keeps its credit.
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 3, left: 0, held: 1, forfeited: 2, used: 0 })
      expectBalanced(balance)
    })

    it('forfeits nothing while the coach has unticked "Credits past their validity are forfeited"', async () => {
      const { forfeitExpiredCredits } = await import('@/features/packages/expiry')
      const { email } = await aClient('Frances Allen', 2)
      await setRules({ creditsExpire: false })
      await forfeitExpiredCredits(payload, new Date(NOW.getTime() + 100 * DAY))
      expect((await entriesOf(email)).map((e) => e.type)).toEqual(['purchase-opened'])
      expect(await balanceOf(email)).toMatchObject({ left: 2, forfeited: 0 })
    })

    it('the coach moves a session at any time before it starts: to an open time or outside her hours, the client mailed with her line', async () => {
      const { client, email } = await aClient('Alan Kay', 1)
      expect(await mod.bookSession(payload, client, at('2026-12-03T10:15:00.000Z'), NOW)).toBe('booked')
      const [session] = await sessionsOf(email)
      // Two hours before it (inside the clients' 24 hours): an open time of hers today.
      const early = new Date(at('2026-12-03T10:15:00.000Z').getTime() - 2 * HOUR)
      expect(
        await mod.coachMoveSession(payload, session!.id, at('2026-12-03T14:00:00.000Z'), {
          line: 'Something came up, sorry!',
          now: early,
        }),
      ).toBe('moved')
      const mails = await mailsAbout(session!)
      const toClient = mails.find((m) => m.kind === 'session-moved')!
      expect(toClient.to).toBe(email)
      expect(toClient.text).toContain('Jordan Ellis has moved your coaching session.')
      expect(toClient.text).toContain('When: ')
      expect(toClient.text).toMatch(/writes:\nSomething came up, sorry!/)
      const toCoach = mails.find((m) => m.kind === 'session-moved-coach')!
      expect(toCoach.text).toContain('You wrote to them: Something came up, sorry!')
      // Outside her hours (07:00), knowingly.
      expect(
        await mod.coachMoveSession(payload, session!.id, at('2026-12-04T07:00:00.000Z'), {
          outsideHours: true,
          now: early,
        }),
      ).toBe('moved')
      // Not outside her hours unless she says so; not over a call; not in the past; not after the validity.
      await aCall(payload, callTimes('2026-12-04T12:00:00.000Z'))
      expect(await mod.coachMoveSession(payload, session!.id, at('2026-12-04T07:30:00.000Z'), { now: early })).toBe(
        'gone',
      )
      expect(
        await mod.coachMoveSession(payload, session!.id, at('2026-12-04T12:15:00.000Z'), {
          outsideHours: true,
          now: early,
        }),
      ).toBe('taken')
      expect(
        await mod.coachMoveSession(payload, session!.id, at('2026-12-02T07:00:00.000Z'), {
          outsideHours: true,
          now: early,
        }),
      ).toBe('past')
      expect(
        await mod.coachMoveSession(payload, session!.id, new Date(NOW.getTime() + 91 * DAY), {
          outsideHours: true,
          now: early,
        }),
      ).toBe('after-validity')
      const [moved] = await sessionsOf(email)
      expect(moved).toMatchObject({ startsAt: '2026-12-04T07:00:00.000Z', status: 'booked', sequence: 2 })
      const entries = (await entriesOf(email)).filter((e) => e.type === 'session-rescheduled')
      expect(entries.map((e) => (e.entry as { by: string }).by)).toEqual(['coach', 'coach'])
      expect(await balanceOf(email)).toMatchObject({ bought: 1, held: 1, left: 0 })
    })

    it('the coach cancels a session however late: the credit goes back, the client gets CANCEL with her line', async () => {
      const { client, email } = await aClient('Margaret Hamilton', 1)
      expect(await mod.bookSession(payload, client, at('2026-12-03T10:15:00.000Z'), NOW)).toBe('booked')
      const [session] = await sessionsOf(email)
      const late = new Date(at('2026-12-03T10:15:00.000Z').getTime() - 10 * MINUTE)
      expect(await mod.coachCancelSession(payload, session!.id, { line: 'I am ill today.', now: late })).toBe(
        'cancelled',
      )
      expect(await mod.coachCancelSession(payload, session!.id, { now: late })).toBe('not-booked')
      const [row] = await sessionsOf(email)
      expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'coach', creditUsed: false, sequence: 1 })
      const toClient = (await mailsAbout(session!)).find((m) => m.kind === 'session-cancelled')!
      expect(toClient.text).toContain('Jordan Ellis has cancelled your coaching session.')
      expect(toClient.text).toContain('Its credit is yours again, to book another time.')
      expect(toClient.text).toMatch(/writes:\nI am ill today\./)
      expect((toClient.calendar as { content: string }).content).toMatch(/METHOD:CANCEL/)
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 1, used: 0, held: 0, left: 1 })
      expectBalanced(balance)
    })

    it('marks a session that has started held or missed, once: missed uses its credit by the rule of that moment', async () => {
      const { client, email } = await aClient('Ken Thompson', 4)
      const starts = ['2026-12-03T10:15:00.000Z', '2026-12-03T11:30:00.000Z', '2026-12-03T12:45:00.000Z']
      for (const start of starts) expect(await mod.bookSession(payload, client, at(start), NOW)).toBe('booked')
      const [a, b, c] = await sessionsOf(email)
      // Before it starts: refused in words.
      expect(await mod.markSession(payload, a!.id, 'held', NOW)).toBe('not-started')
      expect(mod.SESSION_PROBLEMS['not-started']).toBe('This session has not started yet.')
      const after = at('2026-12-03T18:00:00.000Z')
      // Held and missed pressed at once for one session: one of them is stored.
      const both = await Promise.all([
        mod.markSession(payload, a!.id, 'held', after),
        mod.markSession(payload, a!.id, 'missed', after),
      ])
      expect(both.filter((o) => o === 'not-booked')).toHaveLength(1)
      expect(await mod.markSession(payload, b!.id, 'missed', after)).toBe('marked-missed')
      await setRules({ noShowUsesCredit: false })
      expect(await mod.markSession(payload, c!.id, 'missed', after)).toBe('marked-missed-kept')
      const rows = await sessionsOf(email)
      expect(rows.slice(1).map((s) => [s.status, s.creditUsed])).toEqual([
        ['missed', true],
        ['missed', false],
      ])
      expect((await entriesOf(email)).filter((e) => e.session === String(a!.id)).map((e) => e.type)).toHaveLength(2)
      const balance = await balanceOf(email)
      // 4 bought: a (held or missed, used), b (missed, used), c (missed, given back), one never booked.
      expect(balance).toMatchObject({ bought: 4, used: 2, held: 0, left: 2 })
      expectBalanced(balance)
    })

    it('undoes a mark made by mistake with a new entry of the ledger: the session booked again, to be marked anew', async () => {
      const { client, email } = await aClient('Adele Goldberg', 2)
      for (const start of ['2026-12-03T10:15:00.000Z', '2026-12-03T11:30:00.000Z']) {
        expect(await mod.bookSession(payload, client, at(start), NOW)).toBe('booked')
      }
      const [a, b] = await sessionsOf(email)
      const after = at('2026-12-03T18:00:00.000Z')
      expect(await mod.undoSessionMark(payload, a!.id, after)).toBe('not-marked')
      expect(mod.SESSION_PROBLEMS['not-marked']).toBe('This session is not marked held or missed.')
      expect(await mod.markSession(payload, a!.id, 'held', after)).toBe('marked-held')
      expect(await balanceOf(email)).toMatchObject({ bought: 2, used: 1, held: 1, left: 0 })
      expect(await mod.undoSessionMark(payload, a!.id, after)).toBe('mark-undone')
      expect((await sessionsOf(email))[0]).toMatchObject({ status: 'booked', creditUsed: false })
      expect(await balanceOf(email)).toMatchObject({ bought: 2, used: 0, held: 2, left: 0 })
      // Nothing was changed or removed: the mark and its undoing are both in the ledger.
      const typesOf = async (s: Pick<CoachingSession, 'id'>) =>
        (await entriesOf(email)).filter((e) => e.session === String(s.id)).map((e) => e.type)
      expect(await typesOf(a!)).toEqual(['session-booked', 'session-held', 'mark-undone'])
      // Marked anew, and undone twice at once: one undo is stored.
      expect(await mod.markSession(payload, a!.id, 'missed', after)).toBe('marked-missed')
      const both = await Promise.all([
        mod.undoSessionMark(payload, a!.id, after),
        mod.undoSessionMark(payload, a!.id, after),
      ])
      expect(both.sort()).toEqual(['mark-undone', 'not-marked'])
      expect(await mod.markSession(payload, a!.id, 'held', after)).toBe('marked-held')
      expect(await typesOf(a!)).toEqual([
        'session-booked',
        'session-held',
        'mark-undone',
        'no-show',
        'mark-undone',
        'session-held',
      ])
      // Missed with its credit given back, and that credit booked again since: the mark stays, said in words.
      await setRules({ noShowUsesCredit: false })
      expect(await mod.markSession(payload, b!.id, 'missed', after)).toBe('marked-missed-kept')
      expect(await mod.bookSession(payload, client, at('2026-12-08T10:15:00.000Z'), after)).toBe('booked')
      expect(await mod.undoSessionMark(payload, b!.id, after)).toBe('credit-booked-again')
      const balance = await balanceOf(email)
      expect(balance).toMatchObject({ bought: 2, used: 1, held: 1, left: 0 })
      expectBalanced(balance)
    })

    it('the panel’s endpoints: admins only (401 without a login, 403 for an editor), answers in the coach’s words', async () => {
      // Paid and booked a week ago, for a time now gone by; another for a time still ahead.
      const weekAgo = new Date(Date.now() - 7 * DAY)
      const past = await aClient('Dennis Ritchie', 2, weekAgo)
      const startPast = new Date(
        Date.UTC(weekAgo.getUTCFullYear(), weekAgo.getUTCMonth(), weekAgo.getUTCDate() + 2, 10, 15),
      )
      expect(await mod.bookSession(payload, past.client, startPast, weekAgo)).toBe('booked')
      const [gone] = await sessionsOf(past.email)
      const ahead = await aClient('Radia Perlman', 1)
      expect(await mod.bookSession(payload, ahead.client, at('2026-12-07T10:15:00.000Z'), NOW)).toBe('booked')
      const [next] = await sessionsOf(ahead.email)

      for (const action of ['move', 'cancel', 'held', 'missed', 'undo']) {
        const anonymous = await post(next!.id, action, {}, null)
        expect(anonymous.status, action).toBe(401)
        const asEditor = await post(next!.id, action, {}, editorToken)
        expect(asEditor.status, action).toBe(403)
        expect(await asEditor.json()).toEqual({ errors: [{ message: 'Only an admin can change a coaching session.' }] })
      }
      // The REST API changes neither the time nor the status, for an editor not even the notes.
      const patched = await restRequest(`/coaching-sessions/${next!.id}`, {
        method: 'PATCH',
        token: editorToken,
        body: { coachNotes: 'x' },
      })
      expect(patched.status).toBe(403)
      await restRequest(`/coaching-sessions/${next!.id}`, {
        method: 'PATCH',
        token: adminToken,
        body: { status: 'cancelled', startsAt: '2026-12-06T10:15:00.000Z' },
      })
      expect((await sessionsOf(ahead.email))[0]).toMatchObject({ status: 'booked', startsAt: next!.startsAt })
      expect(await balanceOf(ahead.email)).toMatchObject({ held: 1, left: 0 })

      expect(await (await post(99999999, 'cancel', {})).json()).toEqual({
        errors: [{ message: 'There is no such session.' }],
      })
      const outside = await post(next!.id, 'move', { outsideHours: true, date: '2026-12-06', time: '07:00' })
      expect(await outside.json()).toEqual({
        message:
          'Moved to Sunday, December 6, 2026, 7:00 AM UTC. Radia Perlman gets the new time by mail, with an updated invite.',
      })
      const tooLong = await post(next!.id, 'cancel', { line: 'x'.repeat(501) })
      expect(tooLong.status).toBe(422)
      expect(await tooLong.json()).toEqual({
        errors: [{ message: 'The line to the client has 501 characters; it can have at most 500.' }],
      })
      expect((await post(next!.id, 'held', {})).status).toBe(409)
      const cancelled = await post(next!.id, 'cancel', { line: 'See you next month.' })
      expect(await cancelled.json()).toEqual({
        message:
          'Cancelled. The credit is back with Radia Perlman, who gets a note by mail with your line that takes it out of their calendar.',
      })
      expect(await balanceOf(ahead.email)).toMatchObject({ held: 0, left: 1 })

      const startedMove = await post(gone!.id, 'move', { outsideHours: true, date: '2026-12-06', time: '08:00' })
      expect(startedMove.status).toBe(409)
      expect(await (await post(gone!.id, 'missed', {})).json()).toEqual({
        message: 'Marked missed. Under your session rules it uses its credit.',
      })
      expect(await (await post(gone!.id, 'held', {})).json()).toEqual({
        errors: [{ message: 'This session is no longer booked.' }],
      })
      expect(await balanceOf(past.email)).toMatchObject({ bought: 2, used: 1, held: 0, left: 1 })
      // Missed by mistake: undone, and marked held.
      expect(await (await post(gone!.id, 'undo', {})).json()).toEqual({
        message: 'Mark undone. The session is booked again and holds its credit: mark it held or missed.',
      })
      expect(await balanceOf(past.email)).toMatchObject({ bought: 2, used: 0, held: 1, left: 1 })
      const again = await post(gone!.id, 'undo', {})
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual({
        errors: [{ message: 'This session is not marked held or missed, so there is no mark to undo.' }],
      })
      expect(await (await post(gone!.id, 'held', {})).json()).toEqual({
        message: 'Marked held. The session used its credit.',
      })
      expect(await balanceOf(past.email)).toMatchObject({ bought: 2, used: 1, held: 0, left: 1 })
    })
  })
}
