import type { Payload, TypedUser } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '../../support/database'
import { restRequest } from '../../support/rest'
import { aCall, anIssue, CONTACT_POST, erasedByCoach, theCoachAndAnEditor } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

/**
 * People: the rows of one address in any case gathered into one person (the list, their page as the admin
 * and an editor read it), their download, and their erasure (everything of theirs gone, nobody else's).
 */
export function peopleSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`People on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    const tag = label.toLowerCase()
    const coach = { email: `coach.${tag}@example.com`, password: 'a quiet lake at dawn 2026' }
    const editor = { email: `editor.${tag}@example.com`, password: 'another quiet lake 2026' }
    let coachToken = ''
    let editorToken = ''

    beforeAll(async () => {
      ;({ payload } = site)
      await payload.updateGlobal({ slug: 'availability', data: { timeZone: 'America/New_York' }, overrideAccess: true })
      ;({ coach: coachToken, editor: editorToken } = await theCoachAndAnEditor(payload, coach, editor))
    })

    const userOf = async (email: string) =>
      (await payload.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true }))
        .docs[0] as TypedUser

    /** One person's rows as the site stores them, their address spelled in `spellings` (one per row). */
    async function somebody(
      local: string,
      spellings: [string, string, string],
      name: string,
      callAt = '2026-11-10T21:30:00.000Z',
    ) {
      const [messageAddress, callAddress, subscriberAddress] = spellings
      const message = await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name: `${name} (old)`,
          email: messageAddress,
          receivedAt: '2026-11-01T10:00:00.000Z',
        },
        overrideAccess: true,
      })
      const later = await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name,
          email: messageAddress.toUpperCase(),
          receivedAt: '2026-11-20T10:00:00.000Z',
        },
        overrideAccess: true,
      })
      const call = await aCall(payload, {
        startsAt: callAt,
        name,
        email: callAddress,
        createdAt: '2026-11-09T12:00:00.000Z',
      })
      const subscriber = await payload.create({
        collection: 'subscribers',
        data: {
          email: subscriberAddress,
          status: 'confirmed',
          consentAt: '2026-11-05T12:00:00.000Z',
          requestedAt: '2026-11-05T11:55:00.000Z',
          source: 'footer',
        },
        overrideAccess: true,
      })
      const issue = await anIssue(payload, `Letter for ${local}`)
      await payload.create({
        collection: 'newsletter-deliveries',
        data: {
          newsletter: issue.id,
          subscriber: subscriber.id,
          email: subscriberAddress,
          status: 'sent',
          attempts: 1,
        },
        overrideAccess: true,
      })
      await payload.create({
        collection: 'mail-outbox',
        data: {
          kind: 'test',
          to: `"${name}" <${callAddress.toUpperCase()}>`,
          from: 'site@example.com',
          subject: 'Your call',
          text: 'See you soon.',
          status: 'queued',
          attempts: 0,
          nextAttemptAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        overrideAccess: true,
      })
      return { message, later, call, subscriber }
    }

    it('gathers one address in any case into one person, newest contact first, and reads their page', async () => {
      const { listPeople, readPerson } = await import('@/features/people/people')
      const mia = `mia.${tag}@example.com`
      await somebody(
        `mia.${tag}`,
        [`Mia.${tag}@Example.com`, `mia.${tag}@EXAMPLE.com`, `MIA.${tag}@example.COM`],
        'Mia Rossi',
      )
      await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name: 'Newer Person',
          email: `newer.${tag}@example.com`,
          receivedAt: '2026-11-25T10:00:00.000Z',
        },
        overrideAccess: true,
      })
      const near = `mia.${tag}@example.co` // a different address that a substring search would catch
      await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name: 'Not Mia',
          email: near,
          receivedAt: '2026-10-01T10:00:00.000Z',
        },
        overrideAccess: true,
      })

      for (const who of [coach, editor]) {
        const user = await userOf(who.email)
        const people = await listPeople(payload, user)
        const mine = people.filter((p) => p.email.endsWith(`${tag}@example.com`) || p.email === near)
        expect(mine.map((p) => [p.email, p.name, p.holds])).toEqual([
          [`newer.${tag}@example.com`, 'Newer Person', '1 message'],
          [mia, 'Mia Rossi', '2 messages · 1 call · subscribed'],
          [near, 'Not Mia', '1 message'],
        ])
        expect(mine[1]!.lastContact).toBe('2026-11-20T10:00:00.000Z')
        expect(mine[1]!.key).toMatch(/^[0-9a-f]{32}$/)
        expect(JSON.stringify(mine.map((p) => p.key))).not.toContain('@')
        expect((await listPeople(payload, user, { search: 'ROSSI' })).map((p) => p.email)).toEqual([mia])
        expect((await listPeople(payload, user, { search: `MIA.${tag}@EXAMPLE.COM` })).map((p) => p.email)).toEqual([
          mia,
        ])

        const person = await readPerson(payload, user, mine[1]!.key)
        // The issues sent to them: for the admin; not for an editor the admin has not allowed to read deliveries.
        expect(person).toMatchObject({
          email: mia,
          name: 'Mia Rossi',
          timeZone: 'America/New_York',
          deliveries: who === coach ? 1 : null,
        })
        expect(person!.messages!.map((m) => m.when)).toEqual([
          'Friday, November 20, 2026, 5:00 AM',
          'Sunday, November 1, 2026, 5:00 AM',
        ])
        expect(person!.calls!.map((c) => `${c.when} · ${c.status}`)).toEqual([
          'Tuesday, November 10, 2026, 4:30 PM · Held',
        ])
        expect(person!.subscriber).toMatchObject({
          status: 'subscribed',
          confirmedAt: 'Thursday, November 5, 2026, 7:00 AM',
        })
        expect(person!.note).toBeNull()
      }
      expect(await readPerson(payload, await userOf(coach.email), '0'.repeat(32))).toBeNull()
    })

    it('keeps the coach’s notes per address, whatever its case', async () => {
      const { listPeople, readPerson } = await import('@/features/people/people')
      const address = `noted.${tag}@example.com`
      await payload.create({
        collection: 'contact-messages',
        data: {
          ...CONTACT_POST,
          inquiryType: 'media' as const,
          name: 'Noted',
          email: address,
          receivedAt: '2026-11-21T10:00:00.000Z',
        },
        overrideAccess: true,
      })
      const user = await userOf(editor.email)
      const made = await payload.create({
        collection: 'person-notes',
        data: { email: ` Noted.${tag}@Example.com`, notes: 'Prefers mornings.' },
        overrideAccess: false,
        user,
      })
      expect(made.email).toBe(address)
      await expect(
        payload.create({
          collection: 'person-notes',
          data: { email: `NOTED.${tag}@example.com`, notes: 'A second row' },
          overrideAccess: true,
        }),
      ).rejects.toMatchObject({
        name: 'ValidationError',
        status: 400,
        data: { errors: [{ path: 'email', message: 'Value must be unique' }] },
      })
      const row = (await listPeople(payload, user)).find((p) => p.email === address)!
      expect(row.holds).toBe('1 message · notes')
      expect((await readPerson(payload, user, row.key))!.note).toEqual({ id: made.id, notes: 'Prefers mornings.' })
      // The coach's notes go with the rest of their data in "Your data".
      const everything = await restRequest('/export/everything.json', { token: coachToken })
      const exported = (await everything.json()) as { collections: Record<string, { email: string; notes: string }[]> }
      expect(exported.collections['person-notes']).toContainEqual(
        expect.objectContaining({ email: address, notes: 'Prefers mornings.' }),
      )
    })

    it('downloads and erases a person for admins only: all their rows go, nobody else’s', async () => {
      const { listPeople, readPerson } = await import('@/features/people/people')
      const zoe = `zoe.${tag}@example.com`
      const other = `other.${tag}@example.com`
      const hers = await somebody(
        `zoe.${tag}`,
        [`Zoe.${tag}@example.com`, `ZOE.${tag}@example.com`, zoe],
        'Zoe Park',
        '2026-11-11T21:30:00.000Z',
      )
      await payload.create({
        collection: 'person-notes',
        data: { email: zoe, notes: 'Met at the fair.' },
        overrideAccess: true,
      })
      const theirs = await somebody(`other.${tag}`, [other, other, other], 'Other Person', '2026-11-12T21:30:00.000Z')
      const key = (await listPeople(payload, await userOf(coach.email))).find((p) => p.email === zoe)!.key

      // An editor may not download or erase; nobody logged out may.
      for (const path of [`/people/${key}/export.json`, `/people/${key}/erase`]) {
        const method = path.endsWith('erase') ? 'POST' : 'GET'
        const asEditor = await restRequest(path, { method, token: editorToken })
        expect(asEditor.status).toBe(403)
        expect(((await asEditor.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
          /^Only an admin can /,
        )
        expect((await restRequest(path, { method })).status).toBe(401)
      }
      expect((await restRequest(`/people/${'0'.repeat(32)}/export.json`, { token: coachToken })).status).toBe(404)

      const download = await restRequest(`/people/${key}/export.json`, { token: coachToken })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="person-[0-9a-f]{8}-/)
      const data = (await download.json()) as Record<string, unknown> & {
        messages: unknown[]
        discoveryCalls: unknown[]
        subscriber: { email: string }
        newsletterDeliveries: unknown[]
        notes: { notes: string }
        mailsToThem: unknown[]
      }
      expect(data.email).toBe(zoe)
      expect([
        data.messages.length,
        data.discoveryCalls.length,
        data.newsletterDeliveries.length,
        data.mailsToThem.length,
      ]).toEqual([2, 1, 1, 1])
      expect(data.subscriber.email).toBe(zoe)
      expect(data.notes.notes).toBe('Met at the fair.')
      expect(JSON.stringify(data)).not.toMatch(/TokenHash|sealedLinks|inboxHash/)

      // A booked call still ahead must be cancelled first: refused, nothing deleted.
      const ahead = await aCall(payload, {
        startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        email: `Zoe.${tag}@Example.com`,
      })
      const refused = await restRequest(`/people/${key}/erase`, { method: 'POST', token: coachToken })
      expect(refused.status).toBe(409)
      expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
        'This person has a booked call still ahead. Cancel it first (they get the usual cancellation), then erase them.',
      )
      expect(await countOf(payload, 'contact-messages', { id: { equals: hers.message.id } })).toBe(1)
      await payload.update({
        collection: 'discovery-calls',
        id: ahead.id,
        data: { status: 'cancelled' },
        overrideAccess: true,
        context: { bookingSiteWrite: true },
      })

      // So must a workshop registration still ahead; a cancelled one (and the workshop) stays no obstacle.
      const workshop = await payload.create({
        collection: 'workshops',
        data: {
          title: `Spring circle ${tag}`,
          date: new Date(Date.now() + 9 * 86_400_000).toISOString(),
          format: 'Online',
          description: 'A circle.',
          seats: 5,
        },
        overrideAccess: true,
      })
      const registration = await payload.create({
        collection: 'workshop-registrations',
        data: {
          workshop: workshop.id,
          name: 'Zoe Park',
          email: `ZOE.${tag}@example.com`,
          status: 'registered',
          seat: 1,
          queuedAt: new Date().toISOString(),
          offers: 0,
          sequence: 0,
        },
        overrideAccess: true,
      })
      const listed = (await listPeople(payload, await userOf(coach.email))).find((p) => p.email === zoe)!
      expect(listed.holds).toBe('2 messages · 2 calls · 1 workshop · subscribed · notes')
      expect((await readPerson(payload, await userOf(coach.email), key))!.registrations).toEqual([
        {
          id: registration.id,
          workshop: `Spring circle ${tag}`,
          when: expect.stringMatching(/, 2026, |, 2027, /),
          status: 'Registered',
          href: `/admin/collections/workshop-registrations/${registration.id}`,
        },
      ])
      const withWorkshop = await restRequest(`/people/${key}/export.json`, { token: coachToken })
      expect(
        ((await withWorkshop.json()) as { workshopRegistrations: { id: number }[] }).workshopRegistrations,
      ).toEqual([expect.objectContaining({ id: registration.id, status: 'registered' })])
      const refusedForWorkshop = await restRequest(`/people/${key}/erase`, { method: 'POST', token: coachToken })
      expect(refusedForWorkshop.status).toBe(409)
      expect(((await refusedForWorkshop.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
        'This person is registered for a workshop still ahead. Cancel that registration first (they are told by e-mail), then erase them.',
      )
      expect(await countOf(payload, 'workshop-registrations', { id: { equals: registration.id } })).toBe(1)
      await payload.update({
        collection: 'workshop-registrations',
        id: registration.id,
        data: { status: 'cancelled', seat: null },
        overrideAccess: true,
      })

      expect(await erasedByCoach(key, coachToken)).toMatchObject({
        messages: 2,
        calls: 2,
        upcomingCalls: 0,
        workshops: 1,
        upcomingWorkshops: 0,
        subscriber: 1,
        deliveries: 1,
        notes: 1,
      })
      expect(await countOf(payload, 'workshop-registrations', { id: { equals: registration.id } })).toBe(0)
      expect(await countOf(payload, 'workshops', { id: { equals: workshop.id } })).toBe(1)
      const like = { like: `zoe.${tag}@` }
      expect(await countOf(payload, 'contact-messages', { email: like })).toBe(0)
      expect(await countOf(payload, 'discovery-calls', { email: like })).toBe(0)
      expect(await countOf(payload, 'subscribers', { email: like })).toBe(0)
      expect(await countOf(payload, 'newsletter-deliveries', { email: like })).toBe(0)
      expect(await countOf(payload, 'person-notes', { email: like })).toBe(0)
      expect(await countOf(payload, 'mail-outbox', { to: like })).toBe(0)
      // The other person's rows are all there.
      expect(await countOf(payload, 'contact-messages', { id: { in: [theirs.message.id, theirs.later.id] } })).toBe(2)
      expect(await countOf(payload, 'discovery-calls', { id: { equals: theirs.call.id } })).toBe(1)
      expect(await countOf(payload, 'subscribers', { id: { equals: theirs.subscriber.id } })).toBe(1)
      expect(await countOf(payload, 'newsletter-deliveries', { subscriber: { equals: theirs.subscriber.id } })).toBe(1)
      expect(await countOf(payload, 'mail-outbox', { to: { like: `other.${tag}@` } })).toBe(1)
      // And the person is no more.
      expect((await listPeople(payload, await userOf(coach.email))).some((p) => p.email === zoe)).toBe(false)
      expect((await restRequest(`/people/${key}/erase`, { method: 'POST', token: coachToken })).status).toBe(404)
    })
  })
}
