import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { DAY, HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { aSubscriber, CONTACT_POST, newClients } from '../../support/scenarios'
import { testSite } from '../../support/site'

/**
 * What the content model must do on any database: migrate from empty, seed once, serve only published
 * items to the public, take only the images it should, keep writes behind a login, revalidate what a
 * committed write changes, and export everything the coach owns. The same suite runs on SQLite and on
 * PostgreSQL (testSite points the app at the database before Payload is imported).
 */
export function contentSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`content model on ${label}`, () => {
    let payload: Payload
    const site = testSite(setup, { seed: true })
    const client = newClients(`client-${label}`)
    let mod: typeof import('@/features/contact/form')

    beforeAll(async () => {
      ;({ payload } = site)
      mod = await import('@/features/contact/form')
    })

    const valid = CONTACT_POST

    it('seeds realistic sample content for every list', async () => {
      const count = async (collection: Parameters<Payload['count']>[0]['collection']) =>
        (await payload.count({ collection })).totalDocs
      // Exactly the sample content (src/cms/seed/content.json), once: a seed that ran twice or lost items fails.
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
      expect(ends.getTime() - Date.now()).toBeLessThanOrEqual(366 * DAY)
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
        const later = new Date(new Date(startOfToday).getTime() + 20 * HOUR).toISOString()
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

    describe('the shared transaction', () => {
      const revalidated = () => {
        const debug = vi.spyOn(payload.logger, 'debug')
        return {
          tags: () =>
            debug.mock.calls.map(([arg]) => (arg as { msg?: string }).msg).filter((m) => m?.startsWith('revalidate ')),
          clear: () => debug.mockClear(),
          restore: () => debug.mockRestore(),
        }
      }

      it('revalidates what its writes change once they are committed, and nothing when they roll back', async () => {
        const { inTransaction } = await import('@/platform/transaction')
        const spy = revalidated()
        try {
          await expect(
            inTransaction(payload, async (req) => {
              await payload.create({
                collection: 'testimonials',
                data: { quote: 'Rolled back', author: 'Nobody' },
                overrideAccess: true,
                req,
              })
              throw new Error('changed my mind')
            }),
          ).rejects.toThrow('changed my mind')
          expect(spy.tags()).toEqual([])
          const leftOver = await payload.find({
            collection: 'testimonials',
            where: { author: { equals: 'Nobody' } },
            overrideAccess: true,
          })
          // Payload's SQLite adapter runs without transactions (it turns them off by default: with libsql a
          // second writer blocks the process while a transaction holds the lock), so only PostgreSQL rolls
          // the row back. Booking must not rely on a rollback on SQLite; see the README.
          expect(leftOver.totalDocs).toBe(label === 'PostgreSQL' ? 0 : 1)
          if (leftOver.docs[0])
            await payload.delete({ collection: 'testimonials', id: leftOver.docs[0].id, overrideAccess: true })

          spy.clear()
          let tagsBeforeCommit: (string | undefined)[] = []
          const created = await inTransaction(payload, async (req) => {
            const doc = await payload.create({
              collection: 'testimonials',
              data: { quote: 'Committed', author: 'Somebody' },
              overrideAccess: true,
              req,
            })
            tagsBeforeCommit = spy.tags()
            return doc
          })
          expect(tagsBeforeCommit).toEqual([])
          // Outside a Next request the tag is expired without Next's help (and logged so); inside one, Next's
          // revalidateTag clears the cache.
          expect(spy.tags()).toEqual(['revalidate testimonials outside a request'])
          await payload.delete({ collection: 'testimonials', id: created.id, overrideAccess: true })
        } finally {
          spy.restore()
        }
      })
    })

    it('exports everything the coach owns, as JSON and each list as CSV, to admins only and without secrets', async () => {
      const { exportEndpoints } = await import('@/features/export/everything')
      const [everything, oneList] = exportEndpoints
      // Its own message and subscriber, not what the tests before it left.
      const sender = `export.${label.toLowerCase()}@example.com`
      expect((await mod.submitContact(payload, { ...valid, email: sender }, client())).status).toBe('ok')
      await aSubscriber(payload, `=export@${label.toLowerCase()}.example`)
      const call = (endpoint: typeof everything, user: object | null, list?: string) =>
        endpoint!.handler({ payload, user, routeParams: { list } } as never) as Promise<Response>
      expect((await call(everything, null)).status).toBe(401)
      expect((await call(everything, { id: 2, role: 'editor' })).status).toBe(403)

      const admin = { id: 1, role: 'admin' }
      const res = await call(everything, admin)
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
        200,
        'application/json; charset=utf-8',
        'no-store',
      ])
      const text = await res.text()
      const data = JSON.parse(text) as { collections: Record<string, Record<string, unknown>[]>; globals: object }
      expect(Object.keys(data.collections)).toEqual(
        expect.arrayContaining(['contact-messages', 'subscribers', 'discovery-calls', 'testimonials', 'blog-posts']),
      )
      expect(Object.keys(data.globals)).toEqual(expect.arrayContaining(['site-settings', 'home-page', 'mail-texts']))
      expect(data.collections.subscribers!.map((s) => s.email)).toContain(`=export@${label.toLowerCase()}.example`)
      expect(data.collections['contact-messages']!.filter((m) => m.email === sender)).toMatchObject([
        { name: 'Ada Lovelace', message: valid.message },
      ])
      // No secret under any name: link tokens, hashes, passwords.
      expect(text).not.toMatch(/"[^"]*(Token|Hash|hash|salt|password)[^"]*":/)

      const csv = await call(oneList!, admin, 'subscribers')
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      const rows = (await csv.text()).split('\r\n')
      expect(rows[0]).toContain('"email"')
      expect(rows[0]).not.toMatch(/Hash/)
      expect(rows.some((r) => r.includes(`"'=export@${label.toLowerCase()}.example"`))).toBe(true)
      expect((await call(oneList!, admin, 'rate-limit-hits')).status).toBe(404)
    })
  })
}
