import path from 'node:path'

import pg from 'pg'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Workshop, WorkshopRegistration } from '@/payload-types'
import { DAY, HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { runInstance } from '../../support/instances'
import { inviteFields } from '../../support/invites'
import { mailsAsSent } from '../../support/outbox'
import { restRequest } from '../../support/rest'
import { newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'
import { workshopsOnSite } from '../../support/workshops'

/** The clock of these tests: Monday 2026-11-30, 09:00 UTC; the workshop starts ten days later. */
const NOW = new Date('2026-11-30T09:00:00.000Z')
const START = new Date(NOW.getTime() + 10 * DAY)
const at = (ms: number) => new Date(ms)

/** The invite of a mail in the outbox, parsed (see inviteFields), or null when it has none. */
function invite(mail: { calendar?: unknown }) {
  const calendar = mail.calendar as { method: string; content: string } | null
  return calendar ? inviteFields(calendar.content) : null
}

/**
 * Registration for a workshop stored (decision 064): seats that the database never oversells, one
 * registration per address, the waitlist that moves by itself, the 48-hour rule, and the mails with invites.
 */
export function workshopsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`workshop registration on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    let mod: typeof import('@/features/workshops/seats')

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/workshops/seats')
    })
    const { aWorkshop, rows, row, statuses, mailsTo } = workshopsOnSite(site, 'Workshop', {
      date: START.toISOString(),
      format: 'In person, 2 hours',
      description: 'A workshop.',
      attendance: 'in-person',
      venue: 'Community Hall, 12 Market Street',
      seats: 2,
    })

    const client = newClients(`workshops-${label}`)
    const register = (w: Workshop, who: string, now = NOW) =>
      mod.registerForWorkshop(payload, w.id, { name: who, email: `${who}@example.com` }, now)

    it('gives the seats in order, then the waitlist, each with its mail and the invite', async () => {
      const w = await aWorkshop()
      expect((await register(w, 'ada')).outcome).toBe('registered')
      expect((await register(w, 'bob', at(NOW.getTime() + 1))).outcome).toBe('registered')
      expect((await register(w, 'cy', at(NOW.getTime() + 2))).outcome).toBe('waitlisted')
      expect(await statuses(w)).toEqual({
        ada: ['registered', 1],
        bob: ['registered', 2],
        cy: ['waitlisted', null],
      })
      const [ada] = await mailsTo('ada')
      expect(ada).toMatchObject({ kind: 'workshop-registered', subject: `You are registered: ${w.title}` })
      expect(ada!.text).toContain('Where: Community Hall, 12 Market Street')
      expect(ada!.text).toContain(
        'You can cancel until Tuesday, December 8, 2026, 9:00 AM UTC (48 hours before the start): ',
      )
      const adaRow = await row(w, 'ada')
      expect(invite(ada!)).toEqual({
        method: 'REQUEST',
        uid: `workshop-registration-${adaRow.id}-${new Date(adaRow.createdAt).getTime()}@coach-site`,
        sequence: 0,
        status: 'CONFIRMED',
        location: 'Community Hall, 12 Market Street',
        start: START.toISOString(),
      })
      const [cy] = await mailsTo('cy')
      expect(cy).toMatchObject({ kind: 'workshop-waitlisted', subject: `You are on the waitlist: ${w.title}` })
      expect(cy!.calendar).toBeNull()
    })

    it('keeps one registration per address: a second finds the first and changes nothing', async () => {
      const w = await aWorkshop({ seats: 1 })
      await register(w, 'ada')
      const ada = await row(w, 'ada')
      expect(await register(w, 'ada')).toMatchObject({
        outcome: 'already',
        registration: { id: ada.id, status: 'registered', seat: 1 },
      })
      expect(await countOf(payload, 'workshop-registrations')).toBe(1)
      expect((await mailsTo('ada')).map((m) => m.subject)).toEqual([`You are registered: ${w.title}`])
    })

    it('writes the registration mails in the coach’s words from Mail texts, the title in a subject too', async () => {
      const w = await aWorkshop({ seats: 1 })
      try {
        // A placeholder the mail does not have, or one it cannot do without left out, is refused in words.
        await expect(
          payload.updateGlobal({
            slug: 'mail-texts',
            data: {
              workshopWaitlisted: { subject: 'Waiting, {name}', body: 'Hi {name}, until {holdUntil}' },
            },
            overrideAccess: true,
          }),
        ).rejects.toMatchObject({
          data: {
            errors: [
              {
                label: 'Workshop: on the waitlist > Subject',
                message: 'This mail has no placeholder {name}. It can use {siteName}, {coachName}, {workshop}.',
                path: 'workshopWaitlisted.subject',
              },
              {
                label: 'Workshop: on the waitlist > Text',
                message:
                  'This mail has no placeholder {holdUntil}. It can use {name}, {workshop}, {workshopWhen}, {registrationLink}, {coachName}, {siteName}, {siteUrl}.',
                path: 'workshopWaitlisted.body',
              },
            ],
          },
        })
        await expect(
          payload.updateGlobal({
            slug: 'mail-texts',
            data: { workshopRegistered: { subject: 'Booked', body: 'Hi {name}, see you. {workshopWhen}' } },
            overrideAccess: true,
          }),
        ).rejects.toMatchObject({
          data: {
            errors: [
              {
                message: 'Keep {workshopWhere}, {registrationLink} in the text: without it the mail cannot do its job.',
                path: 'workshopRegistered.body',
              },
            ],
          },
        })
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: {
            workshopRegistered: {
              subject: '{workshop}: see you there',
              body: 'Dear {name},\n{workshopWhen}\n{workshopWhere}\nCancel by {cancelUntil}: {registrationLink}\n-- {coachName}',
            },
          },
          overrideAccess: true,
        })
        await register(w, 'ada')
        const [ada] = await mailsTo('ada')
        expect(ada).toMatchObject({ kind: 'workshop-registered', subject: `${w.title}: see you there` })
        const coach = (await payload.findGlobal({ slug: 'site-settings' })).brand?.coachName
        expect(ada!.text).toMatch(
          new RegExp(
            [
              '^Dear ada,',
              'When: Thursday, December 10, 2026, 9:00 AM UTC',
              'Where: Community Hall, 12 Market Street',
              'Cancel by Tuesday, December 8, 2026, 9:00 AM UTC: http://localhost:3000/workshops/manage/[\\w.-]+',
              `-- ${coach}$`,
            ].join('\n'),
          ),
        )
        expect(invite(ada!)!.method).toBe('REQUEST')
      } finally {
        const { MAIL_TEXTS } = await import('@/features/mail-texts/defaults')
        const { subject, body } = MAIL_TEXTS.workshopRegistered
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: { workshopRegistered: { subject, body } },
          overrideAccess: true,
        })
      }
    })

    it('refuses, in the database itself, a second row on one seat or for one address', async () => {
      const w = await aWorkshop()
      await register(w, 'ada')
      const base = { workshop: w.id, name: 'x', queuedAt: NOW.toISOString(), offers: 0, sequence: 0 }
      const write = (data: Partial<WorkshopRegistration>) =>
        payload
          .create({
            collection: 'workshop-registrations',
            data: { ...base, email: 'x@example.com', status: 'registered', ...data } as WorkshopRegistration,
            overrideAccess: true,
          })
          .then(
            () => 'stored',
            (e: unknown) => (mod.isRegistrationConflict(e) ? 'refused' : e),
          )
      expect(await write({ seat: 1 })).toBe('refused')
      expect(await write({ email: 'ada@example.com', status: 'waitlisted', seat: null })).toBe('refused')
      expect(await write({ seat: 2 })).toBe('stored')
    })

    it('offers a freed seat to the first person waiting, who takes it from the mail; the invite is cancelled', async () => {
      const w = await aWorkshop()
      for (const [i, who] of ['ada', 'bob', 'cy', 'dee'].entries()) await register(w, who, at(NOW.getTime() + i))
      const ada = await row(w, 'ada')
      const later = at(NOW.getTime() + HOUR)
      expect(await mod.cancelRegistration(payload, ada, 'attendee', later)).toBe('cancelled')
      expect(await statuses(w)).toMatchObject({
        ada: ['cancelled', null],
        cy: ['offered', 1],
        dee: ['waitlisted', null],
      })
      const cancelled = (await mailsTo('ada')).at(-1)!
      expect(cancelled.subject).toBe(`Cancelled: ${w.title}`)
      expect(invite(cancelled)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 })
      expect(invite(cancelled)!.uid).toBe(invite((await mailsTo('ada'))[0]!)!.uid)
      const cy = await row(w, 'cy')
      expect(cy.holdUntil).toBe(new Date(later.getTime() + 24 * HOUR).toISOString())
      const offer = (await mailsTo('cy')).at(-1)!
      expect(offer).toMatchObject({ kind: 'workshop-offer', subject: `A seat is free for you: ${w.title}` })
      expect(offer.text).toContain('Take the seat before Tuesday, December 1, 2026, 10:00 AM UTC: ')
      expect(offer.text).toMatch(/\/workshops\/manage\/\d+-\d+\.[\w-]{43}/)
      // The hold's last millisecond: taken.
      expect(await mod.confirmOffer(payload, cy, at(later.getTime() + 24 * HOUR - 1))).toBe('registered')
      expect(await statuses(w)).toMatchObject({ cy: ['registered', 1] })
      const confirmed = (await mailsTo('cy')).at(-1)!
      expect(confirmed.subject).toBe(`You are registered: ${w.title}`)
      expect(invite(confirmed)).toMatchObject({ method: 'REQUEST', sequence: 1 })
    })

    it('moves a lapsed hold on to the next person by itself, once, however many sweeps run at once', async () => {
      const w = await aWorkshop()
      for (const [i, who] of ['ada', 'bob', 'cy', 'dee'].entries()) await register(w, who, at(NOW.getTime() + i))
      await mod.cancelRegistration(payload, await row(w, 'ada'), 'attendee', NOW)
      const lapse = NOW.getTime() + 24 * HOUR
      expect(await mod.settleWorkshops(payload, at(lapse - 1))).toBe(0)
      const sweeps = await Promise.all([1, 2, 3].map(() => mod.settleWorkshops(payload, at(lapse))))
      // One sweep writes both changes (cy's hold ends, dee is offered the seat); the others find nothing to do.
      expect([...sweeps].sort((a, b) => a - b)).toEqual([0, 0, 2])
      expect(await statuses(w)).toMatchObject({ cy: ['cancelled', null], dee: ['offered', 1] })
      expect((await mailsTo('dee')).filter((m) => m.kind === 'workshop-offer')).toHaveLength(1)
      expect((await mailsTo('cy')).filter((m) => m.kind === 'workshop-offer-lapsed')).toHaveLength(1)
      expect(await mod.confirmOffer(payload, await row(w, 'cy'), at(lapse))).toBe('not-offered')
    })

    it('cuts a hold at registration’s close and offers nothing after it', async () => {
      const closes = START.getTime() - 30 * HOUR
      const w = await aWorkshop({ registrationClosesAt: new Date(closes).toISOString() })
      for (const [i, who] of ['ada', 'bob', 'cy', 'dee'].entries()) await register(w, who, at(NOW.getTime() + i))
      await mod.cancelRegistration(payload, await row(w, 'ada'), 'coach', at(closes - 10 * HOUR))
      expect((await row(w, 'cy')).holdUntil).toBe(new Date(closes).toISOString())
      await mod.settleWorkshops(payload, at(closes))
      expect(await statuses(w)).toMatchObject({ cy: ['cancelled', null], dee: ['waitlisted', null] })
      expect((await register(w, 'eve', at(closes))).outcome).toBe('closed')
    })

    it('the manage page’s cancel and “Take the seat”, each posted twice at once (a double click), act once and answer the same page', async () => {
      const { postRegistrationChange } = await import('@/features/workshops/manage-posts')
      const { registrationToken } = await import('@/features/workshops/manage-token')
      const w = await aWorkshop()
      for (const [i, who] of ['ada', 'bob', 'cy'].entries()) await register(w, who, at(NOW.getTime() + i))
      const visitor = client()
      const twice = (what: 'cancel' | 'take-seat', token: string) =>
        Promise.all([1, 2].map(() => postRegistrationChange(payload, what, { token }, visitor, NOW)))
      const ada = registrationToken(await row(w, 'ada'))
      expect(await twice('cancel', ada)).toEqual(Array(2).fill(`/workshops/manage/${ada}?done=cancelled`))
      expect((await mailsTo('ada')).filter((m) => m.kind === 'workshop-cancelled')).toHaveLength(1)
      expect((await mailsTo('cy')).filter((m) => m.kind === 'workshop-offer')).toHaveLength(1)
      const cy = registrationToken(await row(w, 'cy'))
      expect(await twice('take-seat', cy)).toEqual(Array(2).fill(`/workshops/manage/${cy}?done=confirmed`))
      expect(await statuses(w)).toMatchObject({ ada: ['cancelled', null], cy: ['registered', 1] })
      expect((await mailsTo('cy')).filter((m) => m.kind === 'workshop-registered')).toHaveLength(1)
    })

    it('lets the attendee cancel until exactly 48 hours before the start, to the millisecond', async () => {
      const w = await aWorkshop()
      await register(w, 'ada')
      const ada = await row(w, 'ada')
      const last = START.getTime() - 48 * HOUR
      expect(await mod.cancelRegistration(payload, ada, 'attendee', at(last + 1))).toBe('too-late')
      expect((await row(w, 'ada')).status).toBe('registered')
      expect(await mod.cancelRegistration(payload, ada, 'attendee', at(last))).toBe('cancelled')
    })

    it('offers seats the coach adds at once, and never lets the seats go below the people registered', async () => {
      const w = await aWorkshop()
      for (const [i, who] of ['ada', 'bob', 'cy', 'dee', 'eve'].entries()) await register(w, who, at(NOW.getTime() + i))
      await payload.update({ collection: 'workshops', id: w.id, data: { seats: 4 }, overrideAccess: true })
      expect(await statuses(w)).toMatchObject({ cy: ['offered', 3], dee: ['offered', 4], eve: ['waitlisted', null] })
      expect((await mailsTo('dee')).map((m) => m.kind)).toEqual(['workshop-waitlisted', 'workshop-offer'])
      // Lowered to 3: the newest offer goes back to the front of the line.
      await payload.update({ collection: 'workshops', id: w.id, data: { seats: 3 }, overrideAccess: true })
      expect(await statuses(w)).toMatchObject({ cy: ['offered', 3], dee: ['waitlisted', null] })
      await expect(
        payload.update({ collection: 'workshops', id: w.id, data: { seats: 1 }, overrideAccess: true }),
      ).rejects.toThrow(/Seats/)
      expect((await payload.findByID({ collection: 'workshops', id: w.id, overrideAccess: true })).seats).toBe(3)
    })

    it('never shows the online link to the public', async () => {
      const w = await aWorkshop({ attendance: 'online', venue: null, onlineLink: 'https://example.com/zoom/room' })
      const seen = await payload.findByID({ collection: 'workshops', id: w.id, overrideAccess: false })
      expect(seen.title).toBe(w.title)
      expect(seen).not.toHaveProperty('onlineLink')
      await register(w, 'ada')
      const [mail] = await mailsTo('ada')
      expect(mail!.text).toContain('Where: https://example.com/zoom/room')
      expect(invite(mail!)!.location).toBe('https://example.com/zoom/room')
    })

    const outboxOf = async (who: string) =>
      (
        await payload.find({
          collection: 'mail-outbox',
          where: { to: { equals: `${who}@example.com` } },
          sort: 'createdAt',
          pagination: false,
          overrideAccess: true,
        })
      ).docs.map((m) => [m.kind, m.status, m.sendAfter ?? null])

    it('queues the reminders 24 hours and 1 hour before, withdraws them on cancelling', async () => {
      const w = await aWorkshop()
      await register(w, 'ada')
      const start = START.getTime()
      expect(await outboxOf('ada')).toEqual([
        ['workshop-registered', 'queued', null],
        ['workshop-reminder-24h', 'queued', new Date(start - 24 * HOUR).toISOString()],
        ['workshop-reminder-1h', 'queued', new Date(start - HOUR).toISOString()],
      ])
      const reminder = (await mailsAsSent(payload, { kind: { equals: 'workshop-reminder-1h' } }))[0]!
      expect(reminder.subject).toBe(`In one hour: ${w.title}`)
      expect(reminder.text).toContain('Where: Community Hall, 12 Market Street')
      await mod.cancelRegistration(payload, await row(w, 'ada'), 'attendee', NOW)
      expect((await outboxOf('ada')).map(([kind, status]) => `${kind} ${status}`)).toEqual([
        'workshop-registered queued',
        'workshop-reminder-24h cancelled',
        'workshop-reminder-1h cancelled',
        'workshop-cancelled queued',
      ])
    })

    it('mails everyone registered an updated invite when the time or the place changes; reminders follow', async () => {
      const w = await aWorkshop()
      await register(w, 'ada')
      await register(w, 'bob', at(NOW.getTime() + 1))
      await register(w, 'cy', at(NOW.getTime() + 2))
      const later = new Date(START.getTime() + DAY).toISOString()
      await payload.update({
        collection: 'workshops',
        id: w.id,
        data: { date: later, venue: 'Garden Room, 5 Elm Row' },
        overrideAccess: true,
      })
      const [first, updated] = await mailsTo('ada')
      expect(updated).toMatchObject({ kind: 'workshop-updated', subject: `Updated: ${w.title}` })
      expect(updated!.text).toContain('When: Friday, December 11, 2026, 9:00 AM UTC')
      expect(invite(updated!)).toMatchObject({
        method: 'REQUEST',
        sequence: 1,
        location: 'Garden Room, 5 Elm Row',
        start: later,
      })
      expect(invite(updated!)!.uid).toBe(invite(first!)!.uid)
      expect((await mailsTo('bob')).map((m) => m.kind)).toEqual(['workshop-registered', 'workshop-updated'])
      // Only registered people: the waitlist is not sent an invite.
      expect((await mailsTo('cy')).map((m) => m.kind)).toEqual(['workshop-waitlisted'])
      expect((await outboxOf('ada')).filter(([kind]) => String(kind).startsWith('workshop-reminder'))).toEqual([
        ['workshop-reminder-24h', 'cancelled', new Date(START.getTime() - 24 * HOUR).toISOString()],
        ['workshop-reminder-1h', 'cancelled', new Date(START.getTime() - HOUR).toISOString()],
        ['workshop-reminder-24h', 'queued', new Date(Date.parse(later) - 24 * HOUR).toISOString()],
        ['workshop-reminder-1h', 'queued', new Date(Date.parse(later) - HOUR).toISOString()],
      ])
    })

    it('refuses to delete a workshop people registered for, in words', async () => {
      const w = await aWorkshop()
      await register(w, 'ada')
      await expect(payload.delete({ collection: 'workshops', id: w.id, overrideAccess: true })).rejects.toThrow(
        '1 people are registered or waiting for this workshop. Cancel their registrations first, or unpublish it.',
      )
      await mod.cancelRegistration(payload, await row(w, 'ada'), 'coach', NOW)
      await payload.delete({ collection: 'workshops', id: w.id, overrideAccess: true })
      expect(await countOf(payload, 'workshop-registrations')).toBe(0)
    })

    it('gives the coach the registrations as CSV, one workshop or all; nobody else reads them', async () => {
      const coach = { email: `coach.${label.toLowerCase()}@example.com`, password: 'a quiet lake at dawn 2026' }
      await payload.create({
        collection: 'users',
        data: { ...coach, name: 'Coach', role: 'admin' },
        overrideAccess: true,
      })
      const { token } = await payload.login({ collection: 'users', data: coach })
      const w = await aWorkshop({ seats: 1 })
      const other = await aWorkshop({ attendance: 'online', venue: null, onlineLink: 'https://example.com/zoom/room' })
      await register(w, 'ada')
      await register(w, 'bob', at(NOW.getTime() + 1))
      await register(other, 'cy')
      const csv = await restRequest(`/workshop-registrations/export.csv?workshop=${w.id}`, { token: token! })
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect((await csv.text()).split('\r\n')).toEqual([
        'workshop,name,email,status,seat,registered_at,held_until,cancelled_at',
        `"${w.title}","ada","ada@example.com","registered","1","${NOW.toISOString()}","",""`,
        `"${w.title}","bob","bob@example.com","waitlisted","","${new Date(NOW.getTime() + 1).toISOString()}","",""`,
        '',
      ])
      const all = await (await restRequest('/workshop-registrations/export.csv', { token: token! })).text()
      expect(all.trim().split('\r\n')).toHaveLength(4)
      expect((await restRequest('/workshop-registrations/export.csv')).status).toBe(401)
      expect((await restRequest('/workshop-registrations')).status).toBe(403)
      const anonymous = await (await restRequest(`/workshops/${other.id}`)).text()
      expect(anonymous).toContain(other.title)
      expect(anonymous).not.toContain('zoom/room')
    })

    it('lets an admin, and nobody else, cancel one registration or the whole workshop; everyone is told once', async () => {
      const account = async (role: 'admin' | 'editor') => {
        const data = {
          email: `${role}.cancels.${label.toLowerCase()}@example.com`,
          password: 'a quiet lake at dawn 2026',
        }
        await payload.create({ collection: 'users', data: { ...data, name: role, role }, overrideAccess: true })
        return (await payload.login({ collection: 'users', data })).token!
      }
      const admin = await account('admin')
      const editor = await account('editor')
      const w = await aWorkshop()
      for (const [i, who] of ['ada', 'bob', 'cy', 'dee'].entries()) await register(w, who, at(NOW.getTime() + i))
      const ada = await row(w, 'ada')
      const cancelOne = (id: number | string, token?: string) =>
        restRequest(`/workshop-registrations/${id}/cancel`, { method: 'POST', ...(token ? { token } : {}) })

      // Nobody but an admin, whichever way they ask.
      expect((await cancelOne(ada.id)).status).toBe(401)
      const refused = await cancelOne(ada.id, editor)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ errors: [{ message: 'Only an admin can cancel a registration.' }] })
      expect((await restRequest(`/workshops/${w.id}/cancel`, { method: 'POST', token: editor })).status).toBe(403)
      expect((await restRequest(`/workshops/${w.id}/cancel`, { method: 'POST' })).status).toBe(401)
      expect(await statuses(w)).toMatchObject({ ada: ['registered', 1], cy: ['waitlisted', null] })

      // One registration: the person is told, the seat goes to the first person waiting.
      const done = await cancelOne(ada.id, admin)
      expect(done.status).toBe(200)
      expect(await done.json()).toEqual({
        message: 'Cancelled. ada has been told by e-mail; a freed seat goes to the first person waiting.',
      })
      expect(await statuses(w)).toMatchObject({
        ada: ['cancelled', null],
        cy: ['offered', 1],
        dee: ['waitlisted', null],
      })
      expect((await row(w, 'ada')).cancelledBy).toBe('coach')
      const toAda = (await mailsTo('ada')).at(-1)!
      expect(toAda.text).toContain(
        `has cancelled your registration for "${w.title}". Reply to this mail with any questions.`,
      )
      expect(invite(toAda)).toMatchObject({ method: 'CANCEL', sequence: 1 })
      const again = await cancelOne(ada.id, admin)
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual({ errors: [{ message: 'This registration is cancelled already.' }] })
      expect((await cancelOne(999999, admin)).status).toBe(404)
      expect((await cancelOne('ada', admin)).status).toBe(404)

      // The whole workshop: bob (registered), cy (offered) and dee (waiting) are told; nobody is offered a seat
      // on the way; the workshop leaves the site.
      const before = await mailsAsSent(payload, {})
      const whole = await restRequest(`/workshops/${w.id}/cancel`, { method: 'POST', token: admin })
      expect(whole.status).toBe(200)
      expect(await whole.json()).toEqual({
        told: 3,
        message:
          'Cancelled. All 3 people registered or waiting have been told by e-mail, and the workshop is no longer on the site.',
      })
      expect(await statuses(w)).toEqual({
        ada: ['cancelled', null],
        bob: ['cancelled', null],
        cy: ['cancelled', null],
        dee: ['cancelled', null],
      })
      const after = (await mailsAsSent(payload, {})).filter((m) => !before.some((b) => b.id === m.id))
      expect(after.map((m) => [m.to, m.kind]).sort()).toEqual([
        ['bob@example.com', 'workshop-cancelled'],
        ['cy@example.com', 'workshop-cancelled'],
        ['dee@example.com', 'workshop-cancelled'],
      ])
      for (const m of after) {
        expect(m.subject).toBe(`Cancelled: ${w.title}`)
        expect(m.text).toContain(`has cancelled "${w.title}": it will not take place. We are sorry.`)
      }
      // Whoever was registered gets the invite's cancellation; the person offered a seat and the person waiting
      // had no invite.
      expect(invite(after.find((m) => m.to === 'bob@example.com')!)).toMatchObject({ method: 'CANCEL' })
      expect(after.find((m) => m.to === 'cy@example.com')!.calendar).toBeNull()
      expect(after.find((m) => m.to === 'dee@example.com')!.calendar).toBeNull()
      expect((await payload.findByID({ collection: 'workshops', id: w.id, overrideAccess: true })).published).toBe(
        false,
      )
      expect((await restRequest(`/workshops/${w.id}`)).status).toBe(404)
      // Pressed again: nobody is told twice.
      const twice = await restRequest(`/workshops/${w.id}/cancel`, { method: 'POST', token: admin })
      expect((await twice.json()).told).toBe(0)
      expect(await mailsAsSent(payload, {})).toHaveLength(before.length + 3)
      // With nobody left on it, the workshop may now be deleted.
      await payload.delete({ collection: 'workshops', id: w.id, overrideAccess: true })
    })

    it('takes 200 registrations confirmed at once from their links, and no confirmation holds a connection while it waits its turn', async () => {
      const { confirmRegistration } = await import('@/features/workshops/confirm')
      const { confirmationToken } = await import('@/features/workshops/confirm-token')
      const w = await aWorkshop({ seats: 10, published: true })
      // On PostgreSQL, how many connections sit in an open transaction doing nothing, sampled all along: a
      // confirmation waiting for its turn inside a transaction would show there (and a burst would take the pool).
      const watcher = label === 'PostgreSQL' ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : null
      await watcher?.connect()
      let idleInTransaction = 0
      let watching = true
      const watched = (async () => {
        while (watcher && watching) {
          const { rows } = await watcher.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'",
          )
          idleInTransaction = Math.max(idleInTransaction, (rows[0] as { n: number }).n)
        }
      })()
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          confirmRegistration(
            payload,
            confirmationToken({
              workshop: w.id,
              email: `rush${i}@example.com`,
              name: `Rush ${i}`,
              askedAt: NOW.getTime(),
            }),
            NOW,
          ),
        ),
      )
      watching = false
      await watched
      await watcher?.end()
      const answers = results.map((r) => ('problem' in r ? r.problem : r.done))
      // Ten seats, then a waitlist of ten (its bound: the seats, at least 10), then full.
      expect(answers.filter((a) => a === 'registered')).toHaveLength(10)
      expect(answers.filter((a) => a === 'waitlisted')).toHaveLength(10)
      expect(answers.filter((a) => a === 'full')).toHaveLength(180)
      const all = await rows(w)
      expect(all.filter((r) => r.status === 'registered')).toHaveLength(10)
      expect(all.filter((r) => r.status === 'waitlisted')).toHaveLength(10)
      expect(all).toHaveLength(20)
      // The one deciding may be between two of its queries; nobody waits inside a transaction.
      expect(idleInTransaction).toBeLessThanOrEqual(1)
    }, 120_000)

    it('gives exactly the last 10 seats to 200 simultaneous registrations; 30 wait (the bound), one mail each', async () => {
      const w = await aWorkshop({ seats: 30 })
      for (let i = 0; i < 20; i++) await register(w, `early${i}`, at(NOW.getTime() - DAY + i))
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) => register(w, `rush${i}`).then((r) => r.outcome)),
      )
      expect(outcomes.filter((o) => o === 'registered')).toHaveLength(10)
      expect(outcomes.filter((o) => o === 'waitlisted')).toHaveLength(30)
      expect(outcomes.filter((o) => o === 'full')).toHaveLength(160)
      const all = await rows(w)
      expect(all.filter((r) => r.status === 'registered')).toHaveLength(30)
      expect(all.filter((r) => r.status === 'waitlisted')).toHaveLength(30)
      expect(new Set(all.filter((r) => r.seat !== null).map((r) => r.seat)).size).toBe(30)
      const mails = await mailsAsSent(payload, {
        and: [{ to: { like: 'rush' } }, { kind: { in: ['workshop-registered', 'workshop-waitlisted'] } }],
      })
      expect(mails).toHaveLength(40)
      expect(new Set(mails.map((m) => m.to)).size).toBe(40)
    }, 120_000)

    it('gives exactly the last 10 seats when two app instances register 50 each at the same moment', async () => {
      const w = await aWorkshop({ seats: 10 })
      const instance = () =>
        runInstance<string[]>(path.join(import.meta.dirname, 'register-many.ts'), [
          String(w.id),
          '50',
          NOW.toISOString(),
        ])
      const [a, b] = await Promise.all([instance(), instance()])
      const all = [...a, ...b]
      expect(all.filter((o) => o === 'registered')).toHaveLength(10)
      expect(await countOf(payload, 'workshop-registrations', { status: { equals: 'registered' } })).toBe(10)
      // The waitlist's bound (10) is held by the workshop's lock on PostgreSQL. On SQLite nothing in the database
      // holds it (decision 080): the two instances may each add a tenth person at the same moment, one too many.
      const waiting = all.filter((o) => o === 'waitlisted').length
      if (label === 'PostgreSQL') expect(waiting).toBe(10)
      else expect([10, 11]).toContain(waiting)
      expect(all.filter((o) => o === 'full')).toHaveLength(90 - waiting)
      expect(await countOf(payload, 'workshop-registrations', { status: { equals: 'waitlisted' } })).toBe(waiting)
      expect(
        await countOf(payload, 'mail-outbox', {
          and: [{ to: { like: 'twin-' } }, { kind: { in: ['workshop-registered', 'workshop-waitlisted'] } }],
        }),
      ).toBe(10 + waiting)
    }, 180_000)
  })
}
