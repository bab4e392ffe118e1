import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Workshop } from '@/payload-types'
import { DAY, HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { mailsAsSent } from '../../support/outbox'
import { CONTACT_POST, newClients, openEveryDayInUtc } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'
import { confirmToken, workshopsOnSite } from '../../support/workshops'

/** The answer to every registration posted, whatever the address holds (decision 080). */
const CHECK_MAIL =
  'Almost done: we have sent a link to the e-mail address you gave. Open it within 24 hours to confirm your registration.'
/** A name typed to carry words to a stranger's inbox. */
const SPAM_NAME = 'Win a prize at prize-claim.example today'

/**
 * Registering through the public form (decision 080): a post only mails the typed address (the link that
 * confirms it, or what the address already has), answers one text whatever the address holds, stores nothing
 * and spends no credit; the owner of the address registers by the link's button. Every mail a visitor's post
 * sends to a typed address passes the site's one hourly ceiling, whatever the form. The waitlist has a bound.
 * No mail names a cancellation deadline that has passed.
 */
export function confirmSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`workshop registration confirmed by mail on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    let seats: typeof import('@/features/workshops/seats')
    let confirm: typeof import('@/features/workshops/confirm')
    let runForm: typeof import('@/platform/forms/pipeline').runForm
    let registrationForm: typeof import('@/features/workshops/form').registrationForm
    const client = newClients(`confirm-${label}`)

    beforeAll(async () => {
      ;({ payload } = site)
      seats = await import('@/features/workshops/seats')
      confirm = await import('@/features/workshops/confirm')
      ;({ runForm } = await import('@/platform/forms/pipeline'))
      ;({ registrationForm } = await import('@/features/workshops/form'))
    })

    // The real clock: the ceiling counts the mail stored in the last hour.
    const now = () => new Date()
    const START = new Date(Date.now() + 10 * DAY)
    const { aWorkshop, rows, row, mailsTo } = workshopsOnSite(site, 'Confirmed workshop', {
      date: START.toISOString(),
      format: 'In person, 2 hours',
      description: 'A workshop.',
      attendance: 'in-person',
      venue: 'Community Hall, 12 Market Street',
      seats: 2,
      published: true,
    })

    const post = (w: Workshop, who: string, name = who, from = client()) =>
      runForm(payload, registrationForm, { workshop: w.slug!, name, email: `${who}@example.com` }, from, now())
    const aCredit = (who: string, amount: number) =>
      payload.create({
        collection: 'workshop-credits',
        data: { email: `${who}@example.com`, kind: 'credit', key: `test:${who}:${amount}`, amount },
        overrideAccess: true,
      })
    const creditUses = () => countOf(payload, 'workshop-credits', { kind: { equals: 'use' } })

    it('answers one text to every post, whatever the typed address holds, and stores nothing, spends no credit', async () => {
      const w = await aWorkshop({ price: 40 })
      await aCredit('ada', 4000)
      expect(
        (await seats.registerForWorkshop(payload, w.id, { name: 'Bob', email: 'bob@example.com' }, now())).outcome,
      ).toBe('held')
      const before = await seats.seatCounts(payload, w.id)
      // Someone types Ada's address (she has a credit), Bob's (he holds a seat) and a new one.
      const answers = [await post(w, 'ada', SPAM_NAME), await post(w, 'bob', SPAM_NAME), await post(w, 'cy', SPAM_NAME)]
      expect(answers).toEqual(Array(3).fill({ status: 'ok', message: CHECK_MAIL }))
      expect((await rows(w)).map((r) => r.email)).toEqual(['bob@example.com'])
      expect(await creditUses()).toBe(0)
      expect(await seats.seatCounts(payload, w.id)).toEqual(before)
      expect(before).toEqual({ live: 1, waiting: 0 })
      // Ada and Cy get the link; Bob gets what he has. Nothing the visitor typed goes into a mail.
      for (const who of ['ada', 'cy']) {
        const [mail] = await mailsTo(who)
        expect(mail).toMatchObject({
          kind: 'workshop-confirm',
          subject: `Please confirm your registration: ${w.title}`,
        })
        expect(confirmToken(mail!.text)).toBeDefined()
        expect(mail!.text).not.toContain('prize')
      }
      expect((await mailsTo('bob')).map((m) => [m.kind, m.subject])).toEqual([
        ['workshop-seat-held', `Your seat is held until you pay: ${w.title}`],
        ['workshop-already', `Your registration: ${w.title}`],
      ])
    })

    it('writes the confirmation mail in the coach’s words from Settings → Mail texts', async () => {
      const { MAIL_TEXTS } = await import('@/features/mail-texts/defaults')
      const w = await aWorkshop()
      await payload.updateGlobal({
        slug: 'mail-texts',
        data: {
          workshopConfirm: {
            subject: 'One more step: {workshop}',
            body: 'Dear guest,\n{workshopWhen}\nPress the button {confirmUntil}:\n{link}\n{coachName}',
          },
        },
        overrideAccess: true,
      })
      try {
        await post(w, 'eve', SPAM_NAME)
        const [mail] = await mailsTo('eve')
        expect(mail!.subject).toBe(`One more step: ${w.title}`)
        const lines = mail!.text.split('\n')
        expect(lines.slice(0, 3)).toEqual([
          'Dear guest,',
          expect.stringMatching(/^When: /),
          'Press the button within 24 hours:',
        ])
        expect(confirmToken(lines[3]!)).toBeDefined()
        expect(mail!.text).not.toContain('prize')
      } finally {
        const { subject, body } = MAIL_TEXTS.workshopConfirm
        await payload.updateGlobal({
          slug: 'mail-texts',
          data: { workshopConfirm: { subject, body } },
          overrideAccess: true,
        })
      }
    })

    it('registers the owner of the address from the link’s button only: their credit pays then, once, however often it is pressed', async () => {
      const w = await aWorkshop({ price: 40 })
      await aCredit('ada', 4000)
      await post(w, 'ada', 'Ada Lovelace')
      const token = confirmToken((await mailsTo('ada'))[0]!.text)!
      const first = await confirm.confirmRegistration(payload, token, now())
      const again = await confirm.confirmRegistration(payload, token, now())
      const ada = await row(w, 'ada')
      const { registrationManagePath } = await import('@/features/workshops/manage-token')
      expect(first).toEqual({ path: registrationManagePath(ada), done: 'registered' })
      expect(again).toEqual(first)
      expect(ada).toMatchObject({ name: 'Ada Lovelace', status: 'registered', paidWith: 'credit', price: 4000 })
      expect(await creditUses()).toBe(1)
      expect((await mailsTo('ada')).map((m) => m.kind)).toEqual(['workshop-confirm', 'workshop-registered'])
      // A link the site did not make, or one a day old, registers nobody.
      expect(await confirm.confirmRegistration(payload, `${token.slice(0, -2)}xx`, now())).toEqual({
        problem: 'not-valid',
      })
      await post(w, 'dee')
      const dee = confirmToken((await mailsTo('dee'))[0]!.text)!
      expect(await confirm.confirmRegistration(payload, dee, new Date(Date.now() + DAY))).toEqual({
        problem: 'expired',
      })
      expect(await countOf(payload, 'workshop-registrations')).toBe(1)
    })

    it('mails one link for a double submit, and the waitlist takes no more than its bound', async () => {
      const w = await aWorkshop({ seats: 1 })
      const from = client()
      expect(await Promise.all([post(w, 'ada', 'Ada', from), post(w, 'ada', 'Ada', from)])).toEqual(
        Array(2).fill({ status: 'ok', message: CHECK_MAIL }),
      )
      expect((await mailsTo('ada')).map((m) => m.kind)).toEqual(['workshop-confirm'])
      // One seat and ten waiting (the bound: the seats, at least 10): the form then says it is full.
      for (let i = 0; i < 11; i++) {
        await seats.registerForWorkshop(payload, w.id, { name: `P${i}`, email: `p${i}@example.com` }, now())
      }
      expect(await seats.seatCounts(payload, w.id)).toEqual({ live: 1, waiting: 10 })
      expect(await post(w, 'late')).toMatchObject({ status: 'conflict', message: 'This workshop is full.' })
      // The workshops page reads the same counts for its button: "This workshop is full." instead of "Register Now".
      const { seatCountsOfUpcoming } = await import('@/features/content/lists')
      const { upcomingWorkshopsWhere } = await import('@/domain/workshops')
      const { availability } = await import('@/domain/workshop-seats')
      const counts = await seatCountsOfUpcoming(payload, upcomingWorkshopsWhere('UTC', now()))
      expect(counts.get(String(w.id))).toEqual({ live: 1, waiting: 10 })
      const { termsOf } = await import('@/features/workshops/terms')
      expect(availability(termsOf(w), counts.get(String(w.id))!, Date.now())).toBe('full')
      expect(await mailsTo('late')).toEqual([])
      // Ada's link, opened now, finds the workshop full: nothing is stored for her.
      const token = confirmToken((await mailsTo('ada'))[0]!.text)!
      expect(await confirm.confirmRegistration(payload, token, now())).toEqual({ problem: 'full' })
      expect(await countOf(payload, 'workshop-registrations', { email: { equals: 'ada@example.com' } })).toBe(0)
    })

    it('counts every mail a visitor’s post sends to a typed address against one hourly ceiling: registrations, messages, sign-ups, bookings', async () => {
      const w = await aWorkshop()
      await openEveryDayInUtc(payload)
      const { submitContact } = await import('@/features/contact/form')
      const { subscribe } = await import('@/features/newsletter/form')
      const { bookCall } = await import('@/features/booking/book')
      const { readBookingRules } = await import('@/features/booking/calls')
      const { openSlots } = await import('@/features/booking/slots')
      const { availability, busy } = await readBookingRules(payload)
      const slot = openSlots(availability, busy, [], now())
        .flatMap((d) => d.slots)
        .map((s) => s.toISOString())
        .find((s) => new Date(s).getTime() > Date.now() + 2 * DAY)!
      process.env.VISITOR_MAIL_PER_HOUR = '4'
      try {
        expect((await post(w, 'ada')).status).toBe('ok')
        expect(
          (await submitContact(payload, { ...CONTACT_POST, email: 'bea@example.com' }, client(), now())).status,
        ).toBe('ok')
        expect((await subscribe(payload, { email: 'cy@example.com' }, 'footer', client(), now())).status).toBe('ok')
        // The fourth: the booked call's confirmation; its reminders, and everything after, are held back.
        const booked = await bookCall(
          payload,
          { name: 'Dee', email: 'dee@example.com', timeZone: 'UTC', slot, note: 'Career change' },
          client(),
          now(),
        )
        expect(booked.status).toBe('ok')
        expect((await post(w, 'eve')).status).toBe('ok')
      } finally {
        delete process.env.VISITOR_MAIL_PER_HOUR
      }
      const sent = (await mailsAsSent(payload)).map((m) => [m.kind, m.to])
      expect(sent).toEqual([
        ['workshop-confirm', 'ada@example.com'],
        ['contact-notification', 'coach@example.com'],
        ['contact-confirmation', 'bea@example.com'],
        ['newsletter-confirmation', 'cy@example.com'],
        ['call-booked', 'dee@example.com'],
        ['call-booked-coach', 'coach@example.com'],
        ['visitor-mail-ceiling', 'coach@example.com'],
        // The coach's own reminder of the call is not counted; the visitor's two were held back.
        ['call-reminder-1h', 'coach@example.com'],
      ])
      // What was posted is stored all the same.
      expect(await countOf(payload, 'discovery-calls', { email: { equals: 'dee@example.com' } })).toBe(1)
      await payload.delete({ collection: 'discovery-calls', where: { id: { exists: true } }, overrideAccess: true })
    })

    it('never names a cancellation deadline that has passed: a seat taken within 48 hours of the start, or moved there', async () => {
      const soon = await aWorkshop({ date: new Date(Date.now() + 30 * HOUR).toISOString() })
      await seats.registerForWorkshop(payload, soon.id, { name: 'Ada', email: 'ada@example.com' }, now())
      const [registered] = await mailsTo('ada')
      expect(registered!.kind).toBe('workshop-registered')
      expect(registered!.text).not.toContain('You can cancel until')
      expect(registered!.text).toMatch(
        /^It is less than 48 hours to the start, so this registration can no longer be cancelled online; reply to this mail if you cannot come\. Your registration: http:\/\/localhost:3000\/workshops\/manage\/[\w.-]+$/m,
      )
      // A seat taken in time is told its deadline; when the coach moves the workshop within 48 hours, not any more.
      const later = await aWorkshop()
      await seats.registerForWorkshop(payload, later.id, { name: 'Bob', email: 'bob@example.com' }, now())
      expect((await mailsTo('bob'))[0]!.text).toContain('You can cancel until ')
      await payload.update({
        collection: 'workshops',
        id: later.id,
        data: { date: new Date(Date.now() + 40 * HOUR).toISOString() },
        overrideAccess: true,
      })
      const updated = (await mailsTo('bob')).find((m) => m.kind === 'workshop-updated')!
      expect(updated.text).not.toContain('You can cancel until')
      expect(updated.text).toContain('can no longer be cancelled online')
      // Registration closing before the confirmation link runs out: the mail names the close instead.
      const closing = await aWorkshop({ registrationClosesAt: new Date(Date.now() + 5 * HOUR).toISOString() })
      await post(closing, 'cy')
      const [link] = await mailsTo('cy')
      expect(link!.text).toMatch(
        /^To confirm it, open this link before .+, when registration closes, and press "Confirm my registration":$/m,
      )
      expect(link!.text).not.toContain('within 24 hours')
    })
  })
}
