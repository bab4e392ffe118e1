import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { testPayload, type TestDatabase } from '../../support/boot-payload'

// The refusals the coach reads, word for word (not the code's constants: a changed text must fail here).
const TOTP_WRONG = 'That code is not right, or it was already used. Enter the current code from your app.'
const PASSWORD_TOO_SHORT = 'A password must be at least 12 characters long.'
const PASSWORD_COMMON =
  'This password is too common: it is among the first that attackers try. Please choose another (a few unrelated words make a strong one).'
const CURRENT_PASSWORD_MISSING = 'Enter your current password to change your e-mail or password.'
const CURRENT_PASSWORD_WRONG = 'This is not your current password.'
const CURRENT_PASSWORD_THROTTLED = 'Too many wrong passwords. Please wait 15 minutes and try again.'

/**
 * What the content model must do on any database: migrate from empty, seed once, serve only published
 * items to the public, and keep writes and account management behind the right roles. The same suite runs
 * on SQLite and on PostgreSQL (testPayload points the app at the database before Payload is imported).
 */
export function cmsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`content model on ${label}`, () => {
    let payload: Payload
    const testing = testPayload(setup, { seed: true })

    beforeAll(async () => {
      payload = await testing.start()
    })

    afterAll(() => testing.stop())

    it('seeds realistic sample content for every list', async () => {
      const count = async (collection: Parameters<Payload['count']>[0]['collection']) =>
        (await payload.count({ collection })).totalDocs
      // Exactly the sample content (src/cms/seed/content.ts), once: a seed that ran twice or lost items fails.
      expect({
        testimonials: await count('testimonials'),
        posts: await count('blog-posts'),
        services: await count('coaching-services'),
        books: await count('books'),
        workshops: await count('workshops'),
      }).toEqual({ testimonials: 6, posts: 6, services: 3, books: 3, workshops: 3 })

      const posts = await payload.find({ collection: 'blog-posts', depth: 1 })
      for (const post of posts.docs) {
        expect(typeof post.image === 'object' && post.image?.url).toMatch(/^\/cms-api\/media\/file\/.+\.webp$/)
      }
      const services = await payload.find({ collection: 'coaching-services' })
      expect(services.docs.map((s) => s.features?.length)).toEqual([4, 4, 4])
      const books = await payload.find({ collection: 'books', depth: 1 })
      for (const b of books.docs) {
        expect(typeof b.coverImage === 'object' && b.coverImage?.url).toMatch(/^\/cms-api\/media\/file\/.+\.webp$/)
      }
      const workshops = await payload.find({ collection: 'workshops' })
      for (const w of workshops.docs) expect(new Date(w.date).getTime()).toBeGreaterThan(Date.now())
      for (const page of ['coaching', 'workshops', 'contact'] as const) {
        expect((await payload.count({ collection: 'faqs', where: { page: { equals: page } } })).totalDocs, page).toBe(3)
      }
      const announcement = await payload.findGlobal({ slug: 'announcement' })
      const ends = new Date(announcement.endsAt ?? '')
      expect(ends.getUTCMonth()).toBe(4)
      expect(ends.getUTCDate()).toBe(15)
      expect(ends.getTime()).toBeGreaterThan(Date.now())
      expect(ends.getTime() - Date.now()).toBeLessThanOrEqual(366 * 86_400_000)
      const settings = await payload.findGlobal({ slug: 'site-settings' })
      expect([settings.email, settings.phone]).toEqual(['hello@example.com', '+1 (555) 010-2030'])
    })

    it('starts with the built-in brand and mail texts, word for word', async () => {
      const { DEFAULT_BRAND } = await import('@/domain/brand')
      const { MAIL_TEXTS } = await import('@/features/mail-texts/defaults')
      const settings = await payload.findGlobal({ slug: 'site-settings' })
      expect(settings.brand).toMatchObject({
        coachName: DEFAULT_BRAND.name,
        siteName: DEFAULT_BRAND.siteName,
        role: DEFAULT_BRAND.role,
        description: DEFAULT_BRAND.description,
        mailFromName: DEFAULT_BRAND.mailFromName,
        logo: null,
        portrait: null,
      })
      // The first save (of anything) stores the built-in texts (the migrations' column defaults say the same:
      // src/cms/migrations/defaults.test.ts).
      await payload.updateGlobal({ slug: 'mail-texts', data: {}, overrideAccess: true })
      const texts = await payload.findGlobal({ slug: 'mail-texts' })
      for (const [name, text] of Object.entries(MAIL_TEXTS)) {
        expect(texts[name as keyof typeof MAIL_TEXTS], name).toEqual({ subject: text.subject, body: text.body })
      }
    })

    it('keeps a page’s draft apart from its published copy, which fills from the built-in copy', async () => {
      const { withDefaults } = await import('@/features/pages/copy')
      const { COACHING_COPY } = await import('@/features/pages/defaults')
      const published = async () => withDefaults(await payload.findGlobal({ slug: 'coaching-page' }), COACHING_COPY)
      // Never saved: the built-in copy, prices as the spec has them.
      expect((await published()).pricing.map((p) => [p.name, p.price, p.rhythm])).toEqual([
        ['Starter Session', 150, 'One-off session, 60 minutes'],
        ['3-Month Program', 1200, 'Bi-weekly sessions'],
        ['6-Month Program', 2200, 'Weekly sessions'],
      ])
      const copy = await published()
      const withPrice = (price: number) => ({
        ...copy,
        pricing: [{ ...copy.pricing[0]!, price }, ...copy.pricing.slice(1)],
      })
      await payload.updateGlobal({ slug: 'coaching-page', data: { ...withPrice(175), _status: 'published' } })
      await payload.updateGlobal({ slug: 'coaching-page', data: { ...withPrice(190), _status: 'draft' }, draft: true })
      expect((await published()).pricing[0]!.price).toBe(175)
      const draft = await payload.findGlobal({ slug: 'coaching-page', draft: true })
      expect(draft.pricing?.[0]?.price).toBe(190)
      // A price must be a whole number of dollars.
      const refused = await payload
        .updateGlobal({ slug: 'coaching-page', data: { ...withPrice(150.5), _status: 'published' } })
        .then(
          () => null,
          (error: { data?: { errors?: { message: string }[] } }) => error.data?.errors?.map((e) => e.message),
        )
      expect(refused).toEqual(['A price is a whole number of dollars between 0 and 100000, e.g. 150.'])
      await payload.updateGlobal({ slug: 'coaching-page', data: { ...withPrice(150), _status: 'published' } })
      expect((await published()).pricing[0]!.price).toBe(150)
    })

    it('takes JPEG, PNG, WebP and AVIF images only, judged by their content, not their name', async () => {
      const { abstractImage } = await import('@/cms/seed/images')
      const photo = await abstractImage(['#2f6f5e', '#f4d35e'], 80, 50, 1)
      const upload = (data: Buffer, mimetype: string, name: string) =>
        payload.create({
          collection: 'media',
          data: { alt: 'An upload' },
          file: { data, mimetype, name, size: data.length },
          overrideAccess: true,
        })
      // A real image passes, even under a misleading name.
      expect((await upload(photo, 'image/jpeg', 'holiday.jpg')).mimeType).toBe('image/webp')
      const before = (await payload.count({ collection: 'media' })).totalDocs
      // A well-formed SVG (it could carry script) and GIF are images too, but not of the kinds taken.
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      )
      const sharp = (await import('sharp')).default
      const gif = await sharp(photo).gif().toBuffer()
      const html = Buffer.from('<!DOCTYPE html><script>alert(1)</script>')
      // Each refused for the type its content shows, whatever its name and declared type say.
      for (const [data, type, name, found] of [
        [svg, 'image/svg+xml', 'logo.svg', 'image/svg+xml'],
        [svg, 'image/png', 'logo.png', 'image/svg+xml'],
        [gif, 'image/gif', 'anim.gif', 'image/gif'],
        [gif, 'image/png', 'anim.png', 'image/gif'],
        [html, 'image/png', 'photo.png', 'application/xml'],
      ] as const) {
        await expect(upload(data, type, name), name).rejects.toMatchObject({
          name: 'ValidationError',
          data: { errors: [{ path: 'file', message: `Invalid MIME type: ${found}.` }] },
        })
      }
      expect((await payload.count({ collection: 'media' })).totalDocs).toBe(before)
    })

    it('names every stored image after its content, so a replaced image gets a new address', async () => {
      const { abstractImage } = await import('@/cms/seed/images')
      const png = async (colors: string[]) => {
        const data = await abstractImage(colors, 800, 500, 1)
        return { data, mimetype: 'image/png', name: 'portrait.png', size: data.length }
      }
      const first = await payload.create({
        collection: 'media',
        data: { alt: 'A portrait' },
        file: await png(['#2f6f5e', '#f4d35e']),
        overrideAccess: true,
      })
      expect(first.filename).toMatch(/^portrait-[0-9a-f]{10}\.webp$/)
      expect(first.sizes?.card?.filename).toMatch(/^portrait-[0-9a-f]{10}-640x400\.webp$/)

      const replaced = await payload.update({
        collection: 'media',
        id: first.id,
        data: {},
        file: await png(['#1b3a4b', '#ee964b']),
        overrideAccess: true,
      })
      expect(replaced.filename).toMatch(/^portrait-[0-9a-f]{10}\.webp$/)
      expect(replaced.url).not.toBe(first.url)
      expect(replaced.sizes?.card?.url).not.toBe(first.sizes?.card?.url)
    })

    it('seeds only once: running it again changes nothing', async () => {
      const { seedIfEmpty } = await import('@/cms/seed/seed')
      const before = (await payload.count({ collection: 'testimonials' })).totalDocs
      expect(await seedIfEmpty(payload)).toBe('skipped')
      expect((await payload.count({ collection: 'testimonials' })).totalDocs).toBe(before)
    })

    it('serves only published items to the public, in the order the coach set', async () => {
      const all = await payload.find({ collection: 'testimonials', sort: '_order', pagination: false })
      const hidden = all.docs[1]!
      await payload.update({ collection: 'testimonials', id: hidden.id, data: { published: false } })
      const pub = await payload.find({
        collection: 'testimonials',
        overrideAccess: false,
        where: { published: { equals: true } },
        sort: '_order',
        pagination: false,
      })
      expect(pub.docs.map((d) => d.id)).toEqual(all.docs.filter((d) => d.id !== hidden.id).map((d) => d.id))
      // Even without the filter, anonymous reads never include unpublished items.
      const anonymous = await payload.find({ collection: 'testimonials', overrideAccess: false, pagination: false })
      expect(anonymous.docs.some((d) => d.id === hidden.id)).toBe(false)
      await payload.update({ collection: 'testimonials', id: hidden.id, data: { published: true } })
    })

    it.each([
      // 22:00 in New York (behind UTC), where the UTC date is already the next day.
      ['America/New_York', '2040-06-15T02:00:00.000Z', '2040-06-14T03:59:59.000Z', '2040-06-14T04:00:00.000Z'],
      // 00:30 in Berlin (ahead of UTC), where the UTC date is still the day before.
      ['Europe/Berlin', '2040-06-14T22:30:00.000Z', '2040-06-14T21:59:59.000Z', '2040-06-14T22:00:00.000Z'],
    ])(
      'lists workshops from the start of today in the coach time zone (%s at %s)',
      async (timeZone, now, lastMomentOfYesterday, startOfToday) => {
        const { upcomingWorkshopsWhere } = await import('@/domain/workshops')
        const later = new Date(new Date(startOfToday).getTime() + 20 * 3_600_000).toISOString()
        const created = []
        for (const [title, date] of [
          ['Ended yesterday', lastMomentOfYesterday],
          ['Today at midnight', startOfToday],
          ['Later today', later],
        ]) {
          created.push(
            await payload.create({
              collection: 'workshops',
              data: {
                title: `${timeZone}: ${title}`,
                date: date!,
                format: 'Online',
                description: 'x',
                registerLink: 'https://example.com/r',
              },
              context: { disableRevalidate: true },
            }),
          )
        }
        try {
          const upcoming = await payload.find({
            collection: 'workshops',
            overrideAccess: false,
            where: { and: [{ published: { equals: true } }, upcomingWorkshopsWhere(timeZone, new Date(now))] },
            sort: 'date',
            pagination: false,
          })
          // The seeded workshops lie decades before; only today's two remain.
          expect(upcoming.docs.map((d) => [d.title, new Date(d.date).toISOString()])).toEqual([
            [`${timeZone}: Today at midnight`, startOfToday],
            [`${timeZone}: Later today`, later],
          ])
        } finally {
          for (const doc of created)
            await payload.delete({ collection: 'workshops', id: doc.id, context: { disableRevalidate: true } })
        }
      },
    )

    it('lets only logged-in users write content', async () => {
      await expect(
        payload.create({ collection: 'testimonials', overrideAccess: false, data: { quote: 'x', author: 'y' } }),
      ).rejects.toThrow(/not allowed/i)
      const editor = await payload.create({
        collection: 'users',
        data: { email: 'editor@example.com', password: 'editor-password-1', role: 'editor' },
      })
      const doc = await payload.create({
        collection: 'testimonials',
        overrideAccess: false,
        user: editor,
        data: { quote: 'Kind words', author: 'A client' },
      })
      expect(doc.published).toBe(true)
      await payload.delete({ collection: 'testimonials', id: doc.id })
    })

    it('makes the first account the admin; only an admin manages users and unlocks accounts', async () => {
      await payload.delete({ collection: 'users', where: { id: { exists: true } } })
      // Two first accounts asked for at once, both before either is stored: one is made, as the admin.
      const racing = await Promise.allSettled(
        ['first-a@example.com', 'first-b@example.com'].map((email) =>
          payload.create({ collection: 'users', data: { email, password: 'a racing passphrase', role: 'editor' } }),
        ),
      )
      expect(racing.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      const admins = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } } })
      expect(admins.totalDocs).toBe(1)
      await payload.delete({ collection: 'users', where: { id: { exists: true } } })

      const first = await payload.create({
        collection: 'users',
        data: { email: 'coach@example.com', password: 'coach-password-1', role: 'editor' },
      })
      expect(first.role).toBe('admin')
      const editor = await payload.create({
        collection: 'users',
        overrideAccess: false,
        user: first,
        data: { email: 'assistant@example.com', password: 'assistant-password-1', role: 'editor' },
      })
      expect(editor.role).toBe('editor')

      await expect(
        payload.create({
          collection: 'users',
          overrideAccess: false,
          user: editor,
          data: { email: 'intruder@example.com', password: 'intruder-password-1', role: 'admin' },
        }),
      ).rejects.toThrow(/not allowed/i)
      // Payload's unlock type asks for a password it does not use; the e-mail names the account.
      const unlock = (email: string, by: typeof first) =>
        payload.unlock({
          collection: 'users',
          data: { email } as { email: string; password: string },
          overrideAccess: false,
          req: { user: { ...by, collection: 'users' } },
        })
      await expect(unlock('coach@example.com', editor)).rejects.toThrow(/not allowed/i)
      await expect(unlock('assistant@example.com', first)).resolves.toBe(true)
      // An editor may not promote themselves.
      const self = await payload.update({
        collection: 'users',
        id: editor.id,
        overrideAccess: false,
        user: editor,
        data: { role: 'admin' },
      })
      expect(self.role).toBe('editor')
    })

    it('turns two-step login on with the first code from the app, off with a later one (or from the server for a lost phone); never twice the same code; an admin turns it off for another account', async () => {
      const { twoStepEndpoints } = await import('@/features/accounts/two-step')
      const { currentCode } = await import('@/features/accounts/totp')
      const [setup, confirm, disable, status] = twoStepEndpoints
      const user = await payload.create({
        collection: 'users',
        data: { email: `two-step@${label.toLowerCase()}.example`, password: 'a fine long passphrase', role: 'editor' },
      })
      const call = async (
        endpoint: typeof setup,
        body: object = {},
        as: object | null = { id: user.id, collection: 'users' },
      ) => {
        const res = (await endpoint!.handler({ payload, user: as, json: async () => body } as never)) as Response
        return {
          status: res.status,
          body: (await res.json()) as Record<string, unknown> & { errors?: { message: string }[] },
        }
      }
      expect((await call(setup, {}, null)).status).toBe(401)
      expect((await call(status)).body).toEqual({ enabled: false })
      const { body: enrollment } = await call(setup)
      expect(enrollment.uri).toMatch(/^otpauth:\/\/totp\//)
      const key = String(enrollment.key).replace(/ /g, '')
      expect((await call(confirm, { code: '000000' })).body.errors?.[0]?.message).toBe(TOTP_WRONG)
      expect((await call(confirm, { code: currentCode(key) })).body).toEqual({ enabled: true })
      expect((await call(status)).body).toEqual({ enabled: true })
      // Once it is on, a new key (turning it on again) takes the current code: a session alone cannot swap it.
      expect((await call(setup)).body.errors?.[0]?.message).toBe(TOTP_WRONG)
      expect((await call(setup, { code: currentCode(key) })).status).toBe(422)
      expect((await call(status)).body).toEqual({ enabled: true })
      // The secret never leaves the server: not in what the API or the admin reads.
      const read = await payload.findByID({ collection: 'users', id: user.id, overrideAccess: false, user })
      expect(JSON.stringify(read)).not.toContain(key)
      // Nor is it in the database as it is: a copy of the database alone does not make codes.
      const row = await payload.db.findOne({ collection: 'users', where: { id: { equals: user.id } } })
      expect(JSON.stringify(row)).not.toContain(key)
      expect((row as { totpSecret?: string }).totpSecret).toMatch(/^sealed1\./)
      // The code just used cannot be used again; the next one turns it off.
      expect((await call(disable, { code: currentCode(key) })).status).toBe(422)
      expect((await call(disable, { code: currentCode(key, Date.now() + 30_000) })).body).toEqual({ enabled: false })

      // A lost phone: whoever runs the server turns it off for the account (npm run two-step-off).
      const { turnOffTwoStep } = await import('@/features/accounts/two-step')
      await call(setup)
      const again = String((await call(setup)).body.key).replace(/ /g, '')
      expect((await call(confirm, { code: currentCode(again) })).body).toEqual({ enabled: true })
      // With its current code, a new key can be set up (it waits for its own first code).
      const swapped = await call(setup, { code: currentCode(again, Date.now() + 30_000) })
      expect(swapped.body.uri).toMatch(/^otpauth:\/\/totp\//)
      expect(await turnOffTwoStep(payload, user.email.toUpperCase())).toBe(true)
      expect((await call(status)).body).toEqual({ enabled: false })
      const login = await payload.login({
        collection: 'users',
        data: { email: user.email, password: 'a fine long passphrase' },
      })
      expect(login.user?.email).toBe(user.email)
      expect(await turnOffTwoStep(payload, user.email)).toBe(false)

      // Or an admin turns it off on the account's screen: only an admin, and only for another's account.
      const [, , , , statusOf, offFor] = twoStepEndpoints
      const third = String((await call(setup)).body.key).replace(/ /g, '')
      expect((await call(confirm, { code: currentCode(third) })).body).toEqual({ enabled: true })
      // Two logins at once with one code, both having read the row before either wrote: exactly one gets in.
      const { requireSecondStep } = await import('@/features/accounts/two-step')
      const next = currentCode(third, Date.now() + 30_000)
      const readRow = () => payload.db.findOne({ collection: 'users', where: { id: { equals: user.id } } })
      const loginWith = (row: unknown, code: string) =>
        requireSecondStep({
          req: { payload, payloadAPI: 'REST', context: {}, data: { totp: code } },
          user: row,
        } as never).then(
          () => 'in',
          () => 'refused',
        )
      const [first, second] = await Promise.all([readRow(), readRow()])
      expect((await Promise.all([loginWith(first, next), loginWith(second, next)])).sort()).toEqual(['in', 'refused'])
      expect(await loginWith(await readRow(), next)).toBe('refused')
      const admin = { id: -1, collection: 'users', role: 'admin' }
      const at = (id: number | string, as: object | null) =>
        ({ payload, user: as, routeParams: { id: String(id) }, json: async () => ({}) }) as never
      const answer = async (endpoint: typeof setup, req: never) => {
        const res = (await endpoint!.handler(req)) as Response
        return { status: res.status, body: (await res.json()) as Record<string, unknown> }
      }
      expect((await answer(offFor, at(user.id, null))).status).toBe(401)
      expect((await answer(offFor, at(user.id, { id: user.id, collection: 'users', role: 'editor' }))).status).toBe(403)
      expect((await answer(offFor, at(user.id, { ...admin, id: user.id }))).status).toBe(403)
      // Nor by another spelling of its own id, which the database reads as the same number.
      for (const spelling of [`0${user.id}`, ` ${user.id}`, `${user.id}.0`]) {
        expect((await answer(offFor, at(spelling, { ...admin, id: user.id }))).status, spelling).not.toBe(200)
      }
      expect((await answer(statusOf, at(user.id, admin))).body).toEqual({ enabled: true })
      expect((await call(status)).body).toEqual({ enabled: true })
      expect((await answer(offFor, at(user.id, admin))).body).toEqual({ enabled: false })
      expect((await answer(statusOf, at(user.id, admin))).body).toEqual({ enabled: false })
      expect((await call(status)).body).toEqual({ enabled: false })
      expect((await answer(offFor, at(987654, admin))).status).toBe(404)
      await payload.delete({ collection: 'users', id: user.id })
    })

    it('mails a reset to a dozen accounts asked at once, and takes a dozen own passwords changed at once: none waits on another for the database', async () => {
      // More resets at once than the database pool has connections (10): each runs in a transaction, and none
      // may need a second connection while it holds the first, or all of them wait on one another.
      const emails = Array.from({ length: 12 }, (_, i) => `burst-${i}@${label.toLowerCase()}.example`)
      const users = []
      for (const email of emails)
        users.push(
          await payload.create({
            collection: 'users',
            data: { email, password: 'a fine long passphrase', role: 'editor' },
          }),
        )
      const outcomes = await Promise.allSettled(
        emails.map((email) => payload.forgotPassword({ collection: 'users', data: { email } })),
      )
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'asked'))).toEqual(
        emails.map(() => 'asked'),
      )
      const asked = await payload.find({
        collection: 'users',
        where: { email: { in: emails } },
        showHiddenFields: true,
        pagination: false,
      })
      expect(asked.docs.filter((u) => typeof u.resetPasswordToken === 'string')).toHaveLength(12)
      // The same for a dozen coaches changing their own password at once, each asked for the current one.
      const { createLocalReq, updateByIDOperation } = await import('payload')
      const changed = await Promise.allSettled(
        users.map(async (user, i) =>
          updateByIDOperation({
            collection: payload.collections.users,
            id: user.id,
            data: { password: 'another fine long passphrase', currentPassword: 'a fine long passphrase' },
            depth: 0,
            overrideAccess: false,
            req: await createLocalReq(
              {
                req: { payloadAPI: 'REST', headers: new Headers({ 'x-forwarded-for': `192.0.2.${100 + i}` }) },
                user: { ...user, collection: 'users' },
              },
              payload,
            ),
          }),
        ),
      )
      expect(changed.map((o) => (o.status === 'rejected' ? String(o.reason) : 'changed'))).toEqual(
        emails.map(() => 'changed'),
      )
      await payload.delete({ collection: 'users', where: { id: { in: users.map((u) => u.id) } } })
    })

    it('saves a dozen messages ticked "Handled" at once through the REST API, as the admin saves them, and deletes a dozen at once: none waits on another for the database', async () => {
      // Payload's REST update and delete check that nobody else is editing the document (its document lock)
      // inside the operation's transaction: that read must not need a second pooled connection either.
      const { handleEndpoints } = await import('payload')
      const { default: config } = await import('@/cms/payload.config')
      const email = `lock-burst@${label.toLowerCase()}.example`
      const password = 'a fine long passphrase'
      const coach = await payload.create({ collection: 'users', data: { email, password, role: 'admin' } })
      const { token } = await payload.login({ collection: 'users', data: { email, password } })
      const messages: import('@/payload-types').ContactMessage[] = []
      for (let i = 0; i < 12; i++)
        messages.push(
          await payload.create({
            collection: 'contact-messages',
            data: {
              name: `Sender ${i}`,
              email: `sender-${i}@example.com`,
              inquiryType: 'general',
              message: 'Hello there.',
              receivedAt: new Date().toISOString(),
            },
            overrideAccess: true,
          }),
        )
      const rest = (method: string, path: string, body?: object) =>
        handleEndpoints({
          config,
          request: new Request(`http://localhost:3000/cms-api${path}`, {
            method,
            headers: { 'content-type': 'application/json', Authorization: `JWT ${token}` },
            ...(body ? { body: JSON.stringify(body) } : {}),
          }),
        }).then(async (r) => (r.status === 200 ? 'done' : `${r.status} ${await r.text()}`))
      const saved = await Promise.all(
        messages.map((m) => rest('PATCH', `/contact-messages/${m.id}`, { handled: true })),
      )
      expect(saved).toEqual(messages.map(() => 'done'))
      const handled = await payload.count({
        collection: 'contact-messages',
        where: { and: [{ id: { in: messages.map((m) => m.id) } }, { handled: { equals: true } }] },
        overrideAccess: true,
      })
      expect(handled.totalDocs).toBe(12)
      // The lock still holds: a message someone else has open is neither saved nor deleted, alone or in bulk,
      // and the coach's own lock does not stand in the way.
      const other = await payload.create({
        collection: 'users',
        data: { email: `lock-other@${label.toLowerCase()}.example`, password, role: 'editor' },
      })
      const lock = (m: (typeof messages)[number], by: number) =>
        payload.create({
          collection: 'payload-locked-documents',
          data: {
            document: { relationTo: 'contact-messages', value: m.id },
            globalSlug: null,
            user: { relationTo: 'users', value: by },
          },
          overrideAccess: true,
        })
      await lock(messages[0]!, other.id)
      await lock(messages[1]!, coach.id)
      expect(await rest('PATCH', `/contact-messages/${messages[0]!.id}`, { handled: false })).toMatch(/^423 .*locked/)
      expect(await rest('DELETE', `/contact-messages/${messages[0]!.id}`)).toMatch(/^423 .*locked/)
      expect(await rest('PATCH', `/contact-messages/${messages[1]!.id}`, { handled: false })).toBe('done')
      const bulk = await rest('PATCH', `/contact-messages?where[id][in]=${messages[0]!.id},${messages[2]!.id}`, {
        handled: false,
      })
      expect(bulk).toMatch(/^400 .*locked/)
      const unhandled = await payload.find({
        collection: 'contact-messages',
        where: { and: [{ id: { in: messages.map((m) => m.id) } }, { handled: { equals: false } }] },
        overrideAccess: true,
      })
      expect(unhandled.docs.map((m) => m.id).sort()).toEqual([messages[1]!.id, messages[2]!.id].sort())
      await payload.delete({
        collection: 'payload-locked-documents',
        where: { id: { exists: true } },
        overrideAccess: true,
      })
      await payload.delete({ collection: 'users', id: other.id })
      const deleted = await Promise.all(messages.map((m) => rest('DELETE', `/contact-messages/${m.id}`)))
      expect(deleted).toEqual(messages.map(() => 'done'))
      expect(
        (
          await payload.count({
            collection: 'contact-messages',
            where: { id: { in: messages.map((m) => m.id) } },
            overrideAccess: true,
          })
        ).totalDocs,
      ).toBe(0)
      await payload.delete({ collection: 'users', id: coach.id })
    })

    it('logs a dozen accounts in at once and takes a dozen own passwords changed at once through the REST API, as the account screen sends them: none waits on another for the database', async () => {
      // The client's path of the dozen above: Payload's REST handlers, logged in with the session each login gave.
      const { handleEndpoints } = await import('payload')
      const { default: config } = await import('@/cms/payload.config')
      const password = 'a fine long passphrase'
      const emails = Array.from({ length: 12 }, (_, i) => `rest-burst-${i}@${label.toLowerCase()}.example`)
      const users = []
      for (const email of emails)
        users.push(await payload.create({ collection: 'users', data: { email, password, role: 'editor' } }))
      const rest = async (method: string, path: string, body: object, from: string, token?: string) => {
        const response = await handleEndpoints({
          config,
          request: new Request(`http://localhost:3000/cms-api${path}`, {
            method,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': from,
              ...(token ? { Authorization: `JWT ${token}` } : {}),
            },
            body: JSON.stringify(body),
          }),
        })
        return { status: response.status, body: (await response.json()) as { token?: string } }
      }
      const logins = await Promise.all(
        emails.map((email, i) => rest('POST', '/users/login', { email, password }, `192.0.2.${130 + i}`)),
      )
      expect(logins.map((l) => l.status)).toEqual(emails.map(() => 200))
      const changed = await Promise.all(
        users.map((user, i) =>
          rest(
            'PATCH',
            `/users/${user.id}`,
            { password: 'another fine long passphrase', currentPassword: password },
            `192.0.2.${130 + i}`,
            logins[i]!.body.token,
          ),
        ),
      )
      expect(changed.map((c) => (c.status === 200 ? 'changed' : `${c.status} ${JSON.stringify(c.body)}`))).toEqual(
        emails.map(() => 'changed'),
      )
      const loggedIn = await payload.login({
        collection: 'users',
        data: { email: emails[11]!, password: 'another fine long passphrase' },
      })
      expect(loggedIn.user?.email).toBe(emails[11])
      await payload.delete({ collection: 'users', where: { id: { in: users.map((u) => u.id) } } })
    })

    it('refuses a short or common password wherever one is set, keeping the old one; never locks an account', async () => {
      const email = `policy@${label.toLowerCase()}.example`
      const refusal = (message: string) => ({ data: { errors: [{ path: 'password', message }] } })
      await expect(
        payload.create({ collection: 'users', data: { email, password: 'short-pw', role: 'editor' } }),
      ).rejects.toMatchObject(refusal(PASSWORD_TOO_SHORT))
      expect((await payload.count({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)

      const user = await payload.create({
        collection: 'users',
        data: { email, password: 'a fine long passphrase', role: 'editor' },
      })
      await expect(
        payload.update({ collection: 'users', id: user.id, data: { password: 'Password2024!' } }),
      ).rejects.toMatchObject(refusal(PASSWORD_COMMON))
      const token = await payload.forgotPassword({ collection: 'users', data: { email }, disableEmail: true })
      await expect(
        payload.resetPassword({ collection: 'users', data: { token, password: 'qwerty123456' }, overrideAccess: true }),
      ).rejects.toMatchObject(refusal(PASSWORD_COMMON))
      // The old password still works, after more wrong guesses than any lockout would allow.
      for (let i = 0; i < 12; i++) {
        await expect(
          payload.login({ collection: 'users', data: { email, password: `wrong guess ${i}` } }),
        ).rejects.toThrow('The email or password provided is incorrect.')
      }
      const login = await payload.login({ collection: 'users', data: { email, password: 'a fine long passphrase' } })
      expect(login.user?.email).toBe(email)
      await payload.delete({ collection: 'users', id: user.id })
    })

    it('asks for the current password to change one’s own e-mail or password, by every path; an admin changing another account is not asked', async () => {
      const { createLocalReq, updateByIDOperation, updateOperation } = await import('payload')
      const { FAILED_LOGIN_FLOOR_MS, LOGIN_LIMIT } = await import('@/features/accounts/login-throttle')
      const domain = `${label.toLowerCase()}.example`
      let password = 'my own long passphrase'
      const owner = await payload.create({
        collection: 'users',
        data: { email: `owner@${domain}`, password, role: 'editor' },
      })
      const coachPassword = 'the coach’s long passphrase'
      const coach = await payload.create({
        collection: 'users',
        data: { email: `coach-of-owner@${domain}`, password: coachPassword, role: 'admin' },
      })
      type Account = typeof owner
      type Data = Record<string, unknown>
      // As a client's request reaches Payload's operation (REST, GraphQL, the account screen): logged in as
      // `as`, from the address `from`.
      const asClient = (as: Account, from: string) =>
        createLocalReq(
          {
            req: { payloadAPI: 'REST', headers: new Headers({ 'x-forwarded-for': from }) },
            user: { ...as, collection: 'users' },
          },
          payload,
        )
      const collection = payload.collections.users
      const outcome = (done: Promise<unknown>) =>
        done.then(
          (doc) => ({ saved: JSON.stringify(doc) }),
          (error: { status?: number; message?: string; data?: { errors?: { path: string; message: string }[] } }) => ({
            status: error.status,
            errors: error.data?.errors?.map(({ path, message }) => ({ path, message })) ?? error.message,
          }),
        )
      /** PATCH /cms-api/users/<id> */
      const patch = async (as: Account, id: number | string, data: Data, from = '192.0.2.61') =>
        outcome(
          updateByIDOperation({ collection, id, data, depth: 0, overrideAccess: false, req: await asClient(as, from) }),
        )
      /** PATCH /cms-api/users?where=… */
      const patchWhere = async (as: Account, where: object, data: Data) =>
        outcome(
          updateOperation({
            collection,
            where: where as never,
            data,
            depth: 0,
            overrideAccess: false,
            req: await asClient(as, '192.0.2.61'),
          }),
        )
      const refused = (message: string) => ({ status: 400, errors: [{ path: 'currentPassword', message }] })
      const stored = async (id: number | string) => {
        const row = (await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as Data
        return { email: row.email, hash: row.hash, salt: row.salt }
      }
      const logsIn = (email: string, pw: string) =>
        payload.login({ collection: 'users', data: { email, password: pw } }).then(
          () => true,
          () => false,
        )
      const asStored = await stored(owner.id)

      // Without the current password, or with a wrong one: refused on the field, for a new password and for a
      // new e-mail, whatever spelling of the id or `where` names the account. A wrong one takes a failed login's time.
      const newPassword = 'a brand new passphrase'
      expect(await patch(owner, owner.id, { password: newPassword })).toEqual(refused(CURRENT_PASSWORD_MISSING))
      expect(await patch(owner, owner.id, { password: newPassword, currentPassword: '' })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      const started = Date.now()
      expect(await patch(owner, owner.id, { password: newPassword, currentPassword: 'not my password' })).toEqual(
        refused(CURRENT_PASSWORD_WRONG),
      )
      expect(Date.now() - started).toBeGreaterThanOrEqual(FAILED_LOGIN_FLOOR_MS)
      expect(await patch(owner, owner.id, { email: `taken-over@${domain}` })).toEqual(refused(CURRENT_PASSWORD_MISSING))
      expect(await patch(owner, `0${owner.id}`, { email: `taken-over@${domain}` })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      expect(
        await patchWhere(
          owner,
          { email: { equals: owner.email } },
          { email: `taken-over@${domain}`, currentPassword: 'x' },
        ),
      ).toEqual(refused(CURRENT_PASSWORD_WRONG))
      expect(await patchWhere(owner, { id: { exists: true } }, { password: newPassword })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      // The same for an admin's own account, also in a bulk update that takes in another's.
      expect(await patch(coach, coach.id, { password: newPassword })).toEqual(refused(CURRENT_PASSWORD_MISSING))
      expect(await patchWhere(coach, { id: { in: [owner.id, coach.id] } }, { password: newPassword })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      // Nothing changed: the stored hash, salt and address are as they were, and the old password logs in.
      expect(await stored(owner.id)).toEqual(asStored)
      expect(await logsIn(owner.email, password)).toBe(true)
      expect(await logsIn(coach.email, coachPassword)).toBe(true)
      // The account screen sends the address unchanged with every save (in any case): that is not a change.
      expect(await patch(owner, owner.id, { email: owner.email.toUpperCase(), name: 'Own Name' })).toMatchObject({
        saved: expect.stringContaining('"name":"Own Name"'),
      })

      // With the right one: changed, and the current password is neither stored nor answered.
      const changed = await patch(owner, owner.id, { password: newPassword, currentPassword: password })
      expect(changed).toMatchObject({ saved: expect.stringContaining(`"email":"${owner.email}"`) })
      expect(JSON.stringify(changed)).not.toContain(password)
      expect(
        JSON.stringify(await payload.db.findOne({ collection: 'users', where: { id: { equals: owner.id } } })),
      ).not.toContain(password)
      expect(await logsIn(owner.email, password)).toBe(false)
      password = newPassword
      expect(await logsIn(owner.email, password)).toBe(true)
      const newEmail = `owner-moved@${domain}`
      expect(await patch(owner, owner.id, { email: newEmail, currentPassword: password })).toMatchObject({
        saved: expect.stringContaining(`"email":"${newEmail}"`),
      })

      // The coach (an admin) sets another account's password and address without being asked.
      password = 'set by the coach for the owner'
      expect(await patch(coach, owner.id, { password })).toMatchObject({ saved: expect.any(String) })
      expect(await patch(coach, owner.id, { email: `owner@${domain}` })).toMatchObject({
        saved: expect.stringContaining(`"email":"owner@${domain}"`),
      })
      expect(await logsIn(`owner@${domain}`, password)).toBe(true)

      // Wrong current passwords count as failed logins: past the limit even the right one is not checked.
      // Five at a time: each holds its update's database connection while its hits are written through
      // another, and PostgreSQL's pool has ten.
      const guesser = '198.51.100.61'
      const guesses = []
      for (let i = 0; i < LOGIN_LIMIT.max; i += 5) {
        guesses.push(
          ...(await Promise.all(
            [0, 1, 2, 3, 4].map((j) =>
              patch(owner, owner.id, { password: newPassword, currentPassword: `guess ${i + j}` }, guesser),
            ),
          )),
        )
      }
      // The account already had two wrong ones above: the last guesses are not even checked.
      for (const answer of guesses) {
        expect([refused(CURRENT_PASSWORD_WRONG), { status: 429, errors: CURRENT_PASSWORD_THROTTLED }]).toContainEqual(
          answer,
        )
      }
      const before = await stored(owner.id)
      expect(await patch(owner, owner.id, { password: newPassword, currentPassword: password }, guesser)).toEqual({
        status: 429,
        errors: CURRENT_PASSWORD_THROTTLED,
      })
      expect(await stored(owner.id)).toEqual(before)
      await payload.delete({ collection: 'users', where: { id: { in: [owner.id, coach.id] } } })
    })
  })
}
