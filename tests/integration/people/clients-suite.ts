import { randomUUID } from 'node:crypto'

import type { Payload, TypedUser } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '../../support/database'
import { restRequest } from '../../support/rest'
import { openEveryDayInUtc, erasedByCoach, theCoachAndAnEditor } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

type People = typeof import('@/features/people/people')
type Sessions = typeof import('@/features/packages/sessions')

/**
 * Clients in People (issue 27; decision 067): a buyer's page lists their purchases (package, status, paid,
 * refunded, the agreement version accepted with its hash, typed name and time, the intake answers), their
 * credits and their sessions; their download holds them; their erasure is refused while a session is booked
 * ahead, and then deletes their sessions and unpaid purchases but keeps the paid purchase and the credit
 * ledger for the coach's books, without the intake answers.
 */
export function clientsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Clients in People on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    const tag = label.toLowerCase()
    const coach = { email: `coach.clients.${tag}@example.com`, password: 'a quiet lake at dawn 2026' }
    const editor = { email: `editor.clients.${tag}@example.com`, password: 'another quiet lake 2026' }
    let coachToken = ''
    let people: People
    let sessions: Sessions

    beforeAll(async () => {
      ;({ payload } = site)
      people = await import('@/features/people/people')
      sessions = await import('@/features/packages/sessions')
      const { seedPackages } = await import('@/features/packages/seed')
      await seedPackages(payload, {})
      await openEveryDayInUtc(payload)
      coachToken = (await theCoachAndAnEditor(payload, coach, editor)).coach
    })

    const userOf = async (email: string) =>
      (await payload.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true }))
        .docs[0] as TypedUser

    it('a buyer’s page, download and erasure: purchases, credits, sessions, agreement and answers; a session ahead refuses the erasure; paid purchases stay for the books', async () => {
      const email = `kim.${tag}@example.com`
      const { clientKeyOf, clientToken } = await import('@/features/packages/tokens')
      const version = (
        await payload.find({ collection: 'agreement-versions', sort: '-number', limit: 1, overrideAccess: true })
      ).docs[0]!
      const bought = (status: 'awaiting-payment' | 'agreed', createdAt: string) =>
        payload.create({
          collection: 'purchases',
          data: {
            reference: `PKG-${randomUUID().slice(0, 6).toUpperCase()}`,
            status,
            email: `Kim.${tag}@Example.com`,
            clientKey: clientKeyOf(email),
            packageTitle: '3-Month Program',
            amount: 120000,
            sessions: 3,
            sessionMinutes: 60,
            validityDays: 120,
            paymentMethod: 'bank-transfer',
            agreementVersion: version.id,
            agreementHash: version.hash,
            agreedName: 'Kim Lee',
            agreedAt: '2026-11-20T09:00:00.000Z',
            agreedEmail: email,
            intakeAnswers: [{ question: 'What brings you to coaching?', answer: 'A new role.' }],
            createdAt,
          },
          overrideAccess: true,
        })
      const paid = await bought('awaiting-payment', '2026-11-20T09:00:00.000Z')
      const unpaid = await bought('agreed', '2026-11-21T09:00:00.000Z')
      const admin = await userOf(coach.email)
      const { markPaid } = await import('@/features/packages/paid')
      expect((await markPaid(payload, paid.id, admin)).status).toBe('opened')
      const { refundPayment } = await import('@/features/packages/refunds')
      expect(
        await refundPayment(payload, paid.id, admin, { requestId: randomUUID(), amount: '400', credits: '1' }),
      ).toMatchObject({ status: 'refunded' })
      const client = (await sessions.clientByToken(payload, clientToken(email)))!
      const validUntil = Date.now() + 100 * 86_400_000
      const [slot] = (await sessions.sessionSlots(payload, { minutes: 60, before: validUntil })).slots
      expect(await sessions.bookSession(payload, client, new Date(slot!))).toBe('booked')

      // The list: one person, named by the name they typed, with their purchases.
      const row = (await people.listPeople(payload, admin)).find((p) => p.email === email)!
      expect(row).toMatchObject({ name: 'Kim Lee', holds: '2 purchases' })

      // Their page, as the admin reads it.
      const person = (await people.readPerson(payload, admin, row.key))!
      expect(person.purchases).toEqual([
        expect.objectContaining({
          id: unpaid.id,
          status: 'Agreement accepted',
          paid: '$0',
          refunded: '$0',
          method: 'bank transfer',
        }),
        {
          id: paid.id,
          reference: paid.reference,
          packageTitle: '3-Month Program',
          status: 'Paid',
          paid: '$1200',
          refunded: '$400',
          method: 'bank transfer',
          when: 'Friday, November 20, 2026, 9:00 AM',
          href: `/admin/collections/purchases/${paid.id}`,
          agreement: {
            version: `version ${version.number}`,
            hash: version.hash,
            name: 'Kim Lee',
            at: 'Friday, November 20, 2026, 9:00 AM',
          },
          intake: [{ question: 'What brings you to coaching?', answer: 'A new role.' }],
        },
      ])
      expect(person.credits).toEqual({ bought: 3, used: 0, booked: 1, left: 1, forfeited: 0, refunded: 1 })
      expect(person.sessions).toEqual([expect.objectContaining({ packageTitle: '3-Month Program', status: 'Booked' })])
      // Purchases are for admins only: to an editor, a person known by purchases alone is nobody.
      expect(await people.readPerson(payload, await userOf(editor.email), row.key)).toBeNull()

      // Their download.
      const download = await restRequest(`/people/${row.key}/export.json`, { token: coachToken })
      expect(download.status).toBe(200)
      const data = (await download.json()) as {
        purchases: { id: number; agreement: { sha256: string; typedName: string } | null; intakeAnswers: unknown }[]
        creditEntries: { type: string }[]
        coachingSessions: { id: number }[]
      }
      expect(data.purchases.map((p) => p.id).sort()).toEqual([paid.id, unpaid.id].sort())
      expect(data.purchases.find((p) => p.id === paid.id)).toMatchObject({
        agreement: { sha256: version.hash, typedName: 'Kim Lee' },
        intakeAnswers: [{ question: 'What brings you to coaching?', answer: 'A new role.' }],
      })
      expect(data.creditEntries.map((e) => e.type)).toEqual(['purchase-opened', 'refund', 'session-booked'])
      expect(data.coachingSessions).toHaveLength(1)
      expect(JSON.stringify(data)).not.toMatch(/clientKey|codeHash/)

      // A session booked ahead refuses the erasure, in words; nothing is deleted.
      const refused = await restRequest(`/people/${row.key}/erase`, { method: 'POST', token: coachToken })
      expect(refused.status).toBe(409)
      expect(await refused.json()).toEqual({
        errors: [
          {
            message:
              'This person has a booked coaching session still ahead. Cancel it first (they get the usual cancellation), then erase them.',
          },
        ],
      })
      expect(await people.erasurePreview(payload, email)).toMatchObject({
        sessions: 1,
        upcomingSessions: 1,
        unpaidPurchases: 1,
        paidPurchases: 1,
      })
      expect(await countOf(payload, 'purchases', { email: { equals: email } })).toBe(2)
      expect(await countOf(payload, 'coaching-sessions', { email: { equals: email } })).toBe(1)

      // Cancelled (the client's own way), then erased: the session and the unpaid purchase go; the paid one
      // stays for the books without the answers or the page's link; the ledger stays whole.
      const [session] = await sessions.sessionsOf(payload, email)
      expect(await sessions.cancelSession(payload, client, session!.id)).toBe('cancelled')
      const entries = await countOf(payload, 'credit-entries', { email: { equals: email } })
      expect(await erasedByCoach(row.key, coachToken)).toMatchObject({
        sessions: 1,
        upcomingSessions: 0,
        unpaidPurchases: 1,
        paidPurchases: 1,
      })
      expect(await countOf(payload, 'coaching-sessions', { email: { equals: email } })).toBe(0)
      expect(await countOf(payload, 'purchases', { id: { equals: unpaid.id } })).toBe(0)
      const kept = await payload.findByID({
        collection: 'purchases',
        id: paid.id,
        overrideAccess: true,
        showHiddenFields: true,
      })
      expect(kept).toMatchObject({
        status: 'paid',
        amount: 120000,
        agreementHash: version.hash,
        agreedName: 'Kim Lee',
        intakeAnswers: null,
        clientKey: null,
      })
      expect(await countOf(payload, 'credit-entries', { email: { equals: email } })).toBe(entries)
      expect(await sessions.clientByToken(payload, clientToken(email))).toBeNull()
      // What stays keeps them in People, with their paid purchase alone.
      expect((await people.listPeople(payload, admin)).find((p) => p.email === email)).toMatchObject({
        holds: '1 purchase',
      })
    })
  })
}
