import type http from 'node:http'

import { CLIENT_ROUTER_REQUEST_HEADER } from '../next-internals'

/**
 * The app's own microcache of public answers, in the memory of each instance: the bytes a page or a read of
 * the API went out as (headers, policy and compression included) are kept for PAGE_CACHE_MS (a second unless
 * set), so a burst of visitors costs one render per second instead of one per visitor, and each answer from
 * the cache is the same bytes, down to the ETag. What is kept, and for whom:
 * - only GET answers with status 200 that the site marked as shareable (`s-maxage` in Cache-Control), with no
 *   Set-Cookie: the same for every visitor by construction;
 * - never for the coach: a request with Payload's session cookie (or an Authorization header) always goes
 *   to the app, and is never kept; nor requests of Next's client router (the admin's);
 * - one copy per Accept-Encoding, as the answer varies on it;
 * - one copy per address, query included, and those with a query kept apart and fewer, so that made-up
 *   queries cannot push the pages out (PAGE_CACHE_ENTRIES);
 * - also the booking page, /scheduling (not its manage pages): it goes out as `no-store`, since its open
 *   times are live and no other cache may keep it, but it is the same for every visitor, and this instance
 *   keeps it for the same second. A booking, a cancelled or moved call and a change of availability clear
 *   it at once on every instance (the 'open-times' tag), so only the passing of time can make it a second
 *   late, and the booking form checks the chosen time again anyway ("That time was just taken."). The same
 *   for each workshop's registration page and its seats left (the 'workshop-seats' tag; the registration
 *   decides on the seats as stored, whatever the page said).
 * An edit clears every instance's cache at once: `invalidatePageCache()` is called wherever content is
 * revalidated (src/platform/cache/revalidate.ts), so the next request renders afresh. The state lives on
 * `globalThis` because the server and the app's bundle load this module separately in one process.
 */
export const PAGE_CACHE_MS = keptFor(process.env.PAGE_CACHE_MS)

/** PAGE_CACHE_MS: a whole number of milliseconds (0: nothing is kept); a second when unset or not a number. */
function keptFor(value: string | undefined): number {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : 1000
}

/**
 * What a shared cache (a CDN, the nginx we ship) may do with a public page or a read of the API: keep it 5
 * seconds, then serve it at most 30 seconds more while it fetches a fresh one; browsers check with the site
 * each time (a 304 when nothing changed). So an edit reaches every visitor within seconds.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30'
/**
 * How many answers are kept: pages addressed without a query, and, apart, answers to addresses with one.
 * Anyone can make up queries (`/?x=1`, `/?x=2`...), each its own address and its own entry; kept apart, they
 * only ever push out one another, never the pages themselves. (The query stays part of the key: the booking
 * page reads `from` and `problem`, and any page may come to read one, so an answer is only ever given again
 * for the very address it was made for.)
 */
export const PAGE_CACHE_ENTRIES = { withoutQuery: 500, withQuery: 100 }
/**
 * How many bytes of answers are kept at most, both kinds together: what the cache may cost a small server
 * whatever its pages weigh (each encoding of each page is a copy). Answers past their second are dropped as
 * new ones come, and the oldest make room beyond that, those with a query first.
 */
export const PAGE_CACHE_BYTES = 16 * 1024 * 1024
const MAX_BODY_BYTES = 1024 * 1024

type Entry = {
  at: number
  generation: number
  status: number
  headers: http.OutgoingHttpHeaders
  body: Buffer
}

type State = {
  generation: number
  bytes: number
  withoutQuery: Map<string, Entry>
  withQuery: Map<string, Entry>
  /** While the server warms its pages after a start, nothing is kept (see keepNothingUntilWarm). */
  warming: boolean
}
const STATE = Symbol.for('coach.page-cache')
const state = (): State => {
  const g = globalThis as { [STATE]?: State }
  return (g[STATE] ??= { generation: 0, bytes: 0, withoutQuery: new Map(), withQuery: new Map(), warming: false })
}

/**
 * Nothing is kept until the returned function is called: the server program calls it once it has warmed every
 * page after a start (scripts/site-server.ts). A page's first renders after a start can still show a list's
 * failure text: Next serves the build's reads (made without a database, so failed) while it reads again, for
 * up to their failure lifetime (src/platform/cache/cache-life.ts). Kept, such a page would stand in for the
 * real one for PAGE_CACHE_MS, however long that is set (seen with a minute: the warming gave up after 30 s).
 */
export function keepNothingUntilWarm(): () => void {
  const s = state()
  s.warming = true
  return () => {
    s.warming = false
  }
}

/** Every kept answer is dropped: content changed. */
export function invalidatePageCache(): void {
  const s = state()
  s.generation++
  s.withoutQuery.clear()
  s.withQuery.clear()
  s.bytes = 0
}

/** Drops one kept answer, counting its bytes out. */
function drop(s: State, bucket: keyof typeof PAGE_CACHE_ENTRIES, key: string): void {
  const entry = s[bucket].get(key)
  if (!entry) return
  s.bytes -= entry.body.length
  s[bucket].delete(key)
}

/** Keeps an answer within the limits (see PAGE_CACHE_ENTRIES and PAGE_CACHE_BYTES). */
function keepAnswer(s: State, bucket: keyof typeof PAGE_CACHE_ENTRIES, key: string, entry: Entry): void {
  drop(s, bucket, key)
  const now = entry.at
  // A Map keeps the order entries were set in: the oldest come first.
  for (const b of ['withQuery', 'withoutQuery'] as const) {
    for (const [k, e] of s[b]) {
      if (now - e.at <= PAGE_CACHE_MS) break
      drop(s, b, k)
    }
  }
  const entries = s[bucket]
  if (entries.size >= PAGE_CACHE_ENTRIES[bucket]) drop(s, bucket, entries.keys().next().value!)
  for (const b of ['withQuery', 'withoutQuery'] as const) {
    while (s.bytes + entry.body.length > PAGE_CACHE_BYTES && s[b].size > 0) drop(s, b, s[b].keys().next().value!)
  }
  if (s.bytes + entry.body.length > PAGE_CACHE_BYTES) return
  entries.set(key, entry)
  s.bytes += entry.body.length
}

/** Where this request's answer is kept (see PAGE_CACHE_ENTRIES). */
const bucketOf = (req: http.IncomingMessage): keyof typeof PAGE_CACHE_ENTRIES =>
  (req.url ?? '/').includes('?') ? 'withQuery' : 'withoutQuery'

/** Headers of the connection or of one request, not of the answer: never replayed. */
const PER_CONNECTION = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'x-request-id'])

const personal = (req: http.IncomingMessage): boolean =>
  /(?:^|;\s*)payload-token=/.test(req.headers.cookie ?? '') ||
  req.headers.authorization !== undefined ||
  Object.keys(req.headers).some((h) => CLIENT_ROUTER_REQUEST_HEADER.test(h))

const keyOf = (req: http.IncomingMessage): string =>
  `${req.url ?? '/'}\n${String(req.headers['accept-encoding'] ?? '')
    .toLowerCase()
    .replace(/\s+/g, '')}`

/**
 * Answers from the cache when it holds this request's answer (a 304 when the client's copy is current).
 * Returns false when the request is for the app.
 */
export function answerFromCache(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || personal(req)) return false
  const s = state()
  const entries = s[bucketOf(req)]
  const entry = entries.get(keyOf(req))
  if (!entry) return false
  if (entry.generation !== s.generation || Date.now() - entry.at > PAGE_CACHE_MS) {
    drop(s, bucketOf(req), keyOf(req))
    return false
  }
  // The client's copy is current when it names the kept ETag. (A reload's `Cache-Control: no-cache` is not
  // obeyed here, as nginx does not: it would let anyone make the server render at will.)
  const etag = entry.headers.etag
  const named = String(req.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
  const notModified = typeof etag === 'string' && (named.includes(etag.replace(/^W\//, '')) || named.includes('*'))
  for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value)
  if (notModified) {
    // As the app answers a 304: no body, and no policy (the browser keeps the one stored with the page).
    for (const name of ['content-length', 'content-encoding', 'content-type', 'content-security-policy'])
      res.removeHeader(name)
    res.writeHead(304)
    res.end()
    return true
  }
  res.setHeader('Content-Length', entry.body.length)
  res.writeHead(entry.status)
  res.end(req.method === 'HEAD' ? undefined : entry.body)
  return true
}

/**
 * Records the answer the app is about to send, when it may be kept (see above). Must wrap the response before
 * anything that transforms the body (compression, the lean-page rewrite): it keeps the bytes as sent.
 */
export function recordForCache(req: http.IncomingMessage, res: http.ServerResponse): void {
  const s = state()
  if (req.method !== 'GET' || personal(req) || PAGE_CACHE_MS === 0 || s.warming) return
  const key = keyOf(req)
  const generation = s.generation
  const chunks: Buffer[] = []
  let size = 0
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse
  // Decided once the headers are set (at the first write): most answers (assets, images, the admin) are not
  // shareable, and their bytes are not copied at all.
  let keptAnswer: boolean | undefined
  const keep = (chunk: unknown, encoding: unknown) => {
    keptAnswer ??= keepable(req, res)
    if (!keptAnswer) return
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_BODY_BYTES) return
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array)
    size += buffer.length
    chunks.push(buffer)
  }
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    return write(chunk, ...rest)
  }) as typeof res.write
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    return end(chunk, ...rest)
  }) as typeof res.end
  res.on('finish', () => {
    const shareable =
      res.statusCode === 200 &&
      keepable(req, res) &&
      res.getHeader('set-cookie') === undefined &&
      size <= MAX_BODY_BYTES &&
      generation === s.generation
    if (!shareable) return
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_CONNECTION.has(name)) headers[name] = value
    const body = Buffer.concat(chunks)
    keepAnswer(s, bucketOf(req), key, { at: Date.now(), generation, status: res.statusCode, headers, body })
  })
}

const PASSING = Symbol.for('coach.page-cache.passing')

/**
 * This answer is not kept, whatever its headers say: Next's stale copy of a page, sent while Next renders
 * the page again (the build-time render at the first request after a start, whose lists are the failure
 * texts of a build without a database), must not stand in for the fresh one.
 */
export function doNotKeep(res: http.ServerResponse): void {
  ;(res as { [PASSING]?: boolean })[PASSING] = true
}

/**
 * Pages kept here although no other cache may keep them (see the top of this file): the booking page, and each
 * workshop's registration page, whose seats left are live in the same way (a registration, a cancellation or an
 * offer drops it on every instance: the 'workshop-seats' tag).
 */
const LIVE_PAGES = [/^\/scheduling$/, /^\/workshops\/[a-z0-9-]{1,80}\/register$/]

const keepable = (req: http.IncomingMessage, res: http.ServerResponse): boolean =>
  !(res as { [PASSING]?: boolean })[PASSING] &&
  (shareableCacheControl(res) || LIVE_PAGES.some((page) => page.test(new URL(req.url ?? '/', 'http://site').pathname)))

/** Whether the answer's Cache-Control lets a shared cache keep it. */
function shareableCacheControl(res: http.ServerResponse): boolean {
  const cacheControl = String(res.getHeader('cache-control') ?? '')
  return /\bs-maxage=/.test(cacheControl) && !/\b(private|no-store|no-cache)\b/.test(cacheControl)
}
