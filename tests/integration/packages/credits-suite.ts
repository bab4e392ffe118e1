import type { Payload, TypedUser } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { CREDIT_REFUSALS, type CreditEvent } from '@/domain/credits'
import { appendCreditEvent, creditBalance } from '@/features/packages/ledger'
import type { TestDatabase } from '../../support/database'
import { creditEntriesOf } from '../../support/credits'
import { restRequest } from '../../support/rest'
import { testSite } from '../../support/site'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const T0 = Date.UTC(2026, 10, 2, 9, 0)

const opened = (purchase: string, key = `cs_${purchase}`, credits = 3): CreditEvent => ({
  type: 'purchase-opened',
  key,
  at: T0,
  purchase,
  credits,
  validUntil: T0 + 90 * DAY,
  amount: 120000,
})

const booked = (session: string, startsAt: number, at = T0 + HOUR): CreditEvent => ({
  type: 'session-booked',
  key: `book:${session}`,
  at,
  session,
  startsAt,
  by: 'client',
})

/**
 * The credit ledger stored (decision 053): a client's entries as rows of credit-entries, each fact once
 * however often and however simultaneously it arrives, a refund before its purchase kept until the purchase
 * opens, and no path that changes or removes an entry.
 */
export function creditsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Session credits stored on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    const coach = { email: `coach.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
    let coachToken = ''
    let coachUser: TypedUser

    beforeAll(async () => {
      ;({ payload } = site)
      coachUser = (await payload.create({
        collection: 'users',
        data: { ...coach, name: 'Coach', role: 'admin' },
        overrideAccess: true,
      })) as TypedUser
      coachToken = (await payload.login({ collection: 'users', data: coach })).token!
    })

    const rowsOf = (email: string) => creditEntriesOf(payload, email)

    it('stores each accepted event as an entry of the client and gives the exact balance', async () => {
      const email = 'Ada.Lovelace@Example.COM '
      const append = (e: CreditEvent) => appendCreditEvent(payload, email, e)
      expect((await append(opened('p1'))).status).toBe('recorded')
      expect((await append(booked('s1', T0 + 3 * DAY))).status).toBe('recorded')
      expect((await append(booked('s2', T0 + 5 * DAY))).status).toBe('recorded')
      expect((await append(booked('s3', T0 + 7 * DAY))).status).toBe('recorded')
      // Nothing left: refused in the client's words, and nothing stored.
      const fourth = await append(booked('s4', T0 + 9 * DAY))
      expect(fourth).toMatchObject({ status: 'refused', reason: CREDIT_REFUSALS.noCredit })
      expect(
        (await append({ type: 'session-held', key: 'held:s1', at: T0 + 3 * DAY + HOUR, session: 's1' })).status,
      ).toBe('recorded')
      // Cancelled by the client two hours before: inside the 24-hour notice, so the credit is used.
      const late = await append({
        type: 'session-cancelled',
        key: 'cancel:s2',
        at: T0 + 5 * DAY - 2 * HOUR,
        session: 's2',
        by: 'client',
      })
      expect(late.status).toBe('recorded')
      // Cancelled two days before: the credit comes back.
      const early = await append({
        type: 'session-cancelled',
        key: 'cancel:s3',
        at: T0 + 5 * DAY,
        session: 's3',
        by: 'client',
      })
      expect(early.status).toBe('recorded')
      const counts = {
        bought: 3,
        used: 2,
        left: 1,
        held: 0,
        forfeited: 0,
        refunded: 0,
        paid: 120000,
        refundedAmount: 0,
        waiting: 0,
      }
      expect(early.balance).toMatchObject(counts)
      expect(await creditBalance(payload, 'ada.lovelace@example.com')).toMatchObject(counts)

      const rows = await rowsOf('ada.lovelace@example.com')
      expect(rows.map((r) => [r.seq, r.type, r.key, r.purchase ?? null, r.session ?? null])).toEqual([
        [1, 'purchase-opened', 'cs_p1', 'p1', null],
        [2, 'session-booked', 'book:s1', 'p1', 's1'],
        [3, 'session-booked', 'book:s2', 'p1', 's2'],
        [4, 'session-booked', 'book:s3', 'p1', 's3'],
        [5, 'session-held', 'held:s1', null, 's1'],
        [6, 'session-cancelled', 'cancel:s2', null, 's2'],
        [7, 'session-cancelled', 'cancel:s3', null, 's3'],
      ])
      expect(rows.every((r) => r.email === 'ada.lovelace@example.com')).toBe(true)
      expect(rows[0]!.at).toBe(new Date(T0).toISOString())
      // The entry as `record` wrote it, with what the rules chose.
      expect(rows[1]!.entry).toEqual({ ...booked('s1', T0 + 3 * DAY), purchase: 'p1' })
      expect(rows[5]!.entry).toMatchObject({ key: 'cancel:s2', usesCredit: true })
      expect(rows[6]!.entry).toMatchObject({ key: 'cancel:s3', usesCredit: false })
    })

    it('stores one fact once: the same event twice, and ten times at once', async () => {
      const email = 'twice@example.com'
      const first = await appendCreditEvent(payload, email, opened('p1'))
      const again = await appendCreditEvent(payload, 'TWICE@example.com', opened('p1'))
      expect([first.status, again.status]).toEqual(['recorded', 'duplicate'])
      expect(again.balance).toMatchObject({ bought: 3, left: 3 })
      expect(await rowsOf(email)).toHaveLength(1)

      const racing = 'ten.at.once@example.com'
      const all = await Promise.all(Array.from({ length: 10 }, () => appendCreditEvent(payload, racing, opened('p9'))))
      expect(all.map((a) => a.status).sort()).toEqual(['recorded', ...Array<string>(9).fill('duplicate')].sort())
      for (const a of all) expect(a.balance).toMatchObject({ bought: 3, left: 3, paid: 120000 })
      expect(await rowsOf(racing)).toHaveLength(1)
      expect(await creditBalance(payload, racing)).toMatchObject({ bought: 3, left: 3, used: 0 })
    })

    it("stores one fact once inside callers' own transactions too", async () => {
      const { inTransaction } = await import('@/platform/transaction')
      const email = 'in.transactions@example.com'
      const all = await Promise.all(
        Array.from({ length: 10 }, () =>
          inTransaction(payload, (req) => appendCreditEvent(payload, email, opened('p1'), undefined, req)),
        ),
      )
      expect(all.map((a) => a.status).sort()).toEqual(['recorded', ...Array<string>(9).fill('duplicate')].sort())
      expect(await rowsOf(email)).toHaveLength(1)
    })

    it('books no more sessions than there are credits when ten bookings come at once', async () => {
      const email = 'ten.bookings@example.com'
      await appendCreditEvent(payload, email, opened('p1'))
      const all = await Promise.all(
        Array.from({ length: 10 }, (_, i) => appendCreditEvent(payload, email, booked(`s${i}`, T0 + (i + 2) * DAY))),
      )
      expect(all.filter((a) => a.status === 'recorded')).toHaveLength(3)
      expect(all.filter((a) => a.status === 'refused').map((a) => a.reason)).toEqual(
        Array<string>(7).fill(CREDIT_REFUSALS.noCredit),
      )
      expect(await rowsOf(email)).toHaveLength(4)
      expect(await creditBalance(payload, email)).toMatchObject({ bought: 3, left: 0, held: 3 })
    })

    it('keeps a refund that comes before its purchase and applies it when the purchase opens', async () => {
      const email = 'refund.first@example.com'
      const refund: CreditEvent = { type: 'refund', key: 're_1', at: T0, purchase: 'p1', amount: 40000, credits: 1 }
      const early = await appendCreditEvent(payload, email, refund)
      expect(early.status).toBe('waiting')
      expect(early.balance).toMatchObject({ bought: 0, left: 0, refunded: 0, waiting: 1 })
      expect((await appendCreditEvent(payload, email, refund)).status).toBe('duplicate')
      const open = await appendCreditEvent(payload, email, opened('p1'))
      expect(open.status).toBe('recorded')
      const counts = { bought: 3, left: 2, refunded: 1, used: 0, paid: 120000, refundedAmount: 40000, waiting: 0 }
      expect(open.balance).toMatchObject(counts)
      expect(await creditBalance(payload, email)).toMatchObject(counts)
      expect((await rowsOf(email)).map((r) => r.type)).toEqual(['refund', 'purchase-opened'])
    })

    it('lets no path change or remove an entry', async () => {
      const email = 'kept@example.com'
      await appendCreditEvent(payload, email, opened('p1'))
      const [row] = await rowsOf(email)
      const id = row!.id
      const patch = await restRequest(`/credit-entries/${id}`, {
        method: 'PATCH',
        token: coachToken,
        body: { seq: 7, entry: { ...opened('p1'), credits: 30 } },
      })
      expect([403, 405]).toContain(patch.status)
      const remove = await restRequest(`/credit-entries/${id}`, { method: 'DELETE', token: coachToken })
      expect([403, 405]).toContain(remove.status)
      const bulk = await restRequest(`/credit-entries?where[email][equals]=${email}`, {
        method: 'DELETE',
        token: coachToken,
      })
      expect([403, 405]).toContain(bulk.status)
      const create = await restRequest('/credit-entries', {
        method: 'POST',
        token: coachToken,
        body: { email, seq: 2, key: 'forged', type: 'refund', at: new Date(T0).toISOString(), entry: {} },
      })
      expect([403, 405]).toContain(create.status)
      await expect(
        payload.update({ collection: 'credit-entries', id, data: { seq: 7 }, user: coachUser, overrideAccess: false }),
      ).rejects.toThrow(/not allowed/i)
      await expect(
        payload.delete({ collection: 'credit-entries', id, user: coachUser, overrideAccess: false }),
      ).rejects.toThrow(/not allowed/i)
      // Not even the site's own code updates one.
      await expect(
        payload.update({ collection: 'credit-entries', id, data: { seq: 7 }, overrideAccess: true }),
      ).rejects.toThrow(/not allowed/i)
      // The coach reads it, unchanged.
      const read = await restRequest(`/credit-entries/${id}`, { token: coachToken })
      expect(read.status).toBe(200)
      expect(await rowsOf(email)).toEqual([row])
      expect(await creditBalance(payload, email)).toMatchObject({ bought: 3, left: 3 })
    })
  })
}
