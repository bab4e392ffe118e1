import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Workshop } from '@/payload-types'
import { DAY, HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { inviteFields } from '../../support/invites'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { testSite } from '../../support/site'
import { workshopsOnSite } from '../../support/workshops'

/** The clock of these tests: Monday 2026-11-30, 09:00 UTC; the workshops start ten days later. */
const NOW = new Date('2026-11-30T09:00:00.000Z')
const START = new Date(NOW.getTime() + 10 * DAY)
const at = (ms: number) => new Date(ms)

/**
 * Paid workshop seats by bank transfer, refunds and credits (issue 28; decision 070): a seat with a price is
 * held until its payment arrives and counts as taken meanwhile; the coach's "Mark payment received" makes it
 * theirs once; an unpaid hold lapses to the first person waiting; a paid seat given up is refunded or credited,
 * and a credit pays for a seat on a later workshop, once.
 */
export function paidSeatsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`paid workshop seats by bank transfer on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    let mod: typeof import('@/features/workshops/seats')
    let admin = ''
    let editor = ''

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/workshops/seats')
      await payload.updateGlobal({
        slug: 'payment-details',
        data: { accountHolder: 'Jane Coach', account: 'DE89 3704 0044 0532 0130 00', bank: 'Example Bank' },
        overrideAccess: true,
      })
      const account = async (role: 'admin' | 'editor') => {
        const data = { email: `${role}.paid.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
        await payload.create({ collection: 'users', data: { ...data, name: role, role }, overrideAccess: true })
        return (await payload.login({ collection: 'users', data })).token!
      }
      admin = await account('admin')
      editor = await account('editor')
    })
    const { aWorkshop, row, statuses, mailsTo } = workshopsOnSite(site, 'Paid workshop', {
      date: START.toISOString(),
      format: 'In person, 2 hours',
      description: 'A workshop.',
      attendance: 'in-person',
      venue: 'Community Hall, 12 Market Street',
      seats: 1,
      price: 40,
    })

    const register = (w: Workshop, who: string, now = NOW) =>
      mod.registerForWorkshop(payload, w.id, { name: who, email: `${who}@example.com` }, now)
    const kinds = async (who: string) => (await mailsTo(who)).map((m) => m.kind)
    const markPaid = (id: number, token?: string) =>
      restRequest(`/workshop-registrations/${id}/mark-paid`, { method: 'POST', ...(token ? { token } : {}) })
    const credits = async (who: string) =>
      (
        await payload.find({
          collection: 'workshop-credits',
          where: { email: { equals: `${who}@example.com` } },
          sort: 'createdAt',
          pagination: false,
          depth: 0,
          overrideAccess: true,
        })
      ).docs.map((c) => [c.kind, c.amount])
    /** A seat paid by bank transfer: registered, then marked received by the coach. */
    async function paidSeat(w: Workshop, who: string, now = NOW) {
      expect((await register(w, who, now)).outcome).toBe('held')
      expect((await markPaid((await row(w, who)).id, admin)).status).toBe(200)
      return row(w, who)
    }

    it('holds a paid seat until the coach marks the bank transfer received; the waitlist sees the seat taken meanwhile', async () => {
      const w = await aWorkshop()
      expect((await register(w, 'ada')).outcome).toBe('held')
      expect((await register(w, 'bob', at(NOW.getTime() + 1))).outcome).toBe('waitlisted')
      const ada = await row(w, 'ada')
      expect(ada).toMatchObject({
        status: 'offered',
        seat: 1,
        price: 4000,
        paidAt: null,
        holdUntil: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
      })
      expect(ada.reference).toMatch(/^WS-[2-9A-Z]{6}$/)
      expect(await statuses(w)).toEqual({ ada: ['offered', 1], bob: ['waitlisted', null] })
      const [held] = await mailsTo('ada')
      expect(held).toMatchObject({ kind: 'workshop-seat-held', subject: `Your seat is held until you pay: ${w.title}` })
      expect(held!.text).toContain(
        `We are holding a seat at "${w.title}" for you until Tuesday, December 1, 2026, 9:00 AM UTC.`,
      )
      expect(held!.text).toContain('To keep it, pay $40 by bank transfer:')
      expect(held!.text).toContain('Account holder: Jane Coach')
      expect(held!.text).toContain(`Reference: ${ada.reference}`)
      expect(held!.calendar).toBeNull()

      // Only an admin marks a payment received, whichever way they ask.
      expect((await markPaid(ada.id)).status).toBe(401)
      expect((await markPaid(ada.id, editor)).status).toBe(403)
      await expect(
        payload.update({
          collection: 'workshop-registrations',
          id: ada.id,
          data: { paidAt: NOW.toISOString() },
          overrideAccess: false,
          user: { id: 1, role: 'editor', collection: 'users' } as never,
        }),
      ).rejects.toMatchObject({
        name: 'Forbidden',
        status: 403,
        message: 'You are not allowed to perform this action.',
      })
      expect((await row(w, 'ada')).status).toBe('offered')

      const marked = await markPaid(ada.id, admin)
      expect(marked.status).toBe(200)
      expect(await marked.json()).toEqual({
        outcome: 'registered',
        message: 'Payment received. The seat is ada’s; they have been sent the details and the invite.',
      })
      expect(await row(w, 'ada')).toMatchObject({ status: 'registered', seat: 1, paidWith: 'bank-transfer' })
      expect((await row(w, 'ada')).paidAt).not.toBeNull()
      // Pressed again (a double click): nothing changes, one mail.
      const again = await markPaid(ada.id, admin)
      expect(await again.json()).toEqual({
        outcome: 'already',
        message: 'This seat was paid already: nothing changed.',
      })
      expect(await kinds('ada')).toEqual(['workshop-seat-held', 'workshop-registered'])
      const registered = (await mailsTo('ada'))[1]!
      expect(inviteFields((registered.calendar as { content: string }).content)).toMatchObject({ method: 'REQUEST' })
      expect(await statuses(w)).toEqual({ ada: ['registered', 1], bob: ['waitlisted', null] })
      // A free seat has nothing to pay.
      const free = await aWorkshop({ price: 0 })
      expect((await register(free, 'cy')).outcome).toBe('registered')
      expect((await markPaid((await row(free, 'cy')).id, admin)).status).toBe(409)
    })

    it('an unpaid hold lapses to the first person waiting, who is asked to pay; a payment marked after that is refused in words', async () => {
      const w = await aWorkshop()
      await register(w, 'ada')
      await register(w, 'bob', at(NOW.getTime() + 1))
      const ada = await row(w, 'ada')
      // One millisecond before the hold ends, nothing moves; at its end, it lapses.
      expect(await mod.settleWorkshop(payload, w.id, at(NOW.getTime() + 24 * HOUR - 1))).toBe(0)
      await mod.settleWorkshop(payload, w.id, at(NOW.getTime() + 24 * HOUR))
      expect(await statuses(w)).toEqual({ ada: ['cancelled', null], bob: ['offered', 1] })
      expect((await mailsTo('ada')).at(-1)!.text).toContain(
        `The seat we held for you at "${w.title}" was not paid for in time, so it has gone to the next person.`,
      )
      const offer = (await mailsTo('bob')).at(-1)!
      expect(offer.kind).toBe('workshop-offer')
      expect(offer.text).toContain('Pay $40 for the seat before Wednesday, December 2, 2026, 9:00 AM UTC: ')
      // Bob cannot take it without paying.
      const bob = await row(w, 'bob')
      expect(await mod.confirmOffer(payload, bob, at(NOW.getTime() + 25 * HOUR))).toBe('payment-due')
      expect((await row(w, 'bob')).status).toBe('offered')

      const late = await markPaid(ada.id, admin)
      expect(late.status).toBe(409)
      expect(await late.json()).toEqual({
        errors: [
          {
            message:
              'No seat is held for this registration, so the payment was not recorded. Please send the money back.',
          },
        ],
      })
      expect(await statuses(w)).toEqual({ ada: ['cancelled', null], bob: ['offered', 1] })
    })

    it('the visitor gives up a paid seat for a refund: refunded once, the coach told to send it back, the seat offered on', async () => {
      const w = await aWorkshop()
      await paidSeat(w, 'ada')
      await register(w, 'bob', at(NOW.getTime() + 1))
      const ada = await row(w, 'ada')
      // A paid seat is not cancelled without the choice.
      expect(await mod.cancelRegistration(payload, ada, 'attendee', NOW)).toBe('choose')
      expect((await row(w, 'ada')).status).toBe('registered')
      const [first, second] = await Promise.all([
        mod.cancelRegistration(payload, ada, 'attendee', NOW, 'refund'),
        mod.cancelRegistration(payload, ada, 'attendee', NOW, 'refund'),
      ])
      expect([first, second].sort()).toEqual(['not-live', 'refunded'])
      expect(await statuses(w)).toEqual({ ada: ['refunded', null], bob: ['offered', 1] })
      const told = (await mailsTo('ada')).at(-1)!
      expect(told.text).toContain(`Your registration for "${w.title}" is cancelled.`)
      expect(told.text).toContain('Your payment of $40 will be refunded to you by bank transfer.')
      const toCoach = await mailsAsSent(payload, { kind: { equals: 'workshop-refund-due' } })
      expect(toCoach).toHaveLength(1)
      expect(toCoach[0]).toMatchObject({ to: 'coach@example.com', subject: `Refund due: ada, ${w.title}` })
      expect(toCoach[0]!.text).toContain(
        `Please send $40 back by bank transfer (they paid with reference ${ada.reference}).`,
      )
      expect(await credits('ada')).toEqual([])
    })

    it('a credit instead: it pays a later paid workshop at once (once), the rest kept; too small a credit is not used', async () => {
      const first = await aWorkshop({ price: 40 })
      await paidSeat(first, 'ada')
      expect(await mod.cancelRegistration(payload, await row(first, 'ada'), 'attendee', NOW, 'credit')).toBe('credited')
      expect(await mod.cancelRegistration(payload, await row(first, 'ada'), 'attendee', NOW, 'credit')).toBe('not-live')
      expect((await row(first, 'ada')).status).toBe('credited')
      expect((await mailsTo('ada')).at(-1)!.text).toContain(
        'You have a credit of $40 for a later workshop: register for it with this e-mail address and the credit pays for your seat.',
      )
      expect(await credits('ada')).toEqual([['credit', 4000]])

      const later = await aWorkshop({ price: 30, date: new Date(START.getTime() + 7 * DAY).toISOString() })
      expect((await register(later, 'ada', at(NOW.getTime() + HOUR))).outcome).toBe('registered')
      expect(await row(later, 'ada')).toMatchObject({ status: 'registered', paidWith: 'credit', price: 3000 })
      expect((await mailsTo('ada')).at(-1)!.kind).toBe('workshop-registered')
      expect(await credits('ada')).toEqual([
        ['credit', 4000],
        ['use', -4000],
        ['credit', 1000],
      ])
      // $10 left does not pay a $40 seat: that one waits for its payment.
      const third = await aWorkshop({ price: 40 })
      expect((await register(third, 'ada', at(NOW.getTime() + 2 * HOUR))).outcome).toBe('held')
      // A seat paid with a credit, given up, is credited again (no money to refund).
      expect(
        await mod.cancelRegistration(payload, await row(later, 'ada'), 'attendee', at(NOW.getTime() + 3 * HOUR)),
      ).toBe('credited')
      expect((await credits('ada')).at(-1)).toEqual(['credit', 3000])
    })

    it('one credit pays for one seat, with two registrations for two workshops at the same moment', async () => {
      const first = await aWorkshop()
      await paidSeat(first, 'ada')
      await mod.cancelRegistration(payload, await row(first, 'ada'), 'attendee', NOW, 'credit')
      const [a, b] = [await aWorkshop(), await aWorkshop()]
      const outcomes = await Promise.all([register(a, 'ada'), register(b, 'ada')])
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['held', 'registered'])
      expect((await credits('ada')).filter(([kind]) => kind === 'use')).toHaveLength(1)
    })

    it('a person waiting who is offered a paid seat takes it with their credit', async () => {
      const old = await aWorkshop()
      await paidSeat(old, 'bob')
      await mod.cancelRegistration(payload, await row(old, 'bob'), 'attendee', NOW, 'credit')
      const w = await aWorkshop()
      await paidSeat(w, 'ada')
      expect((await register(w, 'bob', at(NOW.getTime() + 1))).outcome).toBe('waitlisted')
      await mod.cancelRegistration(payload, await row(w, 'ada'), 'attendee', at(NOW.getTime() + 2), 'refund')
      expect((await row(w, 'bob')).status).toBe('offered')
      expect(await mod.confirmOffer(payload, await row(w, 'bob'), at(NOW.getTime() + 3))).toBe('registered')
      expect(await row(w, 'bob')).toMatchObject({ status: 'registered', paidWith: 'credit' })
      expect((await credits('bob')).map(([kind]) => kind)).toEqual(['credit', 'use'])
    })

    it('the coach cancels a paid registration or the whole workshop with a refund or a credit, as they choose', async () => {
      const w = await aWorkshop({ seats: 3 })
      await paidSeat(w, 'ada')
      await paidSeat(w, 'bob')
      await register(w, 'cy')
      const cancelOne = (id: number, body?: object) =>
        restRequest(`/workshop-registrations/${id}/cancel`, { method: 'POST', token: admin, ...(body ? { body } : {}) })
      const ada = await row(w, 'ada')
      const unsaid = await cancelOne(ada.id)
      expect(unsaid.status).toBe(409)
      expect(await unsaid.json()).toEqual({
        errors: [
          {
            message:
              'This seat is paid for: choose whether the money is refunded or kept as a credit for a later workshop.',
          },
        ],
      })
      const credited = await cancelOne(ada.id, { settle: 'credit' })
      expect(await credited.json()).toEqual({
        message:
          'Cancelled. ada has been told by e-mail; a freed seat goes to the first person waiting. They have a credit of $40 for a later workshop.',
      })
      expect((await mailsTo('ada')).at(-1)!.text).toContain(`has cancelled your registration for "${w.title}".`)
      expect(await credits('ada')).toEqual([['credit', 4000]])

      const whole = (body?: object) =>
        restRequest(`/workshops/${w.id}/cancel`, { method: 'POST', token: admin, ...(body ? { body } : {}) })
      expect((await whole()).status).toBe(409)
      expect(await statuses(w)).toMatchObject({ bob: ['registered', 2], cy: ['offered', 3] })
      const done = await whole({ settle: 'refund' })
      expect(done.status).toBe(200)
      expect(await statuses(w)).toEqual({
        ada: ['credited', null],
        bob: ['refunded', null],
        cy: ['cancelled', null],
      })
      expect((await mailsTo('bob')).at(-1)!.text).toContain(
        'Your payment of $40 will be refunded to you by bank transfer.',
      )
      expect((await mailsTo('cy')).at(-1)!.text).not.toContain('refund')
      expect(await mailsAsSent(payload, { kind: { equals: 'workshop-refund-due' } })).toHaveLength(1)
    })
  })
}
