import { describe, expect, it } from 'vitest'

import { SEEDED, SEEDED_SITES } from '../support/browser'
import { logInAsCoach } from '../support/coach'

/** Uploaded images: kept a year by browsers and CDNs, with validators; each upload has its own address. */
describe('uploaded images', () => {
  it.each(SEEDED_SITES)(
    'are served on %s with a year-long lifetime, an ETag and Last-Modified, and 304 when unchanged',
    async (_db, site) => {
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
    },
  )

  it('refuses an upload over the size limit with 413 and says the limit, keeping nothing', async () => {
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
})
