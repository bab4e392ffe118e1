import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  answerFromCache,
  doNotKeep,
  invalidatePageCache,
  keepNothingUntilWarm,
  PAGE_CACHE_BYTES,
  PAGE_CACHE_ENTRIES,
  PAGE_CACHE_MS,
  PUBLIC_CACHE_CONTROL,
  recordForCache,
} from './page-cache'

/** A real server with the cache in front of a handler that counts its renders, as serve.ts wires it. */
let renders = 0
let server: http.Server
let base = ''
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (answerFromCache(req, res)) return
    recordForCache(req, res)
    renders++
    const url = new URL(req.url ?? '/', 'http://x')
    // Pages under /heavy/ weigh 900 kB each, under the largest answer kept (1 MB).
    const body = `<p>render ${renders} of ${url.pathname}</p>${url.pathname.startsWith('/heavy/') ? 'x'.repeat(900_000) : ''}`
    // The booking page and the workshops' own pages go out as Next sends a page rendered per request.
    const shared = !/^\/(private|scheduling|workshops\/)/.test(url.pathname)
    res.setHeader('Cache-Control', shared ? PUBLIC_CACHE_CONTROL : 'private, no-store')
    res.setHeader('ETag', `"${renders}"`)
    res.setHeader('Content-Type', 'text/html')
    if (url.pathname === '/cookie') res.setHeader('Set-Cookie', 'a=b')
    if (url.pathname === '/missing') res.statusCode = 404
    // As serve.ts marks Next's stale copy of a page.
    if (url.pathname === '/stale') doNotKeep(res)
    if (/gzip/.test(String(req.headers['accept-encoding']))) {
      res.setHeader('Content-Encoding', 'gzip')
      res.end(gzipSync(body))
    } else {
      res.write(body.slice(0, 5))
      res.end(body.slice(5))
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => invalidatePageCache())
afterEach(() => {
  vi.useRealTimers()
})

/**
 * The cache's clock (Date) stands still from here, and only `later` moves it: how long an answer is kept is
 * seen to the millisecond, with no waiting (the server and its timers run as before).
 */
function stillClock(): { later: (ms: number) => void } {
  const start = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now: start })
  return { later: (ms) => vi.setSystemTime(start + ms) }
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } })

describe('the page cache', () => {
  it('sends a shareable answer again as it was, byte for byte, while it is kept (PAGE_CACHE_MS)', async () => {
    const clock = stillClock()
    const first = await get('/')
    const firstBody = await first.text()
    const second = await get('/')
    expect([await second.text(), second.headers.get('etag'), second.headers.get('cache-control')]).toEqual([
      firstBody,
      first.headers.get('etag'),
      PUBLIC_CACHE_CONTROL,
    ])
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(firstBody)))
    const head = await fetch(`${base}/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    expect([head.status, head.headers.get('etag')]).toEqual([200, first.headers.get('etag')])
    clock.later(PAGE_CACHE_MS)
    expect(await (await get('/')).text()).toBe(firstBody)
    clock.later(PAGE_CACHE_MS + 1)
    expect(await (await get('/')).text()).not.toBe(firstBody)
  })

  it('answers 304 to a browser whose copy is current, without a body or a policy', async () => {
    const first = await get('/')
    await first.text()
    const again = await get('/', { 'if-none-match': first.headers.get('etag')! })
    expect([again.status, await again.text(), again.headers.get('content-type')]).toEqual([304, '', null])
  })

  it('keeps one copy per Accept-Encoding', async () => {
    const plain = await (await get('/')).text()
    const zipped = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(await zipped.text()).not.toBe(plain)
    expect(await (await get('/')).text()).toBe(plain)
  })

  it('forgets everything when content changes', async () => {
    const before = await (await get('/')).text()
    invalidatePageCache()
    expect(await (await get('/')).text()).not.toBe(before)
  })

  it('never keeps or serves a private, personal, failed, stale or cookie-setting answer', async () => {
    for (const path of ['/private', '/cookie', '/missing', '/stale']) {
      const a = await (await get(path)).text()
      expect(await (await get(path)).text(), path).not.toBe(a)
    }
    // The coach (Payload's session cookie) always gets a fresh render, and it is not kept for visitors.
    const visitor = await (await get('/')).text()
    const coach = await (await get('/', { cookie: 'theme=x; payload-token=abc' })).text()
    expect(coach).not.toBe(visitor)
    expect(await (await get('/')).text()).toBe(visitor)
    expect(await (await get('/', { authorization: 'Bearer x' })).text()).not.toBe(visitor)
  })

  it('keeps nothing while the server warms its pages after a start, and keeps again once they are warm', async () => {
    const warm = keepNothingUntilWarm()
    const whileWarming = await (await get('/')).text()
    expect(await (await get('/')).text()).not.toBe(whileWarming)
    warm()
    const kept = await (await get('/')).text()
    expect(await (await get('/')).text()).toBe(kept)
  })

  it('keeps the booking page as long although no other cache may keep it, and never a call’s own page', async () => {
    const clock = stillClock()
    const first = await get('/scheduling')
    const page = await first.text()
    const again = await get('/scheduling')
    expect([await again.text(), again.headers.get('cache-control')]).toEqual([page, 'private, no-store'])
    // Each address is its own page (later days, a refusal).
    const later = await (await get('/scheduling?from=2026-12-01')).text()
    expect(later).not.toBe(page)
    expect(await (await get('/scheduling?from=2026-12-01')).text()).toBe(later)
    // A booking clears it (the 'open-times' tag, through invalidatePageCache), and so does the next second.
    invalidatePageCache()
    const afterBooking = await (await get('/scheduling')).text()
    expect(afterBooking).not.toBe(page)
    clock.later(PAGE_CACHE_MS)
    expect(await (await get('/scheduling')).text()).toBe(afterBooking)
    clock.later(PAGE_CACHE_MS + 1)
    expect(await (await get('/scheduling')).text()).not.toBe(afterBooking)
    const manage = await (await get('/scheduling/manage/1-2.abc')).text()
    expect(await (await get('/scheduling/manage/1-2.abc')).text()).not.toBe(manage)
  })

  it('keeps a workshop’s registration page as long, and never a registration’s own page', async () => {
    const clock = stillClock()
    const page = await (await get('/workshops/small-circle/register')).text()
    const again = await get('/workshops/small-circle/register')
    expect([await again.text(), again.headers.get('cache-control')]).toEqual([page, 'private, no-store'])
    // A registration clears it (the 'workshop-seats' tag, through invalidatePageCache).
    invalidatePageCache()
    const afterRegistering = await (await get('/workshops/small-circle/register')).text()
    expect(afterRegistering).not.toBe(page)
    clock.later(PAGE_CACHE_MS + 1)
    expect(await (await get('/workshops/small-circle/register')).text()).not.toBe(afterRegistering)
    for (const own of ['/workshops/manage/1-2.abc', '/workshops/small-circle/register/x', '/private/register']) {
      const first = await (await get(own)).text()
      expect(await (await get(own)).text(), own).not.toBe(first)
    }
  })

  it('keeps the pages when anyone asks for them with made-up queries, more than the cache holds', async () => {
    const home = await (await get('/')).text()
    const later = await (await get('/scheduling?from=2026-12-01')).text()
    // More than either part of the cache holds, and more than the whole cache held when it was one.
    const flood = PAGE_CACHE_ENTRIES.withoutQuery + 20
    const rendersBefore = renders
    // The clock stands still meanwhile, so nothing expires by time, however long the flood takes here: a page
    // that is gone afterwards was pushed out.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // Twenty at a time, as many visitors do.
      for (let sent = 0; sent < flood; sent += 20) {
        await Promise.all(
          Array.from({ length: 20 }, async () => (await get(`/?${randomUUID()}=${randomUUID()}`)).text()),
        )
      }
      expect(renders - rendersBefore).toBe(flood)
      expect(await (await get('/')).text(), 'the home page after the flood').toBe(home)
      expect(renders - rendersBefore).toBe(flood)
    } finally {
      vi.useRealTimers()
    }
    // Each made-up address is still its own answer, and so is a real query pushed out by them.
    const asked = await (await get('/?utm_source=newsletter')).text()
    expect(asked).not.toBe(home)
    expect(await (await get('/?utm_source=newsletter')).text()).toBe(asked)
    expect(await (await get('/scheduling?from=2026-12-01')).text()).not.toBe(later)
  })

  it('keeps no more bytes than PAGE_CACHE_BYTES, making room with the oldest answers', async () => {
    const fit = Math.floor(PAGE_CACHE_BYTES / 900_000)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const first = await (await get('/heavy/0')).text()
      expect(await (await get('/heavy/0')).text(), 'kept while there is room').toBe(first)
      for (let i = 1; i <= fit + 2; i++) await (await get(`/heavy/${i}`)).text()
      const rendersBefore = renders
      const newest = `/heavy/${fit + 2}`
      await (await get(newest)).text()
      expect(renders, 'the newest answer is kept').toBe(rendersBefore)
      expect(await (await get('/heavy/0')).text(), 'the oldest made room').not.toBe(first)
      expect(renders).toBe(rendersBefore + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})
