import path from 'node:path'

import ICAL from 'ical.js'
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { BOOKED } from '../../support/answers'
import { HOUR, MINUTE } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { runInstance } from '../../support/instances'
import { mailsAsSent } from '../../support/outbox'
import { aBookedCall, aCall, callTimes, newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'

/** The clock of the booking tests: Monday 2026-11-30, 12:00 in New York. */
const NOW = new Date('2026-11-30T17:00:00.000Z')

/**
 * The mails about a call booked and then cancelled, oldest first, with their status: the booking's to both
 * sides, its three reminders withdrawn, the cancellation to both sides.
 */
const MAILS_OF_A_CANCELLED_CALL = [
  ['call-booked', 'queued'],
  ['call-booked-coach', 'queued'],
  ['call-reminder-24h', 'cancelled'],
  ['call-reminder-1h', 'cancelled'],
  ['call-reminder-1h', 'cancelled'],
  ['call-cancelled', 'queued'],
  ['call-cancelled-coach', 'queued'],
]

/**
 * Discovery-call booking below HTTP, on a real database and a real SMTP peer: what the database itself
 * refuses, and what a booking, a change and a cancellation store and mail, on the visitor's side and the
 * coach's.
 */
export function bookingSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`booking on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    // Whatever mail a test made, the outbox shows it with the manage links hidden.
    const site = testSite(setup, { smtp: true })

    beforeAll(() => ({ payload, smtp } = site))
    beforeEach(async () => {
      await payload.delete({ collection: 'discovery-calls', where: { id: { exists: true } }, overrideAccess: true })
    })

    /** A call stored straight into the database: `minutes` long, `buffer` minutes kept free after it. */
    const call = (start: string, minutes = 30, buffer = 15, status: 'booked' | 'cancelled' = 'booked') =>
      aCall(payload, { startsAt: start, minutes, buffer, status })

    /** What the database answered a write: stored, or which of its rules refused it. */
    const outcome = async (write: Promise<unknown>) => {
      const { databaseRefusal } = await import('@/features/booking/calls')
      return write.then(
        () => 'stored',
        (error: unknown) => databaseRefusal(error) ?? error,
      )
    }

    /** Open every day 09:00–17:00 New York time, the defaults otherwise (each group of tests sets it itself). */
    const openEveryDayInNewYork = () =>
      payload.updateGlobal({
        slug: 'availability',
        data: {
          timeZone: 'America/New_York',
          weeklyHours: ['1', '2', '3', '4', '5', '6', '7'].map((weekday) => ({
            weekday: weekday as '1',
            from: '09:00',
            to: '17:00',
          })),
          daysOff: [],
        },
        overrideAccess: true,
      })

    it('refuses a live call that overlaps another live call with its buffer, in the database itself', async () => {
      await call('2026-12-01T10:00:00.000Z') // blocks 10:00–10:45
      expect(await outcome(call('2026-12-01T10:00:00.000Z'))).toBe('overlap')
      expect(await outcome(call('2026-12-01T10:30:00.000Z'))).toBe('overlap') // inside the buffer
      expect(await outcome(call('2026-12-01T09:40:00.000Z'))).toBe('overlap') // its own buffer reaches 10:25
      expect(await outcome(call('2026-12-01T09:15:00.000Z'))).toBe('stored') // 09:15–10:00, buffer to 10:00
      expect(await outcome(call('2026-12-01T10:45:00.000Z'))).toBe('stored') // starts as the first one's buffer ends
      expect((await payload.count({ collection: 'discovery-calls', overrideAccess: true })).totalDocs).toBe(3)
    })

    it('refuses a second upcoming call for one e-mail address, in the database itself', async () => {
      // createdAt is the booking's clock: the calls of the address still ahead of it count.
      const booked = (start: string, createdAt: string, status: 'booked' | 'cancelled' = 'booked') =>
        aCall(payload, { startsAt: start, name: 'Grace', email: `grace-${label}@example.com`, status, createdAt })
      await booked('2026-12-20T10:00:00.000Z', '2026-12-01T09:00:00.000Z')
      expect(await outcome(booked('2026-12-21T10:00:00.000Z', '2026-12-02T09:00:00.000Z'))).toBe('one-upcoming')
      // A cancelled call holds nothing; once the first call has begun, the address may book again.
      expect(await outcome(booked('2026-12-21T10:00:00.000Z', '2026-12-02T09:00:00.000Z', 'cancelled'))).toBe('stored')
      expect(await outcome(booked('2026-12-22T10:00:00.000Z', '2026-12-20T10:00:00.000Z'))).toBe('stored')
      const stored = await payload.find({
        collection: 'discovery-calls',
        where: { email: { equals: `grace-${label}@example.com` } },
        sort: 'startsAt',
        overrideAccess: true,
      })
      expect(stored.docs.map((c) => [c.startsAt, c.status])).toEqual([
        ['2026-12-20T10:00:00.000Z', 'booked'],
        ['2026-12-21T10:00:00.000Z', 'cancelled'],
        ['2026-12-22T10:00:00.000Z', 'booked'],
      ])
    })

    it('lets a cancelled call free its time, and refuses bringing it back over a newer booking', async () => {
      const first = await call('2026-12-02T10:00:00.000Z')
      await payload.update({
        collection: 'discovery-calls',
        id: first.id,
        data: { status: 'cancelled' },
        overrideAccess: true,
      })
      expect(await outcome(call('2026-12-02T10:00:00.000Z'))).toBe('stored')
      const { SITE_WRITE } = await import('@/features/booking/calls')
      // The site's own write, past the admin's check (which refuses any cancelled call brought back): the
      // database's own rule refuses this one, as it would overlap the newer booking.
      expect(
        await outcome(
          payload.update({
            collection: 'discovery-calls',
            id: first.id,
            data: { status: 'booked' },
            overrideAccess: true,
            context: { [SITE_WRITE]: true },
          }),
        ),
      ).toBe('overlap')
      expect(
        (await payload.findByID({ collection: 'discovery-calls', id: first.id, overrideAccess: true })).status,
      ).toBe('cancelled')
      expect(await outcome(call('2026-12-02T10:00:00.000Z', 30, 15, 'cancelled'))).toBe('stored')
    })

    describe('booking, rescheduling and cancelling, with an injected clock', () => {
      // At NOW (Monday 12:00 in New York). Open: every day 09:00–17:00 New York time, the defaults otherwise.
      const SLOT = '2026-12-02T14:00:00.000Z' // Wednesday 09:00 in New York (slots every 45 minutes from 09:00)
      let mod: typeof import('@/features/booking/book')
      const client = newClients(`booking-${label}`)
      const form = (over: Record<string, string> = {}) => ({
        slot: SLOT,
        name: 'Ada Lovelace',
        email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
        note: 'Career change',
        timeZone: 'Europe/Berlin',
        ...over,
      })
      /** A call booked through the form at NOW, by a visitor of form()'s; answers the stored call. */
      const bookedCall = (slot: string) => aBookedCall(payload, form({ slot }), { now: NOW, client: client() })
      /** The queued mails as they will be sent (the outbox shows them with their manage links hidden). */
      const outbox = () => mailsAsSent(payload)

      beforeAll(async () => {
        mod = await import('@/features/booking/book')
        await openEveryDayInNewYork()
      })

      it('books an open time: the call, the mails with the invite, the reminders at the right instants', async () => {
        const result = await mod.bookCall(payload, form(), client(), NOW)
        // No time and no link in the answer: the details and the call's private link go only to the address.
        expect(result).toEqual({ status: 'ok', message: BOOKED })
        const mails = await outbox()
        const manage = /\/scheduling\/manage\/(\d+-\d+\.[\w-]{43})\n/.exec(mails[0]!.text)
        expect(manage).not.toBeNull()
        // The link's token names this call; a changed character, another creation time or another id names none.
        const { callByToken } = await import('@/features/booking/calls')
        const token = manage![1]!
        const [head, sig] = token.split('.') as [string, string]
        const [id, created] = head.split('-') as [string, string]
        expect((await callByToken(payload, token))?.startsAt).toBe(SLOT)
        expect(await callByToken(payload, `${head}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
        expect(await callByToken(payload, `${id}-${Number(created) + 1}.${sig}`)).toBeNull()
        expect(await callByToken(payload, `${Number(id) + 1}-${created}.${sig}`)).toBeNull()
        const calls = (await payload.find({ collection: 'discovery-calls', overrideAccess: true })).docs
        expect(calls).toHaveLength(1)
        expect(calls[0]).toMatchObject({
          startsAt: SLOT,
          endsAt: '2026-12-02T14:30:00.000Z',
          blockedUntil: '2026-12-02T14:45:00.000Z',
          status: 'booked',
          visitorTimeZone: 'Europe/Berlin',
          sequence: 0,
          // The admin shows it in the coach's zone.
          startsAt_tz: 'America/New_York',
          createdAt: NOW.toISOString(),
        })
        expect(mails.map((m) => [m.kind, m.to, m.sendAfter ?? null])).toEqual([
          ['call-booked', calls[0]!.email, null],
          ['call-booked-coach', 'coach@example.com', null],
          ['call-reminder-24h', calls[0]!.email, '2026-12-01T14:00:00.000Z'],
          ['call-reminder-1h', calls[0]!.email, '2026-12-02T13:00:00.000Z'],
          ['call-reminder-1h', 'coach@example.com', '2026-12-02T13:00:00.000Z'],
        ])
        const booked = mails[0]!
        // The same instant in the visitor's zone and in the coach's.
        expect(booked.text).toContain('When: Wednesday, December 2, 2026, 3:00 PM GMT+1 (Europe/Berlin)')
        expect(booked.text).toContain('For the coach: Wednesday, December 2, 2026, 9:00 AM EST (America/New_York)')
        expect(booked.text).toContain(`To reschedule or cancel: http://localhost:3000/scheduling/manage/${token}`)
        const invite = (booked.calendar as { method: string; content: string }).content
        expect((booked.calendar as { method: string }).method).toBe('REQUEST')
        expect(invite).toContain('DTSTART:20261202T140000Z')
        expect(invite).toContain('METHOD:REQUEST')
      })

      it("writes the visitor's mails about a call in the coach's words, under the coach's name", async () => {
        const { MAIL_TEXTS } = await import('@/features/mail-texts/defaults')
        const { DEFAULT_BRAND } = await import('@/domain/brand')
        await payload.updateGlobal({ slug: 'site-settings', data: { brand: { coachName: 'Sam Rivera' } } })
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: {
            callBooked: {
              subject: 'Booked with {coachName}',
              body: 'Dear {name},\n\n{coachName} will see you:\n{time}\n\nChange it here: {manageLink}',
            },
          },
          overrideAccess: true,
        })
        try {
          const result = await mod.bookCall(payload, form({ slot: '2026-12-04T14:00:00.000Z' }), client(), NOW)
          expect(result.status).toBe('ok')
          const booked = (await outbox()).find((m) => m.kind === 'call-booked')!
          const call = (await payload.find({ collection: 'discovery-calls', overrideAccess: true })).docs[0]!
          const { managePath } = await import('@/features/booking/calls')
          const manage = managePath(call)
          expect(booked.subject).toBe('Booked with Sam Rivera')
          expect(booked.text).toBe(
            [
              'Dear Ada Lovelace,',
              '',
              'Sam Rivera will see you:',
              'When: Friday, December 4, 2026, 3:00 PM GMT+1 (Europe/Berlin)',
              'For the coach: Friday, December 4, 2026, 9:00 AM EST (America/New_York)',
              '',
              `Change it here: http://localhost:3000${manage}`,
            ].join('\n'),
          )
          const invite = (booked.calendar as { content: string }).content.replace(/\r\n[ \t]/g, '')
          expect(invite).toContain('SUMMARY:Discovery call with Sam Rivera')
          expect(invite).toMatch(/ORGANIZER;CN="?Sam Rivera"?:mailto:/i)
          // The reminders, not edited, keep the built-in words, in the coach's new name.
          const reminder = (await outbox()).find((m) => m.kind === 'call-reminder-1h' && m.to !== 'coach@example.com')!
          expect(reminder.text).toContain('Your discovery call with Sam Rivera starts in one hour.')
        } finally {
          await payload.updateGlobal({
            slug: 'mail-texts',
            data: { callBooked: { subject: MAIL_TEXTS.callBooked.subject, body: MAIL_TEXTS.callBooked.body } },
            overrideAccess: true,
          })
          await payload.updateGlobal({ slug: 'site-settings', data: { brand: { coachName: DEFAULT_BRAND.name } } })
        }
      })

      it('books with each way of meeting: the call keeps what it was promised; the answer, mails, reminders and invite say it', async () => {
        const { DEFAULT_BRAND } = await import('@/domain/brand')
        const coach = DEFAULT_BRAND.name
        const meet = (meeting: {
          kind: 'unset' | 'video' | 'phone' | 'in-person'
          link?: string | null
          address?: string | null
        }) => payload.updateGlobal({ slug: 'availability', data: { meeting }, overrideAccess: true })
        const book = (over: Record<string, string>) => mod.bookCall(payload, form(over), client(), NOW)
        /** The mails about one call, by kind; the invite of the first one as a calendar reads it. */
        const mailsOf = async (email: string) => {
          const call = (
            await payload.find({
              collection: 'discovery-calls',
              where: { email: { equals: email } },
              overrideAccess: true,
            })
          ).docs[0]!
          const mails = await mailsAsSent(payload, { reference: { equals: `discovery-calls:${call.id}` } })
          const byKind = (kind: string, to = email) => mails.find((m) => m.kind === kind && m.to === to)!
          const ics = (byKind('call-booked').calendar as { content: string }).content
          const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!)
          return { call, byKind, event }
        }
        const emails = {
          video: 'video.meet@example.com',
          phone: 'phone.meet@example.com',
          inPerson: 'room.meet@example.com',
        }
        try {
          // The coach's setting refuses a video call without an https link, and meeting in person without an address.
          await expect(meet({ kind: 'video', link: 'http://meet.example.com/jordan' })).rejects.toMatchObject({
            name: 'ValidationError',
            data: {
              errors: [
                { path: 'meeting.link', message: 'Paste the whole link of your video room, starting with https://.' },
              ],
            },
          })
          await expect(meet({ kind: 'in-person', address: '  ' })).rejects.toMatchObject({
            data: { errors: [{ path: 'meeting.address', message: 'Meeting in person needs the address.' }] },
          })

          await meet({ kind: 'video', link: 'https://meet.example.com/jordan' })
          expect(await book({ slot: '2026-12-07T14:00:00.000Z', email: emails.video })).toEqual({
            status: 'ok',
            message: `${BOOKED} We meet by video call. The link comes with your confirmation mail and invite.`,
          })

          await meet({ kind: 'phone' })
          const phoneSlot = { slot: '2026-12-07T14:45:00.000Z', email: emails.phone }
          // No number, a number too short: the field's message in words, what was typed kept, nothing stored.
          expect(await book(phoneSlot)).toMatchObject({
            status: 'invalid',
            message: 'Please correct the fields marked below.',
            errors: { phone: 'Please enter your phone number, so the coach can call you.' },
          })
          expect(await book({ ...phoneSlot, phone: '12 34' })).toMatchObject({
            status: 'invalid',
            errors: {
              phone:
                'That number has only 4 digits; a phone number has at least 7. Please enter the whole number, with the area code.',
            },
            values: { phone: '12 34', email: emails.phone },
          })
          expect((await payload.count({ collection: 'discovery-calls', overrideAccess: true })).totalDocs).toBe(1)
          expect(await book({ ...phoneSlot, phone: ' +44 20  7946 0958 ' })).toEqual({
            status: 'ok',
            message: `${BOOKED} We talk by phone: ${coach} calls you at the phone number you give.`,
          })

          await meet({ kind: 'in-person', address: '12 Harbour Street\nLisbon' })
          expect(
            await book({ slot: '2026-12-07T15:30:00.000Z', email: emails.inPerson, phone: '+44 20 7946 0958' }),
          ).toEqual({
            status: 'ok',
            message: `${BOOKED} We meet in person, at 12 Harbour Street, Lisbon.`,
          })

          // A later change of the setting leaves the calls as they were booked.
          await meet({ kind: 'unset', link: null, address: null })
          const video = await mailsOf(emails.video)
          const phone = await mailsOf(emails.phone)
          const room = await mailsOf(emails.inPerson)
          expect([video, phone, room].map(({ call }) => [call.meetingKind, call.meetingPlace, call.phone])).toEqual([
            ['video', 'https://meet.example.com/jordan', null],
            ['phone', null, '+44 20 7946 0958'],
            // Not asked for, so not kept.
            ['in-person', '12 Harbour Street\nLisbon', null],
          ])

          const expected = [
            [
              video,
              'Where: Video call at https://meet.example.com/jordan',
              'Where: Video call at https://meet.example.com/jordan',
            ],
            [
              phone,
              `Where: By phone: ${coach} calls you at +44 20 7946 0958`,
              'Where: By phone: you call Ada Lovelace at +44 20 7946 0958',
            ],
            [room, 'Where: In person at 12 Harbour Street, Lisbon', 'Where: In person at 12 Harbour Street, Lisbon'],
          ] as const
          for (const [{ byKind, call }, toVisitor, toCoach] of expected) {
            // Under the time, in the confirmation and both reminders; in the coach's notification and reminder.
            for (const kind of ['call-booked', 'call-reminder-24h', 'call-reminder-1h']) {
              expect(byKind(kind).text, kind).toContain(`For the coach: Monday, December 7, 2026`)
              expect(byKind(kind).text.split('\n'), kind).toContain(toVisitor)
            }
            for (const kind of ['call-booked-coach', 'call-reminder-1h']) {
              expect(byKind(kind, 'coach@example.com').text.split('\n'), kind).toContain(toCoach)
            }
            expect(call.email).toMatch(/@example\.com$/)
          }
          expect([video, phone, room].map(({ event }) => event.location)).toEqual([
            'https://meet.example.com/jordan',
            '+44 20 7946 0958',
            '12 Harbour Street, Lisbon',
          ])
          expect(phone.event.description).toContain(`By phone: ${coach} calls Ada Lovelace at +44 20 7946 0958.`)

          // Booked with nothing set: no "Where" line and no LOCATION, as before.
          await book({ slot: '2026-12-07T16:15:00.000Z', email: 'unset.meet@example.com' })
          const unset = await mailsOf('unset.meet@example.com')
          expect(unset.byKind('call-booked').text).not.toContain('Where:')
          expect(unset.event.location).toBeNull()
        } finally {
          await meet({ kind: 'unset', link: null, address: null })
        }
      })

      it('refuses a time that is no longer open, whoever the address is', async () => {
        const owner = 'owner.gone@example.com'
        expect((await mod.bookCall(payload, form({ email: owner }), client(), NOW)).status).toBe('ok')
        const gone = { slot: '2026-12-02T14:10:00.000Z' }
        const refused = {
          status: 'conflict',
          message: 'That time is no longer available. Please pick another.',
          values: expect.any(Object),
        }
        // Checked before the address: an address with a call ahead hears the same refusal as a fresh one.
        expect(await mod.bookCall(payload, form({ ...gone, email: owner }), client(), NOW)).toEqual(refused)
        expect(await mod.bookCall(payload, form(gone), client(), NOW)).toEqual(refused)
      })

      it('answers a booking with an address that already has a call exactly as an accepted one; only that address learns it, by mail', async () => {
        const { httpStatus } = await import('@/platform/forms/results')
        const { deliverDueMail } = await import('@/platform/mail/outbox')
        const { createMailTransport } = await import('@/platform/mail/transport')
        const transport = createMailTransport(smtp.url)
        const owner = `owner-${label.toLowerCase()}@example.com`
        const fresh = `fresh-${label.toLowerCase()}@example.com`
        // The owner of the address books Wednesday 09:00 New York.
        const own = await mod.bookCall(payload, form({ name: 'Olive Owner', email: owner }), client(), NOW)
        expect(await deliverDueMail(payload, NOW, transport)).toMatchObject({ sent: 2 })
        await payload.delete({ collection: 'mail-outbox', where: { id: { exists: true } }, overrideAccess: true })
        smtp.mails.length = 0
        // Someone else tries Thursday 09:00 with the owner's address (another spelling of it), and a fresh
        // address books Thursday 09:45: the two answers are the same, and the same as the owner's own.
        const probe = await mod.bookCall(
          payload,
          form({ name: 'Mallory', email: owner.toUpperCase(), slot: '2026-12-03T14:00:00.000Z', note: 'Hi!' }),
          client(),
          NOW,
        )
        const accepted = await mod.bookCall(
          payload,
          form({ name: 'Frank Fresh', email: fresh, slot: '2026-12-03T14:45:00.000Z' }),
          client(),
          NOW,
        )
        expect(probe).toEqual({ status: 'ok', message: BOOKED })
        expect(accepted).toEqual(probe)
        expect(own).toEqual(probe)
        expect([httpStatus(probe), httpStatus(accepted)]).toEqual([200, 200])

        // Only the fresh booking is stored; the owner keeps the one call, and the tried time stays open.
        const calls = await payload.find({ collection: 'discovery-calls', sort: 'startsAt', overrideAccess: true })
        expect(calls.docs.map((c) => [c.email, c.startsAt, c.name])).toEqual([
          [owner, SLOT, 'Olive Owner'],
          [fresh, '2026-12-03T14:45:00.000Z', 'Frank Fresh'],
        ])
        // Both posts queued mail; the owner gets the call they have (its time and its link, in their name,
        // nothing the other visitor typed), the fresh address its confirmation, the coach only the booking.
        expect((await outbox()).map((m) => [m.kind, m.to])).toEqual([
          ['call-existing', owner],
          ['call-booked', fresh],
          ['call-booked-coach', 'coach@example.com'],
          ['call-reminder-24h', fresh],
          ['call-reminder-1h', fresh],
          ['call-reminder-1h', 'coach@example.com'],
        ])
        expect(await deliverDueMail(payload, NOW, transport)).toMatchObject({ sent: 3 })
        const to = (address: string) => smtp.mails.filter((m) => m.to?.[0]?.address === address)
        expect(to(owner).map((m) => m.subject)).toEqual(['Your discovery call | Jordan Ellis Coaching'])
        const told = to(owner)[0]!.text!
        expect(told).toContain('Hello Olive Owner,')
        expect(told).toContain('Someone, hopefully you, tried to book a discovery call with this address.')
        expect(told).toContain('For the coach: Wednesday, December 2, 2026, 9:00 AM EST (America/New_York)')
        expect(told).toMatch(
          /To reschedule or cancel: http:\/\/localhost:3000\/scheduling\/manage\/\d+-\d+\.[\w-]{43}\n/,
        )
        expect(told).not.toMatch(/December 3|Mallory|Hi!/)
        expect(to(fresh).map((m) => m.subject)).toEqual(['Your discovery call is booked | Jordan Ellis Coaching'])
        expect(to('coach@example.com').map((m) => m.subject)).toEqual([
          'New discovery call: Frank Fresh, Thursday, December 3, 2026, 9:45 AM EST',
        ])
      })

      it('answers the same past the hourly ceiling of visitor mail, holding back the mail to an address with a call', async () => {
        // On the real clock: the ceiling counts the mail queued in the hour before now.
        const { openSlots } = await import('@/features/booking/slots')
        const { readBookingRules } = await import('@/features/booking/calls')
        const now = new Date()
        const { availability, busy } = await readBookingRules(payload)
        const [first, second, tried] = openSlots(availability, busy, [], now)
          .flatMap((d) => d.slots)
          .map((slot) => slot.toISOString())
        const owners = [1, 2].map((i) => `ceiling${i}-${label.toLowerCase()}@example.com`)
        for (const [i, email] of owners.entries()) {
          const booked = await mod.bookCall(payload, form({ email, slot: [first, second][i]! }), client(), now)
          expect(booked).toEqual({ status: 'ok', message: BOOKED })
        }
        await payload.delete({ collection: 'mail-outbox', where: { id: { exists: true } }, overrideAccess: true })
        process.env.VISITOR_MAIL_PER_HOUR = '1'
        try {
          for (const email of owners) {
            expect(await mod.bookCall(payload, form({ email, slot: tried! }), client(), now)).toEqual({
              status: 'ok',
              message: BOOKED,
            })
          }
        } finally {
          delete process.env.VISITOR_MAIL_PER_HOUR
        }
        expect((await outbox()).map((m) => [m.kind, m.to])).toEqual([
          ['call-existing', owners[0]],
          ['visitor-mail-ceiling', 'coach@example.com'],
        ])
        expect((await payload.count({ collection: 'discovery-calls', overrideAccess: true })).totalDocs).toBe(2)
      })

      it('keeps one call when one address books several times at the same moment, with the same answer to each', async () => {
        const email = `rush-${label.toLowerCase()}@example.com`
        const slots = ['14:00', '14:45', '15:30', '16:15'].map((t) => `2026-12-16T${t}:00.000Z`)
        const attempts = await Promise.all(
          [...slots, '2026-12-17T14:00:00.000Z'].map((slot) =>
            mod.bookCall(payload, form({ slot, email }), client(), NOW),
          ),
        )
        // Whether the database refused it or the check saw the call first, each hears what a booking hears.
        expect(attempts).toEqual(Array(5).fill({ status: 'ok', message: BOOKED }))
        const stored = await payload.find({ collection: 'discovery-calls', where: { email: { equals: email } } })
        expect(stored.docs.map((c) => c.status)).toEqual(['booked'])
        // The one booking's confirmation carries the details and the link.
        expect((await outbox()).filter((m) => m.kind === 'call-booked' && m.to === email)).toHaveLength(1)
      }, 60_000)

      it('keeps exactly one of many simultaneous bookings of one time, with one confirmation, and no error', async () => {
        const attempts = await Promise.all(
          Array.from({ length: 100 }, () =>
            mod.bookCall(payload, form({ slot: '2026-12-04T14:00:00.000Z' }), client(), NOW),
          ),
        )
        expect(attempts.filter((r) => r.status === 'ok')).toHaveLength(1)
        // Every loser hears the time was taken, whether the database refused it or it was gone when checked.
        expect(attempts.filter((r) => r.status !== 'ok').map((r) => `${r.status}: ${r.message}`)).toEqual(
          Array(99).fill('conflict: That time was just taken. Please pick another.'),
        )
        expect(attempts.every((r) => r.status === 'ok' || r.status === 'conflict')).toBe(true)
        const stored = await payload.count({
          collection: 'discovery-calls',
          where: { startsAt: { equals: '2026-12-04T14:00:00.000Z' } },
          overrideAccess: true,
        })
        expect(stored.totalDocs).toBe(1)
        expect((await outbox()).filter((m) => m.kind === 'call-booked')).toHaveLength(1)
      }, 60_000)

      it('keeps exactly one booking of one time when two app instances take 50 attempts each at the same moment', async () => {
        const slot = '2026-12-09T14:00:00.000Z'
        const instance = () =>
          runInstance<string[]>(path.join(import.meta.dirname, 'book-once.ts'), [slot, '50', NOW.toISOString()])
        const [a, b] = await Promise.all([instance(), instance()])
        const all = [...a, ...b]
        expect(all).toHaveLength(100)
        expect(all.filter((s) => s === `ok: ${BOOKED}`)).toHaveLength(1)
        expect(all.filter((s) => !s.startsWith('ok: '))).toEqual(
          Array(99).fill('conflict: That time was just taken. Please pick another.'),
        )
        const stored = await payload.count({
          collection: 'discovery-calls',
          where: { startsAt: { equals: slot } },
          overrideAccess: true,
        })
        expect(stored.totalDocs).toBe(1)
        expect((await outbox()).filter((m) => m.kind === 'call-booked')).toHaveLength(1)
      }, 120_000)

      it('sends each reminder once at its time, and none for a cancelled call', async () => {
        const { deliverDueMail } = await import('@/platform/mail/outbox')
        const { createMailTransport } = await import('@/platform/mail/transport')
        const transport = createMailTransport(smtp.url)
        const deliver = (at: string) => deliverDueMail(payload, new Date(at), transport)
        const kept = await mod.bookCall(payload, form({ slot: '2026-12-10T14:00:00.000Z' }), client(), NOW)
        const dropped = await mod.bookCall(payload, form({ slot: '2026-12-10T16:15:00.000Z' }), client(), NOW)
        expect([kept.status, dropped.status]).toEqual(['ok', 'ok'])
        const droppedCall = (
          await payload.find({
            collection: 'discovery-calls',
            where: { startsAt: { equals: '2026-12-10T16:15:00.000Z' } },
            overrideAccess: true,
          })
        ).docs[0]!
        expect(await deliver(NOW.toISOString())).toMatchObject({ sent: 4 }) // two bookings, each to both sides
        expect(await mod.cancelCall(payload, droppedCall, 'visitor', NOW)).toBe('done')
        expect(await deliver(NOW.toISOString())).toMatchObject({ sent: 2 }) // the cancellation, to both sides
        const subjects = () => smtp.mails.map((m) => `${m.to?.[0]?.address} ${m.subject}`)
        smtp.mails.length = 0
        expect(await deliver('2026-12-09T13:59:59.999Z')).toMatchObject({ sent: 0 })
        // Two instances at once, at the reminder's time: one mail.
        const both = await Promise.all([deliver('2026-12-09T14:00:00.000Z'), deliver('2026-12-09T14:00:00.000Z')])
        expect(both.reduce((n, r) => n + r.sent, 0)).toBe(1)
        expect(subjects()).toEqual([expect.stringMatching(/ Tomorrow: your discovery call/)])
        expect(await deliver('2026-12-10T12:59:59.999Z')).toMatchObject({ sent: 0 })
        expect(await deliver('2026-12-10T13:00:00.000Z')).toMatchObject({ sent: 2 })
        expect(await deliver('2026-12-11T00:00:00.000Z')).toMatchObject({ sent: 0 }) // nothing for the cancelled one
        expect(subjects().filter((s) => s.startsWith('coach@example.com'))).toEqual([
          expect.stringMatching(/In one hour: discovery call with Ada Lovelace/),
        ])
      })

      it('the manage page’s cancel posted twice at once (a double click) cancels once: one cancellation to each side, both answers the same page', async () => {
        const { postCallChange } = await import('@/features/booking/manage-posts')
        const { manageToken } = await import('@/features/booking/manage-token')
        const call = await bookedCall('2026-12-16T14:00:00.000Z')
        const token = manageToken(call)
        const c = client()
        const answers = await Promise.all([
          postCallChange(payload, 'cancel', { token }, c, NOW),
          postCallChange(payload, 'cancel', { token }, c, NOW),
        ])
        const page = `/scheduling/manage/${encodeURIComponent(token)}?done=cancelled`
        expect(answers).toEqual([page, page])
        const stored = await payload.findByID({ collection: 'discovery-calls', id: call.id, overrideAccess: true })
        expect(stored).toMatchObject({ status: 'cancelled', sequence: 1 })
        const reference = { reference: { equals: `discovery-calls:${call.id}` } }
        expect(await countOf(payload, 'mail-outbox', { ...reference, kind: { equals: 'call-cancelled' } })).toBe(1)
        expect(await countOf(payload, 'mail-outbox', { ...reference, kind: { equals: 'call-cancelled-coach' } })).toBe(
          1,
        )
      })

      it('lets the visitor cancel until exactly 24 hours before, then only the coach', async () => {
        const call = await bookedCall('2026-12-05T14:00:00.000Z')
        expect(await mod.cancelCall(payload, call, 'visitor', new Date('2026-12-04T14:00:00.001Z'))).toBe('too-late')
        expect(await mod.cancelCall(payload, call, 'visitor', new Date('2026-12-04T14:00:00.000Z'))).toBe('done')
        const after = await payload.findByID({ collection: 'discovery-calls', id: call.id, overrideAccess: true })
        expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor', sequence: 1 })
        // The booking's mails stay (the outbox is not emptied here: the reminders queued with it are still
        // there to be seen withdrawn), the cancellation goes to both sides, and its three reminders are withdrawn.
        const mails = await outbox()
        expect(mails.map((m) => [m.kind, m.status])).toEqual(MAILS_OF_A_CANCELLED_CALL)
        const invite = (mails.find((m) => m.kind === 'call-cancelled')!.calendar as { content: string }).content
        expect(invite).toContain('METHOD:CANCEL')
        expect(invite).toContain('STATUS:CANCELLED')
        expect(invite).toContain('SEQUENCE:1')
        // The coach may cancel at any time (here: a call 1 hour away).
        const lateCall = await bookedCall('2026-12-06T14:00:00.000Z')
        expect(await mod.cancelCall(payload, lateCall, 'visitor', new Date('2026-12-06T13:00:00.000Z'))).toBe(
          'too-late',
        )
        expect(await mod.cancelCall(payload, lateCall, 'coach', new Date('2026-12-06T13:00:00.000Z'))).toBe('done')
      })

      it('moves a call to another open time: same UID, higher SEQUENCE, reminders of the new time only', async () => {
        const call = await bookedCall('2026-12-07T14:00:00.000Z')
        const firstInvite = ((await outbox())[0]!.calendar as { content: string }).content
        const uid = /UID:(.+)/.exec(firstInvite)![1]!.trim()
        expect(await mod.rescheduleCall(payload, call, new Date('2026-12-08T15:30:00.000Z'), NOW)).toBe('done')
        const moved = await payload.findByID({ collection: 'discovery-calls', id: call.id, overrideAccess: true })
        expect(moved).toMatchObject({ startsAt: '2026-12-08T15:30:00.000Z', sequence: 1, status: 'booked' })
        const mails = (await outbox()).filter((m) => m.reference === `discovery-calls:${call.id}`)
        const live = mails.filter((m) => m.status === 'queued' && m.kind.startsWith('call-reminder'))
        expect(live.map((m) => m.sendAfter)).toEqual([
          '2026-12-07T15:30:00.000Z',
          '2026-12-08T14:30:00.000Z',
          '2026-12-08T14:30:00.000Z',
        ])
        expect(mails.filter((m) => m.status === 'cancelled').map((m) => m.kind)).toEqual([
          'call-reminder-24h',
          'call-reminder-1h',
          'call-reminder-1h',
        ])
        const movedInvite = (mails.find((m) => m.kind === 'call-moved')!.calendar as { content: string }).content
        expect(movedInvite).toContain(`UID:${uid}`)
        expect(movedInvite).toContain('SEQUENCE:1')
        expect(movedInvite).toContain('DTSTART:20261208T153000Z')
        // Too late to move, and not onto a taken time.
        expect(
          await mod.rescheduleCall(
            payload,
            moved,
            new Date('2026-12-09T14:00:00.000Z'),
            new Date('2026-12-07T15:30:00.001Z'),
          ),
        ).toBe('too-late')
      })
    })

    describe('the coach’s side: cancelling in the admin, the busy calendar, the calendar feed', () => {
      let mod: typeof import('@/features/booking/book')
      const client = newClients(`coach-${label}`)
      /**
       * Every mail queued about one call, oldest first, as it will be sent. (Call ids may be used again once
       * calls are deleted: the outbox is emptied before each test, so no test reads another's mails as its call's.)
       */
      const mailsAbout = (id: number) => mailsAsSent(payload, { reference: { equals: `discovery-calls:${id}` } })
      /** A call booked through the form at NOW, by Ada in UTC. */
      const book = (slot: string) => aBookedCall(payload, { slot }, { now: NOW, client: client() })
      let server: import('node:http').Server
      let calendarBody = ''
      let calendarStatus = 200
      let calendarRequests = 0

      beforeAll(async () => {
        mod = await import('@/features/booking/book')
        await openEveryDayInNewYork()
        const http = await import('node:http')
        server = http.createServer((_req, res) => {
          calendarRequests++
          res.writeHead(calendarStatus, { 'content-type': 'text/calendar' })
          res.end(calendarStatus === 200 ? calendarBody : 'nope')
        })
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      })
      afterAll(async () => {
        delete process.env.BUSY_CALENDAR_ANY_ADDRESS
        await new Promise((resolve) => server.close(resolve))
        await payload.updateGlobal({ slug: 'availability', data: { busyCalendarUrl: null }, overrideAccess: true })
      })

      it('cancelling a call in the admin mails the visitor a cancellation and withdraws the reminders', async () => {
        // The outbox is left as it is: its reminders must be there to be seen withdrawn. (A delete of the
        // mails `not_like: 'call-reminder'` here once took the reminders too, so nothing was left to check.)
        const call = await book('2026-12-10T14:00:00.000Z')
        // What the admin's Save does: an update of the status by a logged-in user.
        const user = await payload.create({
          collection: 'users',
          data: { email: `coach-${label}@example.com`, password: 'a long coach password', role: 'admin' },
          overrideAccess: true,
        })
        await payload.update({
          collection: 'discovery-calls',
          id: call.id,
          data: { status: 'cancelled' },
          user,
          overrideAccess: false,
        })
        const after = await payload.findByID({ collection: 'discovery-calls', id: call.id, overrideAccess: true })
        expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'coach', sequence: 1 })
        const mails = await mailsAbout(call.id)
        expect(mails.map((m) => [m.kind, m.status])).toEqual(MAILS_OF_A_CANCELLED_CALL)
        const cancellation = mails.find((m) => m.kind === 'call-cancelled')!
        expect(cancellation.text).toContain('had to cancel')
        expect((cancellation.calendar as { content: string }).content).toContain('METHOD:CANCEL')
        // Bringing it back is refused with a clear message on the field.
        const refused = await payload
          .update({
            collection: 'discovery-calls',
            id: call.id,
            data: { status: 'booked' },
            user,
            overrideAccess: false,
          })
          .then(
            () => null,
            (error: { data?: { errors?: { path: string; label?: string; message: string }[] } }) => error,
          )
        expect(refused?.data?.errors).toEqual([
          {
            path: 'status',
            label: 'Status',
            message: 'A cancelled call cannot be booked again here. The visitor can book a new time at /scheduling.',
          },
        ])
      })

      it('moving a call in the admin mails both sides the new time; a time over another call or in the past is refused with a clear message', async () => {
        // The coach may move a call at any time, even inside 24 hours, but never into the past: times from today.
        const base = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR
        const at = (hours: number) => new Date(base + hours * HOUR).toISOString()
        const { SITE_WRITE } = await import('@/features/booking/calls')
        const place = (startsAt: string) =>
          aCall(payload, {
            startsAt,
            name: 'Lin',
            email: `lin.${Math.random().toString(36).slice(2)}@example.com`,
            startsAt_tz: 'America/New_York',
            context: { [SITE_WRITE]: true },
          })
        await payload.delete({ collection: 'mail-outbox', where: { id: { exists: true } }, overrideAccess: true })
        const call = await place(at(0))
        const other = await place(at(5))
        const user = await payload.create({
          collection: 'users',
          data: { email: `mover-${label}@example.com`, password: 'a long coach password', role: 'admin' },
          overrideAccess: true,
        })
        const move = (startsAt: string) =>
          payload
            .update({ collection: 'discovery-calls', id: call.id, data: { startsAt }, user, overrideAccess: false })
            .then(
              () => null,
              (error: { data?: { errors?: { path: string; message: string }[] } }) => error.data?.errors,
            )
        expect(await move(at(5))).toEqual([
          {
            path: 'startsAt',
            label: 'Starts',
            message: expect.stringMatching(
              /^That time overlaps the call with Lin on \w+day, .+ [AP]M E[SD]T, or the 15 minutes kept free after a call\. Pick another time\.$/,
            ),
          },
        ])
        expect(await move(new Date(Date.now() - HOUR).toISOString())).toEqual([
          { path: 'startsAt', label: 'Starts', message: 'Pick a time that is still ahead.' },
        ])
        expect(await move(at(24))).toBeNull()
        const moved = await payload.findByID({ collection: 'discovery-calls', id: call.id, overrideAccess: true })
        expect(moved).toMatchObject({ ...callTimes(at(24)), sequence: 1, status: 'booked' })
        const mails = await mailsAbout(call.id)
        expect(mails.map((m) => [m.kind, m.to, m.sendAfter ?? null])).toEqual([
          ['call-moved', call.email, null],
          ['call-moved-coach', 'coach@example.com', null],
          ['call-reminder-24h', call.email, at(0)],
          ['call-reminder-1h', call.email, at(23)],
          ['call-reminder-1h', 'coach@example.com', at(23)],
        ])
        const invite = (mails[0]!.calendar as { content: string }).content.replace(/\r\n[ \t]/g, '')
        expect(invite).toContain('METHOD:REQUEST')
        expect(invite).toContain('SEQUENCE:1')
        expect(invite).toContain(`DTSTART:${at(24).replace(/[-:]/g, '').replace('.000', '')}`)
        expect(mails[0]!.text).toContain('Your discovery call has a new time.')
        // The other call was not touched, and a cancelled call keeps its time.
        expect((await payload.findByID({ collection: 'discovery-calls', id: other.id })).sequence).toBe(0)
        const asCoach = { user, overrideAccess: false }
        await payload.update({ collection: 'discovery-calls', id: other.id, data: { status: 'cancelled' }, ...asCoach })
        await payload.update({ collection: 'discovery-calls', id: other.id, data: { startsAt: at(48) }, ...asCoach })
        expect((await payload.findByID({ collection: 'discovery-calls', id: other.id })).startsAt).toBe(at(5))
        // A booked call still ahead cannot be deleted (only cancelled); a cancelled one can.
        const remove = (id: number) =>
          payload.delete({ collection: 'discovery-calls', id, user, overrideAccess: false }).then(
            () => 'deleted',
            () => 'refused',
          )
        expect(await remove(call.id)).toBe('refused')
        expect(await remove(other.id)).toBe('deleted')
        // When the coach changes zone, the calls still ahead show in the new one.
        const zoneBefore = (await payload.findGlobal({ slug: 'availability' })).timeZone
        await payload.updateGlobal({ slug: 'availability', data: { timeZone: 'Europe/Lisbon' } })
        expect((await payload.findByID({ collection: 'discovery-calls', id: call.id })).startsAt_tz).toBe(
          'Europe/Lisbon',
        )
        await payload.updateGlobal({ slug: 'availability', data: { timeZone: zoneBefore } })
      })

      it('reads the coach’s calendar: busy events block times; when it fails, the last good copy stays and the admin says since when', async () => {
        const { refreshBusyCalendar } = await import('@/features/booking/busy-times')
        const { isOpenSlot } = await import('@/features/booking/slots')
        const { readBookingRules, liveCalls } = await import('@/features/booking/calls')
        const busyTimes = async () => (await readBookingRules(payload)).busy
        calendarBody = [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//test//EN',
          'BEGIN:VEVENT',
          'UID:dentist@test',
          'DTSTAMP:20261101T000000Z',
          'DTSTART:20261211T140000Z',
          'DTEND:20261211T150000Z',
          'SUMMARY:Dentist',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n')
        const url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}/basic.ics`
        await payload.updateGlobal({
          slug: 'availability',
          data: { busyCalendarUrl: url },
          overrideAccess: true,
          context: { busyCalendarRead: true },
        })
        // The calendar is served on this machine: only the tests' setting lets the reader reach it.
        process.env.BUSY_CALENDAR_ANY_ADDRESS = 'true'
        expect(await refreshBusyCalendar(payload, NOW)).toBe('read')
        expect(await busyTimes()).toEqual([
          { start: new Date('2026-12-11T14:00:00.000Z'), end: new Date('2026-12-11T15:00:00.000Z') },
        ])
        const { availability: a } = await readBookingRules(payload)
        const open = async (slot: string) =>
          isOpenSlot(a, await busyTimes(), await liveCalls(payload, NOW), NOW, new Date(slot))
        expect(await open('2026-12-11T14:00:00.000Z')).toBe(false)
        expect(await open('2026-12-11T15:30:00.000Z')).toBe(true) // 15:00 + 15 minutes buffer is 15:15; 15:30 is on the grid

        calendarStatus = 500
        const later = new Date(NOW.getTime() + 5 * MINUTE)
        expect(await refreshBusyCalendar(payload, later)).toBe('failed')
        expect(await refreshBusyCalendar(payload, new Date(later.getTime() + 5 * MINUTE))).toBe('failed')
        const status = (await payload.findGlobal({ slug: 'availability', overrideAccess: true })).busyCalendar!
        expect(status.readAt).toBe(NOW.toISOString())
        expect(status.failingSince).toBe(later.toISOString())
        expect(status.lastError).toBe('The calendar address answered with an error (HTTP 500).')
        expect(await open('2026-12-11T14:00:00.000Z')).toBe(false)
        calendarStatus = 200
        expect(await refreshBusyCalendar(payload, new Date(later.getTime() + 10 * MINUTE))).toBe('read')
        expect((await payload.findGlobal({ slug: 'availability', overrideAccess: true })).busyCalendar).toMatchObject({
          failingSince: null,
          lastError: null,
        })
        delete process.env.BUSY_CALENDAR_ANY_ADDRESS
      })

      it('never reads a calendar address on the private network: the admin says why, the calendar server sees nothing', async () => {
        const { refreshBusyCalendar } = await import('@/features/booking/busy-times')
        delete process.env.BUSY_CALENDAR_ANY_ADDRESS // as in production
        const port = (server.address() as import('node:net').AddressInfo).port
        const requestsBefore = calendarRequests
        const failingSince = new Date(NOW.getTime() + HOUR)
        for (const url of [`http://127.0.0.1:${port}/basic.ics`, `webcal://localhost:${port}/basic.ics`]) {
          await payload.updateGlobal({
            slug: 'availability',
            data: { busyCalendarUrl: url },
            overrideAccess: true,
            context: { busyCalendarRead: true },
          })
          expect(await refreshBusyCalendar(payload, failingSince)).toBe('failed')
          expect((await payload.findGlobal({ slug: 'availability', overrideAccess: true })).busyCalendar).toMatchObject(
            {
              failingSince: failingSince.toISOString(),
              lastError: 'The calendar address points to a private network address, which is not allowed.',
            },
          )
        }
        expect(calendarRequests).toBe(requestsBefore)
      })

      it('serves the private calendar feed with validators; a wrong or rotated secret answers 404', async () => {
        const { feedPath, feedResponse } = await import('@/features/booking/calendar-feed')
        const kept = await book('2026-12-14T14:00:00.000Z')
        const dropped = await book('2026-12-15T14:00:00.000Z')
        expect(await mod.cancelCall(payload, dropped, 'visitor', NOW)).toBe('done')
        const get = (path: string, headers: Record<string, string> = {}) =>
          feedResponse(payload, path.split('/').pop()!, new Request(`http://site${path}`, { headers }), 1, NOW)
        const response = await get(feedPath(1))
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
        const text = (await response.text()).replace(/\r\n[ \t]/g, '')
        expect(text).toContain(`DTSTART:20261214T140000Z`)
        expect(text).toContain(`UID:discovery-call-${kept.id}-`)
        expect(text).toMatch(new RegExp(`UID:discovery-call-${dropped.id}-[^]*?STATUS:CANCELLED`))
        const etag = response.headers.get('etag')!
        expect(etag).toMatch(/^"[\w-]+"$/)
        expect((await get(feedPath(1), { 'if-none-match': etag })).status).toBe(304)
        expect((await get('/calendar/not-the-secret.ics')).status).toBe(404)
        expect((await get(feedPath(2))).status).toBe(404) // the address of a rotated feed
      })
    })

    it('refuses moving a call onto another, and allows moving it within its own time, in the database itself', async () => {
      const a = await call('2026-12-03T10:00:00.000Z')
      const b = await call('2026-12-03T12:00:00.000Z')
      const { SITE_WRITE } = await import('@/features/booking/calls')
      const move = (id: number | string, start: string) =>
        payload.update({
          collection: 'discovery-calls',
          id,
          data: callTimes(start),
          overrideAccess: true,
          // The site's own write: past the admin's checks, straight to the database's rule.
          context: { [SITE_WRITE]: true },
        })
      expect(await outcome(move(b.id, '2026-12-03T10:15:00.000Z'))).toBe('overlap')
      expect(await outcome(move(a.id, '2026-12-03T10:15:00.000Z'))).toBe('stored')
    })
  })
}
