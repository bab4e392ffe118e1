import sharp from 'sharp'
import { expect, SEEDED_KINDS, test } from './fixtures'

import { logInAsCoach } from '../support/coach'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
})

/** Uploaded images: kept a year by browsers and CDNs, with validators; each upload has its own address. */
test.describe('uploaded images', () => {
  for (const [database, kind] of SEEDED_KINDS)
    test(`are served on ${database} with a year-long lifetime, an ETag and Last-Modified, and 304 when unchanged`, async ({
      sharedSites,
    }) => {
      const site = (await sharedSites.get(kind)).url
      const [post] = (await (await fetch(`${site}/api/blogs`)).json()) as { imageUrl: string }[]
      // The card size and the original, both named after their content.
      const card = post!.imageUrl
      expect(card).toMatch(/^\/cms-api\/media\/file\/[\w-]+-[0-9a-f]{10}-640x400\.webp$/)
      const original = card.replace(/-640x400\.webp$/, '.webp')
      for (const url of [card, original]) {
        const res = await fetch(`${site}${url}`)
        expect(res.status, url).toBe(200)
        expect(res.headers.get('content-type')).toBe('image/webp')
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const etag = res.headers.get('etag')
        const lastModified = res.headers.get('last-modified')
        expect(etag).toMatch(/^"[\w-]+"$/)
        expect(new Date(lastModified!).getTime()).toBeLessThanOrEqual(Date.now())
        const body = Buffer.from(await res.arrayBuffer())
        expect(body.subarray(8, 12).toString('ascii'), 'a WebP file').toBe('WEBP')

        const byEtag = await fetch(`${site}${url}`, { headers: { 'if-none-match': etag! } })
        expect(byEtag.status).toBe(304)
        expect(byEtag.headers.get('etag')).toBe(etag)
        const byDate = await fetch(`${site}${url}`, { headers: { 'if-modified-since': lastModified! } })
        expect(byDate.status).toBe(304)
        const changed = await fetch(`${site}${url}`, { headers: { 'if-none-match': '"something-else"' } })
        expect(changed.status).toBe(200)
      }
    })

  test('refuses an upload over the size limit with 413 and says the limit, keeping nothing', async () => {
    const api = `${SEEDED}/cms-api`
    const { token } = await logInAsCoach()
    const auth = { Authorization: `JWT ${token}` }
    const count = async () =>
      ((await (await fetch(`${api}/media?limit=0`, { headers: auth })).json()) as { totalDocs: number }).totalDocs
    const before = await count()
    const form = new FormData()
    form.set('_payload', JSON.stringify({ alt: 'Too big' }))
    // A JPEG's signature, then 16 MB: over the 15 MB limit.
    const big = Buffer.alloc(16 * 1024 * 1024)
    big.set([0xff, 0xd8, 0xff, 0xe0])
    form.set('file', new Blob([big], { type: 'image/jpeg' }), 'big.jpg')
    const res = await fetch(`${api}/media`, { method: 'POST', headers: auth, body: form })
    expect(res.status).toBe(413)
    expect(JSON.stringify(await res.json())).toContain('An image can be at most 15 MB. Please upload a smaller one.')
    expect(await count()).toBe(before)
  })

  test('turns an uploaded photo into WebP with its card size, through the running server (sharp loads at the first)', async () => {
    const api = `${SEEDED}/cms-api`
    const { token } = await logInAsCoach()
    const auth = { Authorization: `JWT ${token}` }
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c96' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('_payload', JSON.stringify({ alt: 'A warm colour' }))
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'warm.png')
    const res = await fetch(`${api}/media`, { method: 'POST', headers: auth, body: form })
    expect(res.status).toBe(201)
    const { doc } = (await res.json()) as {
      doc: { id: number; mimeType: string; width: number; sizes: { card: { url: string; width: number } } }
    }
    try {
      expect([doc.mimeType, doc.width]).toEqual(['image/webp', 900])
      expect([doc.sizes.card.url, doc.sizes.card.width]).toEqual([expect.stringMatching(/-640x400\.webp$/), 640])
      const card = await fetch(`${SEEDED}${doc.sizes.card.url}`)
      expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/webp'])
      expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(640)
    } finally {
      await fetch(`${api}/media/${doc.id}`, { method: 'DELETE', headers: auth })
    }
  })
})
