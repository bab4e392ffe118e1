import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Workshop } from '@/payload-types'
import { DAY, HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { mailsAsSent } from '../../support/outbox'
import { newClients } from '../../support/scenarios'
import { countOf, testSite } from '../../support/site'
import { confirmToken, workshopsOnSite } from '../../support/workshops'

/** What the registration page says above the form for each code of its address (spec, decision 064). */
const SAYS = {
  invalid: 'Please check your name and e-mail address, and register again.',
  closed: 'Registration for this workshop has closed.',
  full: 'This workshop is full.',
  sent: 'Almost done: we have sent a link to the e-mail address you gave. Open it within 24 hours to confirm your registration.',
} as const
const FIELDS_INVALID = 'Please correct the fields marked below.'

/**
 * Bad input on a workshop's registration (issue 39, item 6), below the browser: what a visitor's odd, missing
 * or overlong fields get from the public form (the page the post leads to and the words it shows there), what a
 * bad, forged, expired or reused confirmation link gets, and a past or full workshop; and each time that nothing
 * stored changes: the registrations, the seats and the mails are as they were.
 */
export function badInputSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`bad input on workshop registration on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup)
    let seats: typeof import('@/features/workshops/seats')
    let runForm: typeof import('@/platform/forms/pipeline').runForm
    let registrationForm: typeof import('@/features/workshops/form').registrationForm
    let answers: typeof import('@/features/workshops/answers')
    let posts: typeof import('@/features/workshops/manage-posts')
    const client = newClients(`workshop-bad-input-${label}`)

    beforeAll(async () => {
      ;({ payload } = site)
      seats = await import('@/features/workshops/seats')
      ;({ runForm } = await import('@/platform/forms/pipeline'))
      ;({ registrationForm } = await import('@/features/workshops/form'))
      answers = await import('@/features/workshops/answers')
      posts = await import('@/features/workshops/manage-posts')
    })

    // The real clock: the form's limits count what was posted in the last minutes.
    const now = () => new Date()
    const START = new Date(Date.now() + 10 * DAY)
    const { aWorkshop, rows, mailsTo } = workshopsOnSite(site, 'Odd input workshop', {
      date: START.toISOString(),
      format: 'In person, 2 hours',
      description: 'A workshop.',
      attendance: 'in-person',
      venue: 'Community Hall, 12 Market Street',
      seats: 2,
      published: true,
    })

    // Each post from an inbox of its own where the test does not care which: the form's limit counts per inbox too.
    let n = 0
    const someone = () => ({ name: 'Ada', email: `visitor${++n}@example.com` })

    /** The form posted as the page's form posts it, from a client of its own: what came of it, and the page it leads to. */
    async function post(fields: Record<string, unknown>) {
      const result = await runForm(payload, registrationForm, fields, client(), now())
      const page = answers.registrationAnswerPath(fields, result)
      const code = /[?&](?:problem|done)=([\w-]+)/.exec(page)?.[1]
      const says = code ? (answers.PROBLEM_TEXTS[code as 'invalid'] ?? answers.DONE_TEXTS[code as 'sent']) : undefined
      return { result, page, says }
    }

    /** Everything a post could have changed: the registrations, the seats and the mails. */
    const stored = async (w: Workshop) => ({
      rows: await rows(w),
      seats: await seats.seatCounts(payload, w.id),
      mails: (await mailsAsSent(payload)).map((m) => [m.kind, m.to]),
    })

    /** A workshop with Bob registered, the mails of that gone: the state a bad post must leave as it is. */
    async function withBob(data: Partial<Workshop> = {}) {
      const w = await aWorkshop(data)
      await seats.registerForWorkshop(payload, w.id, { name: 'Bob', email: 'bob@example.com' }, now())
      return { w, before: await stored(w) }
    }

    it('refuses a missing, blank, overlong or odd name or address in words and stores and mails nothing', async () => {
      const { w, before } = await withBob()
      const register = `/workshops/${w.slug}/register?problem=invalid#register-heading`
      // The answer keeps what was typed (`values`); the page the post leads to says what to correct.
      const long = (n: number) => 'a'.repeat(n)
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ email: 'ada@example.com' }, { name: 'Please enter your name.' }],
        [{ name: '   ', email: 'ada@example.com' }, { name: 'Please enter your name.' }],
        [{ name: 'Ada' }, { email: 'Please enter your email address.' }],
        [{ name: long(101), email: 'ada@example.com' }, { name: 'Your name can be at most 100 characters.' }],
        [
          { name: 'Ada', email: `${long(245)}@example.com` },
          { email: 'Your email address can be at most 254 characters.' },
        ],
        [
          { name: 'Ada\nBcc: eve@example.com', email: 'ada@example.com' },
          { name: 'Your name cannot contain line breaks.' },
        ],
        [{ name: '<b>Ada</b>', email: 'ada@example.com' }, { name: 'Your name cannot contain < or >.' }],
        [
          { name: 'Ada', email: 'ada@example.com\r\nBcc: eve@example.com' },
          { email: 'Please enter a valid email address.' },
        ],
        [{ name: 'Ada', email: 'ada at example.com' }, { email: 'Please enter a valid email address.' }],
        // Not text at all (a file where a name belongs, a list): as if missing.
        [
          { name: new File(['Ada'], 'name.txt'), email: ['ada@example.com', 'eve@example.com'] },
          { name: 'Please enter your name.', email: 'Please enter your email address.' },
        ],
      ]
      for (const [fields, errors] of cases) {
        const posted: Record<string, unknown> = { workshop: w.slug, ...fields }
        const { result, page, says } = await post(posted)
        const values = Object.fromEntries(
          // As typed, a line break as one (the browser posts CR LF).
          ['name', 'email'].flatMap((f) => {
            const v = posted[f]
            return typeof v === 'string' ? [[f, v.replace(/\r\n/g, '\n')]] : []
          }),
        )
        expect({ result, page, says }).toEqual({
          result: { status: 'invalid', message: FIELDS_INVALID, errors, values },
          page: register,
          says: SAYS.invalid,
        })
      }
      expect(await stored(w)).toEqual(before)
    })

    it('answers a post that names no workshop, an odd one or one not open with the list or “closed”, storing and mailing nothing', async () => {
      const { w, before } = await withBob()
      const unpublished = await aWorkshop({ published: false })
      const elsewhere = await aWorkshop({ registerLink: 'https://tickets.example.com/w' })
      // No workshop, or not an address: back to the list of workshops.
      for (const workshop of [undefined, '', '../../admin', 'a'.repeat(81), ['odd'], 'Odd Input']) {
        const { result, page } = await post({ ...someone(), ...(workshop === undefined ? {} : { workshop }) })
        expect(page).toBe(`/workshops?problem=${result.status === 'invalid' ? 'invalid' : 'closed'}#register-heading`)
        expect(result.status).not.toBe('ok')
      }
      // An address the site has no open registration for: that page, saying registration has closed.
      for (const slug of ['no-such-workshop', unpublished.slug!, elsewhere.slug!]) {
        const person = someone()
        expect(await post({ ...person, workshop: slug })).toEqual({
          result: { status: 'conflict', message: SAYS.closed, values: person },
          page: `/workshops/${slug}/register?problem=closed#register-heading`,
          says: SAYS.closed,
        })
      }
      expect(await stored(w)).toEqual(before)
      expect(await countOf(payload, 'workshop-registrations')).toBe(1)
    })

    it('refuses a workshop that has started, whose registration has closed, or that is full, in its words', async () => {
      const past = await aWorkshop({ date: new Date(Date.now() - HOUR).toISOString() })
      const closed = await aWorkshop({ registrationClosesAt: new Date(Date.now() - 1000).toISOString() })
      const { w: full } = await withBob({ seats: 1, waitlist: false })
      const before = await stored(full)
      for (const [w, code] of [
        [past, 'closed'],
        [closed, 'closed'],
        [full, 'full'],
      ] as const) {
        const person = someone()
        expect(await post({ ...person, workshop: w.slug })).toEqual({
          result: { status: 'conflict', message: SAYS[code], values: person },
          page: `/workshops/${w.slug}/register?problem=${code}#register-heading`,
          says: SAYS[code],
        })
      }
      expect(await stored(full)).toEqual(before)
      expect(await countOf(payload, 'workshop-registrations')).toBe(1)
    })

    it('takes a name with a NUL or spaces around it as the name typed, and mails the link', async () => {
      const w = await aWorkshop()
      const { result, page, says } = await post({
        workshop: w.slug,
        name: '  Ada\0 Lovelace ',
        email: ' ADA@example.com ',
      })
      expect({ result, page, says }).toEqual({
        result: { status: 'ok', message: SAYS.sent },
        page: `/workshops/${w.slug}/register?done=sent#register-heading`,
        says: SAYS.sent,
      })
      const [mail] = await mailsTo('ada')
      expect(mail!.kind).toBe('workshop-confirm')
      const { verifiedConfirmation } = await import('@/features/workshops/confirm-token')
      expect(verifiedConfirmation(confirmToken(mail!.text)!, now())).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        workshop: w.id,
        expired: false,
      })
    })

    /** The confirmation page's button pressed with `fields`, from a client of its own: the page it leads to. */
    const press = (fields: Record<string, unknown>, at = now()) =>
      posts.postRegistrationChange(payload, 'confirm', fields, client(), at)

    /** Ada's confirmation link for `w`, as the form mailed it. */
    async function adasLink(w: Workshop) {
      expect((await post({ workshop: w.slug, name: 'Ada', email: 'ada@example.com' })).result.status).toBe('ok')
      return confirmToken((await mailsTo('ada')).at(-1)!.text)!
    }

    it('a confirmation link the site did not make, or none, registers nobody and says the link is not valid', async () => {
      const { w, before } = await withBob()
      const token = await adasLink(w)
      const [body, signature] = token.split('.') as [string, string]
      const { confirmationToken } = await import('@/features/workshops/confirm-token')
      const { registrationToken } = await import('@/features/workshops/manage-token')
      const bob = (await rows(w))[0]!
      const otherBody = confirmationToken({
        workshop: w.id,
        email: 'eve@example.com',
        name: 'Eve',
        askedAt: Date.now(),
      })
      const bad = [
        undefined,
        '',
        ['odd'],
        'nonsense',
        `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        `${otherBody.split('.')[0]}.${signature}`,
        `${body}.${signature}.${signature}`,
        // A link of another kind: Bob's own registration page.
        registrationToken(bob),
        // Longer than any link the site makes, with characters no link has.
        `${'x'.repeat(100_000)}.${signature}`,
        `${token}?<script>`,
      ]
      for (const given of bad) {
        expect(await press(given === undefined ? {} : { token: given })).toBe('/workshops/confirm/not-valid')
      }
      expect(await stored(w)).toEqual({ ...before, mails: [...before.mails, ['workshop-confirm', 'ada@example.com']] })
      expect(await countOf(payload, 'workshop-registrations')).toBe(1)
    })

    it('a link used again registers once and answers the same page; an expired one, or one for a workshop closed or full since, registers nobody', async () => {
      const w = await aWorkshop({ seats: 1, waitlist: false })
      const token = await adasLink(w)
      const first = await press({ token })
      expect(first).toMatch(/^\/workshops\/manage\/\d+-\d+\.[\w-]{43}\?done=registered$/)
      // Opened again a minute later (another tab, the mail opened again): the same registration, nothing new.
      expect(await press({ token }, new Date(Date.now() + 60_000))).toBe(first)
      expect((await rows(w)).map((r) => [r.email, r.status])).toEqual([['ada@example.com', 'registered']])
      expect((await mailsTo('ada')).map((m) => m.kind)).toEqual(['workshop-confirm', 'workshop-registered'])

      // The workshop is full now: Cy's link, pressed, finds it so.
      const { confirmationToken } = await import('@/features/workshops/confirm-token')
      const cy = confirmationToken({ workshop: w.id, email: 'cy@example.com', name: 'Cy', askedAt: Date.now() })
      expect(await press({ token: cy })).toBe(`/workshops/confirm/${cy}?problem=full`)
      // A day later, the link has expired.
      expect(await press({ token: cy }, new Date(Date.now() + DAY + 60_000))).toBe(
        `/workshops/confirm/${cy}?problem=expired`,
      )
      // Moved into the past, or taken off the site, since the link was mailed: closed.
      const later = await aWorkshop()
      const dee = confirmationToken({ workshop: later.id, email: 'dee@example.com', name: 'Dee', askedAt: Date.now() })
      await payload.update({
        collection: 'workshops',
        id: later.id,
        data: { date: new Date(Date.now() - HOUR).toISOString() },
        overrideAccess: true,
      })
      expect(await press({ token: dee })).toBe(`/workshops/confirm/${dee}?problem=closed`)
      await payload.update({ collection: 'workshops', id: later.id, data: { published: false }, overrideAccess: true })
      expect(await press({ token: dee }, new Date(Date.now() + 60_000))).toBe(
        `/workshops/confirm/${dee}?problem=closed`,
      )
      const gone = confirmationToken({
        workshop: 99_999_999,
        email: 'dee@example.com',
        name: 'Dee',
        askedAt: Date.now(),
      })
      expect(await press({ token: gone })).toBe(`/workshops/confirm/${gone}?problem=closed`)
      expect((await rows(w)).map((r) => r.email)).toEqual(['ada@example.com'])
      expect(await rows(later)).toEqual([])
      expect(await mailsTo('cy')).toEqual([])
      expect(await mailsTo('dee')).toEqual([])
    })
  })
}
