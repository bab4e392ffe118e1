import { randomUUID } from 'node:crypto'

import type { CollectionSlug, Payload, TypedUser } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '../../support/database'
import { aPaidClient, aStarterPurchase, balanceHolds } from '../../support/credits'
import { restRequest } from '../../support/rest'
import { CONTACT_POST, theCoachAndAnEditor } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

type Rest = typeof import('@/cms/rest-api')

const SITE = 'http://localhost:3000'
const NOT_ALLOWED = 'You are not allowed to perform this action.'
const CROSS_SITE = 'This form can only be sent from this site.'

/**
 * Who may see money and clients, and who may press the admin's buttons (issue 38; decisions 090, 091): what was
 * paid, refunded or credited and who bought is read by admins only on every path (REST, the Local API with a
 * user, People, Today, the exports; GraphQL is off), an editor reads a workshop registration without its
 * payment; and every change posted to the admin's API from another site is refused, whichever button it is,
 * with the coach's own cookie, while the same post from the admin's own pages is done.
 */
export function accessSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`Money, clients and the admin's buttons on ${label}`, () => {
    let payload: Payload
    let rest: Rest
    const site = testSite(setup)
    const tag = label.toLowerCase()
    const coach = { email: `coach.access.${tag}@example.com`, password: 'a quiet lake at dawn 2026' }
    const editor = { email: `editor.access.${tag}@example.com`, password: 'another quiet lake 2026' }
    let coachToken = ''
    let editorToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      rest = await import('@/cms/rest-api')
      await payload.updateGlobal({ slug: 'availability', data: { timeZone: 'America/New_York' }, overrideAccess: true })
      ;({ coach: coachToken, editor: editorToken } = await theCoachAndAnEditor(payload, coach, editor))
    })

    const userOf = async (email: string) =>
      (await payload.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true }))
        .docs[0] as TypedUser

    const errorOf = async (res: Response) =>
      ((await res.json()) as { errors?: { message: string }[] }).errors?.[0]?.message

    /** A workshop with a price, and a registration whose paid seat was refunded. */
    async function aRefundedSeat(email: string) {
      const workshop = await payload.create({
        collection: 'workshops',
        data: {
          title: `Paid workshop ${randomUUID().slice(0, 6)}`,
          description: 'A morning together.',
          date: '2027-03-01T15:00:00.000Z',
          format: 'In person, 2 hours',
          attendance: 'in-person',
          venue: 'Community Hall, 12 Market Street',
          seats: 10,
          price: 45,
          published: true,
        },
        overrideAccess: true,
      })
      const registration = await payload.create({
        collection: 'workshop-registrations',
        data: {
          workshop: workshop.id,
          name: 'Rita Paid',
          email,
          status: 'refunded',
          queuedAt: '2026-11-20T10:00:00.000Z',
          cancelledAt: '2026-11-21T10:00:00.000Z',
          cancelledBy: 'coach',
          price: 4500,
          paidWith: 'bank-transfer',
          paidAt: '2026-11-20T12:00:00.000Z',
          reference: 'WS-RITA01',
          offers: 0,
          sequence: 0,
        },
        overrideAccess: true,
      })
      return { workshop, registration }
    }

    it('reads money and clients for admins only through the REST API, an editor and nobody logged in are refused', async () => {
      const { purchase, email } = await aPaidClient(payload, { name: 'Lena Money', label: tag, paidAt: new Date() })
      const credit = await payload.create({
        collection: 'workshop-credits',
        data: { email, kind: 'credit', key: `credit:${randomUUID()}`, amount: 4500 },
        overrideAccess: true,
      })
      const event = await payload.create({
        collection: 'stripe-events',
        data: { eventId: `evt_${randomUUID()}`, type: 'checkout.session.completed' },
        overrideAccess: true,
      })
      const entry = (
        await payload.find({ collection: 'credit-entries', where: { email: { equals: email } }, overrideAccess: true })
      ).docs[0]!
      const records: [CollectionSlug, number | null][] = [
        ['credit-entries', entry.id],
        ['purchases', purchase.id],
        ['workshop-credits', credit.id],
        ['stripe-events', event.id],
        ['coaching-sessions', null],
      ]
      for (const [slug, id] of records) {
        const list = await restRequest(`/${slug}?limit=100`, { token: coachToken })
        expect(list.status, slug).toBe(200)
        const { totalDocs } = (await list.json()) as { totalDocs: number }
        expect(totalDocs, slug).toBe(await countOf(payload, slug))
        for (const path of [`/${slug}`, ...(id ? [`/${slug}/${id}`] : [])]) {
          for (const token of [editorToken, null]) {
            const refused = await restRequest(path, { token })
            expect([refused.status, await errorOf(refused)], `${path} as ${token ? 'editor' : 'nobody'}`).toEqual([
              403,
              NOT_ALLOWED,
            ])
          }
        }
        if (id) expect((await restRequest(`/${slug}/${id}`, { token: coachToken })).status, slug).toBe(200)
        // The same through the Local API as the editor (what People and Today do).
        await expect(
          payload.find({ collection: slug, overrideAccess: false, user: await userOf(editor.email) }),
          slug,
        ).rejects.toMatchObject({ status: 403, message: NOT_ALLOWED })
      }
    })

    it('shows an editor nothing of a purchase through the admin’s own records: its edit lock and the preferences', async () => {
      const { purchase, email } = await aPaidClient(payload, {
        name: 'Lou Locked',
        label: `${tag}-lock`,
        paidAt: new Date(),
      })
      const coachUser = await userOf(coach.email)
      // The coach has the purchase open: Payload keeps a lock naming it, which any logged-in user's admin reads.
      await payload.create({
        collection: 'payload-locked-documents',
        data: {
          document: { relationTo: 'purchases', value: purchase.id },
          globalSlug: null,
          user: { relationTo: 'users', value: coachUser.id },
        },
        overrideAccess: true,
      })
      // The editor's admin learns that the record is open (to keep two people from editing at once), by its number only.
      const locks = await restRequest('/payload-locked-documents?depth=2&limit=100', { token: editorToken })
      expect(locks.status).toBe(200)
      const { docs } = (await locks.json()) as { docs: { document?: { relationTo: string; value: unknown } }[] }
      expect(docs.filter((d) => d.document?.relationTo === 'purchases').map((d) => d.document!.value)).toEqual([
        purchase.id,
      ])
      // Preferences are each user's own: the coach's (which may name the records they opened) are not the editor's.
      const kept = await restRequest('/payload-preferences/purchases-list', {
        method: 'POST',
        token: coachToken,
        body: { value: { search: email } },
      })
      expect(kept.status).toBe(200)
      expect(await (await restRequest('/payload-preferences?limit=100', { token: coachToken })).text()).toContain(email)
      const preferences = await restRequest('/payload-preferences?depth=2&limit=100', { token: editorToken })
      expect(preferences.status).toBe(200)
      expect(await preferences.text()).not.toContain(email)
    })

    it('shows an editor a workshop registration without its payment, and lets nobody filter on it', async () => {
      const { registration } = await aRefundedSeat(`rita.${tag}@example.com`)
      const payment = {
        price: 4500,
        paidWith: 'bank-transfer',
        paidAt: '2026-11-20T12:00:00.000Z',
        reference: 'WS-RITA01',
      }
      const asCoach = (await (
        await restRequest(`/workshop-registrations/${registration.id}`, { token: coachToken })
      ).json()) as Record<string, unknown>
      expect(asCoach).toMatchObject({ name: 'Rita Paid', status: 'refunded', ...payment })

      const asEditor = await restRequest(`/workshop-registrations/${registration.id}`, { token: editorToken })
      expect(asEditor.status).toBe(200)
      const seen = (await asEditor.json()) as Record<string, unknown>
      expect(seen).toMatchObject({ name: 'Rita Paid', status: 'refunded' })
      for (const field of ['price', 'paidWith', 'paidAt', 'reference', 'stripeSession', 'stripePaymentIntent']) {
        expect(seen, field).not.toHaveProperty(field)
      }
      const listed = (await (
        await restRequest('/workshop-registrations?limit=100', { token: editorToken })
      ).json()) as {
        docs: Record<string, unknown>[]
      }
      expect(listed.docs.find((d) => d.id === registration.id)).not.toHaveProperty('price')
      // A filter on the price would tell the editor what it is.
      const filtered = await restRequest('/workshop-registrations?where[price][equals]=4500', { token: editorToken })
      expect([filtered.status, await errorOf(filtered)]).toEqual([400, 'The following path cannot be queried: price'])
      // Their CSV holds no money either.
      const csv = await restRequest(`/workshop-registrations/export.csv`, { token: editorToken })
      expect((await csv.text()).split('\r\n')[0]).toBe(
        'workshop,name,email,status,seat,registered_at,held_until,cancelled_at',
      )
    })

    it('People, Today and the exports show money and clients to admins only', async () => {
      const { readPerson, listPeople } = await import('@/features/people/people')
      const { readToday } = await import('@/features/today/today')
      const { email } = await aPaidClient(payload, { name: 'Nora Client', label: `${tag}.people`, paidAt: new Date() })
      await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name: 'Nora Client',
          email,
          receivedAt: '2026-11-20T10:00:00.000Z',
        },
        overrideAccess: true,
      })
      await aStarterPurchase(payload, `waiting.${tag}@example.com`, 'awaiting-payment', {
        paymentMethod: 'bank-transfer',
      })
      const [admin, assistant] = [await userOf(coach.email), await userOf(editor.email)]

      // People: the list counts the purchase for the admin only; the person's page has no credits for the editor.
      const rowFor = async (user: TypedUser) => (await listPeople(payload, user)).find((p) => p.email === email)!
      expect((await rowFor(admin)).holds).toBe('1 message · 1 purchase')
      expect((await rowFor(assistant)).holds).toBe('1 message')
      const key = (await rowFor(admin)).key
      const asAdmin = (await readPerson(payload, admin, key))!
      expect(asAdmin.credits).toEqual({ bought: 1, used: 0, booked: 0, left: 1, forfeited: 0, refunded: 0 })
      expect(asAdmin.purchases).toHaveLength(1)
      const asEditor = (await readPerson(payload, assistant, key))!
      expect([asEditor.credits, asEditor.purchases, asEditor.sessions]).toEqual([null, null, null])
      expect(asEditor.messages).toHaveLength(1)
      // The waiting buyer is no person an editor sees at all.
      expect((await listPeople(payload, assistant)).map((p) => p.email)).not.toContain(`waiting.${tag}@example.com`)

      // Today: the purchase awaiting a bank transfer is the admin's line only.
      const awaiting = (t: { lines: { text: string }[] }) => t.lines.filter((l) => l.text.includes('bank transfer'))
      expect(awaiting(await readToday(payload, admin)).map((l) => l.text)).toEqual([
        `${await countOf(payload, 'purchases', { status: { equals: 'awaiting-payment' } })} purchase${
          (await countOf(payload, 'purchases', { status: { equals: 'awaiting-payment' } })) === 1 ? '' : 's'
        } awaiting a bank transfer.`,
      ])
      expect(awaiting(await readToday(payload, assistant))).toEqual([])

      // The exports and a person's download: admins only.
      for (const path of ['/export/everything.json', '/export/csv/subscribers', `/people/${key}/export.json`]) {
        const refused = await restRequest(path, { token: editorToken })
        expect([refused.status, await errorOf(refused)], path).toEqual([
          403,
          expect.stringMatching(/^Only an admin can /),
        ])
        expect((await restRequest(path)).status, path).toBe(401)
        expect((await restRequest(path, { token: coachToken })).status, path).toBe(200)
      }
      const download = (await (await restRequest(`/people/${key}/export.json`, { token: coachToken })).json()) as {
        purchases: unknown[]
      }
      expect(download.purchases).toHaveLength(1)
    })

    it('has no GraphQL API', async () => {
      for (const token of [coachToken, editorToken, null]) {
        const res = await restRequest('/graphql', {
          method: 'POST',
          token,
          body: { query: '{ Purchases { docs { email amount } } }' },
        })
        expect(res.status).toBe(404)
      }
    })

    /** A request to the admin's API through the site's own route (src/cms/rest-api.ts), with the coach's cookie. */
    const throughRoute = async (path: string, from: 'this site' | 'another site' | 'a cross-site fetch', body = {}) => {
      const headers: Record<string, string> = {
        host: 'localhost:3000',
        cookie: `payload-token=${coachToken}`,
        'content-type': 'application/json',
      }
      if (from === 'this site') Object.assign(headers, { origin: SITE, 'sec-fetch-site': 'same-origin' })
      if (from === 'another site')
        Object.assign(headers, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
      if (from === 'a cross-site fetch') Object.assign(headers, { 'sec-fetch-site': 'cross-site' })
      const request = new Request(`${SITE}/cms-api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      return rest.POST(request, { params: Promise.resolve({ slug: path.slice(1).split('/') }) })
    }

    it('refuses each money and erasure button posted from another site with the coach’s cookie, and does it from the admin', async () => {
      const awaiting = await aStarterPurchase(payload, `transfer.${tag}@example.com`, 'awaiting-payment', {
        paymentMethod: 'bank-transfer',
      })
      const { purchase: paid, email: refundee } = await aPaidClient(payload, {
        name: 'Paid Refund',
        label: tag,
        paidAt: new Date(),
      })
      const erasable = `erase.${tag}@example.com`
      await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name: 'To Erase',
          email: erasable,
          receivedAt: '2026-11-20T10:00:00.000Z',
        },
        overrideAccess: true,
      })
      const { listPeople } = await import('@/features/people/people')
      const key = (await listPeople(payload, await userOf(coach.email))).find((p) => p.email === erasable)!.key
      const workshop = await payload.create({
        collection: 'workshops',
        data: {
          title: `Free workshop ${randomUUID().slice(0, 6)}`,
          description: 'An evening together.',
          date: '2027-04-01T15:00:00.000Z',
          format: 'In person, 2 hours',
          attendance: 'in-person',
          venue: 'Community Hall, 12 Market Street',
          seats: 10,
          published: true,
        },
        overrideAccess: true,
      })
      const refund = { requestId: randomUUID(), amount: '150', credits: '1' }
      const buttons: { path: string; body?: object; done: () => Promise<unknown>; before: unknown; after: unknown }[] =
        [
          {
            path: `/purchases/${awaiting.id}/mark-paid`,
            done: async () =>
              (await payload.findByID({ collection: 'purchases', id: awaiting.id, overrideAccess: true })).status,
            before: 'awaiting-payment',
            after: 'paid',
          },
          {
            path: `/purchases/${paid.id}/refund`,
            body: refund,
            done: async () => (await balanceHolds(payload, refundee)).refundedAmount,
            before: 0,
            after: 15000,
          },
          {
            path: `/people/${key}/erase`,
            done: () => countOf(payload, 'contact-messages', { email: { equals: erasable } }),
            before: 1,
            after: 0,
          },
          {
            path: `/workshops/${workshop.id}/cancel`,
            done: async () =>
              (await payload.findByID({ collection: 'workshops', id: workshop.id, overrideAccess: true })).published,
            before: true,
            after: false,
          },
        ]
      for (const { path, body, done, before } of buttons) {
        for (const from of ['another site', 'a cross-site fetch'] as const) {
          for (const spelling of [path, path.toUpperCase().replace(key.toUpperCase(), key)]) {
            const refused = await throughRoute(spelling, from, body)
            expect([refused.status, await errorOf(refused)], `${spelling} from ${from}`).toEqual([403, CROSS_SITE])
          }
        }
        expect(await done(), path).toEqual(before)
      }
      for (const { path, body, done, after } of buttons) {
        const answered = await throughRoute(path, 'this site', body)
        expect([answered.status, answered.status === 200 ? '' : await errorOf(answered)], path).toEqual([200, ''])
        expect(await done(), path).toEqual(after)
      }
    })
  })
}
