import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Purchase } from '@/payload-types'
import type { TestDatabase } from '../../support/database'
import { checkoutToPayment, THREE_MONTH_PLAN } from '../../support/checkout'
import { creditEntriesOf } from '../../support/credits'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

const NOW = new Date('2026-12-01T10:00:00.000Z')
const PLAN_MESSAGE = 'Choose from 2 to 12 monthly payments.'

/**
 * Bad input on packages paid in instalments (issue 39, item 6; decision 071): a plan of a number of payments
 * the site does not sell, a "Mark payment received" that names no instalment or one that does not exist, an
 * instalment marked again once paid, and an amount sent with the press. Each is refused in words, or changes
 * nothing: the package, the purchase, the buyer's ledger and the mails stay as they were; the amounts
 * recorded are always the plan's and add up to the price.
 */
export function instalmentsInputSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`bad input on instalments on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup, { smtp: true })
    let programId: number
    let agreementId: number
    const client = newClients(`instalments-input-${label}`)
    const admin = { email: `admin.plan.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
    let adminToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      const { seedPackages } = await import('@/features/packages/seed')
      await seedPackages(payload, {})
      const starter = (await payload.find({ collection: 'packages', depth: 0, overrideAccess: true })).docs[0]!
      agreementId = Number(starter.agreement)
      programId = (
        await payload.create({
          collection: 'packages',
          data: { ...THREE_MONTH_PLAN, agreement: agreementId },
          overrideAccess: true,
        })
      ).id
      await payload.create({ collection: 'users', data: { ...admin, role: 'admin' }, overrideAccess: true })
      adminToken = (await payload.login({ collection: 'users', data: admin })).token!
    })

    const purchaseOf = (id: number) => payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true })
    let buyers = 0
    const buy = (packageId = programId) =>
      checkoutToPayment(payload, {
        packageId,
        email: `buyer${++buyers}.plan.${label.toLowerCase()}@example.com`,
        client: client(),
        now: NOW,
      })
    /** "Mark payment received" as the coach's panel sends it, with `body` as sent (a string goes as it is). */
    const mark = (id: number | string, body?: unknown) =>
      restRequest(`/purchases/${id}/mark-paid`, {
        method: 'POST',
        token: adminToken,
        ...(body === undefined ? {} : { body }),
      })
    const answer = async (r: Response) => ({ status: r.status, body: (await r.json()) as unknown })
    /** What a press could have changed: the purchase, the buyer's ledger, the mails. */
    const stored = async (p: Purchase) => ({
      purchase: await purchaseOf(p.id),
      ledger: (await creditEntriesOf(payload, p.email)).map((e) => [e.type, e.key, e.entry]),
      mails: (await mailsAsSent(payload, { to: { equals: p.email } })).map((m) => [m.kind, m.subject]),
    })

    it('a plan of fewer than 2, more than 12 or part of a monthly payment is refused in words, and the package is not stored or changed', async () => {
      const packages = await countOf(payload, 'packages')
      for (const instalments of [1, 13, 0, -3, 2.5, null]) {
        await expect(
          payload.create({
            collection: 'packages',
            data: { ...THREE_MONTH_PLAN, card: '6-Month Program', instalments, agreement: agreementId },
            overrideAccess: true,
          }),
          String(instalments),
        ).rejects.toMatchObject({
          data: { errors: [{ path: 'instalments', message: PLAN_MESSAGE }] },
        })
      }
      // Through the API as the admin's screen saves it: 400 with the same words.
      const posted = await restRequest('/packages', {
        method: 'POST',
        token: adminToken,
        body: { ...THREE_MONTH_PLAN, card: '6-Month Program', instalments: 24, agreement: agreementId },
      })
      expect(posted.status).toBe(400)
      expect(await posted.json()).toMatchObject({
        errors: [{ data: { errors: [{ path: 'instalments', message: PLAN_MESSAGE }] } }],
      })
      const changed = await restRequest(`/packages/${programId}`, {
        method: 'PATCH',
        token: adminToken,
        body: { instalments: 1 },
      })
      expect(changed.status).toBe(400)
      expect(await countOf(payload, 'packages')).toBe(packages)
      const { packageOnSale } = await import('@/features/packages/catalogue')
      expect(await packageOnSale(payload, programId)).toMatchObject({ amount: 120000, instalments: 3 })
    })

    it('"Mark payment received" naming no instalment, or one that is not a payment of the plan, is refused in words and records nothing', async () => {
      const p = await buy()
      const before = await stored(p)
      expect(before.purchase).toMatchObject({ status: 'awaiting-payment', instalments: 3 })
      const which = {
        status: 400,
        body: { errors: [{ message: 'Say which of the 3 monthly payments was received.' }] },
      }
      for (const body of [
        undefined,
        'not json',
        '[1]',
        {},
        { instalment: '1' },
        { instalment: null },
        { instalment: 0 },
        { instalment: -1 },
        { instalment: 1.5 },
        { instalment: 4 },
        '{"instalment": 1e400}',
      ]) {
        expect([body, await answer(await mark(p.id, body))]).toEqual([body, which])
      }
      // A purchase that does not exist, or an address that names none.
      for (const id of ['99999999', 'abc', '1.5', '-1', '99999999999999999999']) {
        expect([id, await answer(await mark(id, { instalment: 1 }))]).toEqual([
          id,
          { status: 404, body: { errors: [{ message: 'There is no such purchase.' }] } },
        ])
      }
      expect(await stored(p)).toEqual(before)
    })

    it('an instalment marked again once paid, even days later or after the next, records nothing and mails nothing; an amount sent with the press is not the amount recorded', async () => {
      const p = await buy()
      // The coach's press carries an amount too (a hand-made request): the plan's amount is recorded.
      const first = await answer(await mark(p.id, { instalment: 1, amount: 1 }))
      expect(first).toMatchObject({
        status: 200,
        body: { opened: true, instalment: 1, recorded: true, instalmentsPaid: 1, instalments: 3 },
      })
      expect(await answer(await mark(p.id, { instalment: 2, amount: '99999' }))).toMatchObject({
        status: 200,
        body: { instalment: 2, recorded: true, instalmentsPaid: 2 },
      })
      const before = await stored(p)
      expect(before.ledger.map(([type, , entry]) => [type, (entry as { amount: number }).amount])).toEqual([
        ['purchase-opened', 0],
        ['payment-received', 40000],
        ['payment-received', 40000],
      ])
      for (const instalment of [1, 2]) {
        expect(await answer(await mark(p.id, { instalment }))).toEqual({
          status: 200,
          body: {
            status: 'paid',
            opened: false,
            paidAt: before.purchase.paidAt,
            instalment,
            recorded: false,
            instalmentsPaid: 2,
            instalments: 3,
          },
        })
      }
      // Days later, by the Local API as the panel's endpoint calls it: the same.
      const { markPaid } = await import('@/features/packages/paid')
      const again = await markPaid(payload, p.id, { id: 1 }, new Date(NOW.getTime() + 40 * 24 * 3600_000), 1)
      expect(again).toMatchObject({ status: 'already-paid', instalment: { number: 1, recorded: false, paid: 2 } })
      expect(await stored(p)).toEqual(before)
    })

    it('a plan whose price does not split evenly records each payment’s exact cents, adding up to the price, and the coach sees the next one’s amount', async () => {
      const seven = (
        await payload.create({
          collection: 'packages',
          data: { ...THREE_MONTH_PLAN, card: '6-Month Program', instalments: 7, agreement: agreementId },
          overrideAccess: true,
        })
      ).id
      // The 6-Month Program's card: $2200, in 7 payments of $314.28, the first taking the 4 cents left over.
      const [price, first, each] = [220000, 31432, 31428]
      const { packageOnSale } = await import('@/features/packages/catalogue')
      expect(await packageOnSale(payload, seven)).toMatchObject({ amount: price, instalments: 7 })
      const p = await buy(seven)
      const mail = (await mailsAsSent(payload, { kind: { equals: 'payment-details' }, to: { equals: p.email } }))[0]!
      expect(mail.text).toContain('Payment 1 of 7: $314.32, now')
      expect(mail.text).toContain('Payment 2 of 7: $314.28, 1 month after the first')
      expect(mail.text).toContain('Payment 7 of 7: $314.28, 6 months after the first')
      for (let n = 1; n <= 7; n++) {
        expect((await answer(await mark(p.id, { instalment: n }))).status).toBe(200)
        const state = await restRequest(`/purchases/${p.id}/instalments`, { token: adminToken })
        expect(((await state.json()) as { instalments: { nextAmount: number | null } }).instalments.nextAmount).toBe(
          n < 7 ? each : null,
        )
      }
      const payments = (await creditEntriesOf(payload, p.email))
        .filter((e) => e.type === 'payment-received')
        .map((e) => (e.entry as { amount: number }).amount)
      expect(payments).toEqual([first, ...Array(6).fill(each)])
      expect(payments.reduce((a, b) => a + b)).toBe(price)
      const { creditBalance } = await import('@/features/packages/ledger')
      expect(await creditBalance(payload, p.email)).toMatchObject({ paid: price })
      expect(await answer(await mark(p.id, { instalment: 8 }))).toEqual({
        status: 400,
        body: { errors: [{ message: 'Say which of the 7 monthly payments was received.' }] },
      })
    })
  })
}
