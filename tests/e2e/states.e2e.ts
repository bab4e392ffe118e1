import { expect, SEEDED_KINDS, test } from './fixtures'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string, EMPTY: string, DOWN: string
test.beforeAll(({ seeded, empty, down }) => {
  SEEDED = seeded.url
  EMPTY = empty.url
  DOWN = down.url
})

/** Which lists each page shows, with each list's loading, failure and empty text, word for word. */
const LISTS = {
  testimonials: {
    pages: ['/', '/about', '/coaching', '/workshops'],
    loading: 'Loading testimonials...',
    failed: 'Failed to load testimonials. Please try again later.',
    empty: null,
  },
  blogs: {
    pages: ['/', '/blog'],
    loading: 'Loading blog posts...',
    failed: 'Failed to load blog posts. Please try again later.',
    empty: 'No blog posts available at the moment.',
  },
  coachingServices: {
    pages: ['/coaching'],
    loading: 'Loading coaching services...',
    failed: 'Failed to load coaching services. Please try again later.',
    empty: 'No coaching services available at the moment.',
  },
  books: {
    pages: ['/books'],
    loading: 'Loading books...',
    failed: 'Failed to load books. Please try again later.',
    empty: 'No books available at the moment.',
  },
  workshops: {
    pages: ['/workshops'],
    loading: 'Loading workshops...',
    failed: 'Failed to load workshops. Please try again later.',
    empty: 'No workshops available at the moment.',
  },
}
const ALL_PAGES = ['/', '/about', '/coaching', '/books', '/blog', '/workshops', '/schedule-and-contact', '/scheduling']

const get = async (url: string) => {
  const res = await fetch(url)
  return { status: res.status, html: await res.text(), headers: res.headers }
}

/**
 * What the seeded sample content puts in each list, in the coach's order: the text that names each card
 * (a testimonial's author, otherwise the title). The home page shows the first three blog posts only.
 */
const SEEDED_CARDS: Record<keyof typeof LISTS, { dataList: string; names: string[]; limit?: Record<string, number> }> =
  {
    testimonials: {
      dataList: 'testimonials',
      names: [
        'Maya R., product designer',
        'Daniel K., engineer',
        'Priya S., operations lead',
        'Tom B., founder',
        'Elena M., teacher',
        'Chris A., nurse',
      ],
    },
    blogs: {
      dataList: 'blogs',
      names: [
        'The Five-Minute Morning Reset',
        'Why Goals Fail in February',
        'Saying No Without Guilt',
        'Your Inner Critic Is Trying to Help',
        'Career Change at Any Age',
        'Rest Is Part of the Work',
      ],
      limit: { '/': 3 },
    },
    coachingServices: {
      dataList: 'coaching-services',
      names: ['1-on-1 Life Coaching', 'Career Transition Coaching', 'Group Coaching Circles'],
    },
    books: { dataList: 'books', names: ['The Quiet Courage', 'Small Steps, Big Life', 'Permission to Rest'] },
    workshops: {
      dataList: 'workshops',
      names: ['Design Your Next Chapter', 'Boundaries at Work', 'The Resilience Weekend Seminar'],
    },
  }

/** The cards of one list as served: from its `data-list` element to the end of its section. */
function cardsOf(html: string, dataList: string): { count: number; text: string } | null {
  const start = html.indexOf(`data-list="${dataList}"`)
  if (start < 0) return null
  const end = html.indexOf('</section>', start)
  const text = html.slice(start, end < 0 ? undefined : end)
  return { count: text.match(/<li class="card[ "]/g)?.length ?? 0, text }
}

test.describe('each list in its three states', () => {
  for (const [database, kind] of SEEDED_KINDS)
    test(`loaded on ${database}: the seeded cards in order and no state text, not even the loading text (pages are sent whole)`, async ({
      sharedSites,
    }) => {
      const site = (await sharedSites.get(kind)).url
      for (const [name, list] of Object.entries(LISTS) as [keyof typeof LISTS, (typeof LISTS)[keyof typeof LISTS]][]) {
        const seeded = SEEDED_CARDS[name]
        for (const path of list.pages) {
          const { status, html } = await get(`${site}${path}`)
          expect(status).toBe(200)
          expect(html, path).not.toContain(list.failed)
          if (list.empty) expect(html, path).not.toContain(list.empty)
          expect(html, `${path} is sent whole, without a loading fallback`).not.toContain(list.loading)
          const names = seeded.names.slice(0, seeded.limit?.[path])
          const cards = cardsOf(html, seeded.dataList)
          expect(cards, `${path}: the ${name} cards`).not.toBeNull()
          expect(cards!.count, `${path}: number of ${name} cards`).toBe(names.length)
          const positions = names.map((n) => cards!.text.indexOf(`>${n}<`))
          expect(
            names.filter((_, i) => positions[i]! < 0),
            `${path}: ${name} cards missing`,
          ).toEqual([])
          expect(positions, `${path}: ${name} cards in the coach's order`).toEqual([...positions].sort((a, b) => a - b))
        }
      }
    })

  test('empty (SEED_ON_START=false on a fresh database): each list shows its empty text', async () => {
    for (const list of Object.values(LISTS)) {
      for (const path of list.pages) {
        const { status, html } = await get(`${EMPTY}${path}`)
        expect(status).toBe(200)
        expect(html, path).not.toContain(list.failed)
        if (list.empty) expect(html, path).toContain(list.empty)
      }
    }
  })

  test("database unreachable: every page still answers 200 with each list's failure text and the rest intact", async () => {
    for (const path of ALL_PAGES) {
      const { status, html } = await get(`${DOWN}${path}`)
      expect(status, path).toBe(200)
      expect(html, path).toContain('<h1')
      expect(html, path).toContain('Subscribe to Our Newsletter')
      // The footer falls back to built-in contact details.
      expect(html, path).toContain('hello@example.com')
    }
    for (const list of Object.values(LISTS)) {
      for (const path of list.pages) expect((await get(`${DOWN}${path}`)).html, path).toContain(list.failed)
    }
  })
})

test.describe('the public read API', () => {
  const shapes: Record<string, string[]> = {
    testimonials: ['author', 'quote'],
    blogs: ['description', 'excerpt', 'externalLink', 'id', 'image', 'imageUrl', 'link', 'title'],
    'coaching-services': ['features', 'summary', 'title'],
    books: ['coverImage', 'purchaseLink', 'synopsis', 'title'],
    workshops: ['date', 'description', 'format', 'registerLink', 'title'],
  }

  for (const [database, kind] of SEEDED_KINDS)
    test(`answers JSON arrays with the spec field names on ${database}, CORS-readable and briefly cacheable`, async ({
      sharedSites,
    }) => {
      const site = (await sharedSites.get(kind)).url
      for (const [list, fields] of Object.entries(shapes)) {
        const res = await fetch(`${site}/api/${list}`)
        expect(res.status, list).toBe(200)
        expect(res.headers.get('content-type')).toMatch(/application\/json/)
        expect(res.headers.get('access-control-allow-origin')).toBe('*')
        expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+/)
        const body = (await res.json()) as Record<string, unknown>[]
        expect(Array.isArray(body)).toBe(true)
        expect(body.length, list).toBeGreaterThan(0)
        for (const item of body) {
          const keys = Object.keys(item)
            .filter((k) => !(list === 'coaching-services' && k === 'link'))
            .sort()
          expect(keys, list).toEqual(fields)
        }
      }
      const [post] = (await (await fetch(`${site}/api/blogs`)).json()) as Record<string, string>[]
      expect(post!.imageUrl).toMatch(/^\/cms-api\/media\/file\//)
      expect(post!.image).toBe(post!.imageUrl)
      expect(post!.excerpt).toBe(post!.description)
      expect(post!.externalLink).toBe(post!.link)
      const [service] = (await (await fetch(`${site}/api/coaching-services`)).json()) as { features: unknown }[]
      expect(Array.isArray(service!.features)).toBe(true)
    })

  test('answers HEAD like GET, 405 to other methods, 404 JSON for an unknown list', async () => {
    const head = await fetch(`${SEEDED}/api/books`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${SEEDED}/api/books`, { method })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow')).toBe('GET, HEAD')
    }
    const unknown = await fetch(`${SEEDED}/api/unicorns`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'There is no list called "unicorns".' })
  })

  test('answers empty arrays on an empty database and 503 when the database is unreachable', async () => {
    expect(await (await fetch(`${EMPTY}/api/books`)).json()).toEqual([])
    const down = await fetch(`${DOWN}/api/books`)
    expect(down.status).toBe(503)
    expect(((await down.json()) as { error: string }).error).toMatch(/could not be read/)
  })

  test('serves sitemap.xml and robots.txt', async () => {
    const sitemap = await get(`${SEEDED}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    for (const path of [
      '/about',
      '/coaching',
      '/books',
      '/blog',
      '/workshops',
      '/schedule-and-contact',
      '/scheduling',
    ]) {
      expect(sitemap.html).toContain(`${path}</loc>`)
    }
    const robots = await get(`${SEEDED}/robots.txt`)
    expect(robots.html).toMatch(/Sitemap: .*\/sitemap\.xml/)
    expect(robots.html).toContain('Disallow: /admin')
  })
})
