import { randomBytes } from 'node:crypto'
import type http from 'node:http'

import { NONCE_REQUEST_HEADER } from '../next-internals'
import { doNotKeep, PUBLIC_CACHE_CONTROL } from './page-cache'

/** Where the intro video plays from once a visitor presses play (src/components/IntroVideo.tsx). */
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com'

/**
 * In development (`npm run dev`) React rebuilds the server's call stacks in the browser with eval: the
 * admin's pages, the only ones with React in the browser, allow it there, never in production.
 */
const DEV_EVAL = () => (process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '')

/**
 * The Content-Security-Policy of every response. Scripts come only from the site itself, and no inline script
 * runs but one carrying `nonce` (the admin's pages: a new one for each request, see `scriptNonce`). Public pages
 * hold no inline script that runs (./lean-page.ts takes out Next's; JSON-LD is data), so their policy allows
 * none: a script that found its way into a page's HTML (stored content, a bug) is refused by the browser,
 * whatever the HTML holds, and every copy of a page carries the same policy. No other origin is allowed but the
 * video player's frame. Styles may be inline (React sets style attributes; styles cannot run code).
 */
export function contentSecurityPolicy({ nonce }: { nonce?: string } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'${DEV_EVAL()}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The admin frames a newsletter issue's preview, from the site itself.
    `frame-src ${nonce ? "'self' " : ''}${VIDEO_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** A policy an answer brings itself that the site keeps: one that allows nothing unless it names it. */
const ALLOWS_NOTHING = /^default-src 'none'(;|$)/

/** A nonce for one answer: 128 random bits, in the base64 Next reads from a policy (getScriptNonceFromHeader). */
export const scriptNonce = (): string => randomBytes(16).toString('base64')

/**
 * The policy the request carries to Next. Next puts the nonce of the request's Content-Security-Policy header
 * on each script it renders (its runtime, its inline data, Payload's admin with them), so a request for the
 * admin is given the very policy its answer will carry. Any other request carries none: a policy a client
 * sent must not choose the nonce of a page.
 */
export function policyForNext(req: http.IncomingMessage, nonce: string | undefined): void {
  delete req.headers[NONCE_REQUEST_HEADER]
  delete req.headers[`${NONCE_REQUEST_HEADER}-report-only`]
  if (nonce) req.headers[NONCE_REQUEST_HEADER] = contentSecurityPolicy({ nonce })
}

/** The headers every response carries, whatever it is. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  }
}

type Chunk = string | Uint8Array
const toBuffer = (chunk: Chunk, encoding?: unknown) =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : Buffer.from(chunk)

/**
 * Gives a response its Content-Security-Policy, and a public page its rewrite:
 * - `rewrite` (public pages: ./lean-page.ts): an HTML document is held back until it is complete, rewritten,
 *   then sent with the public policy, the same for every copy of the page (so it stays static and cacheable).
 *   Holding back costs little: public pages come whole from the cache, and pages rendered per request are
 *   rendered whole before they are sent.
 * - `nonce` (the admin's pages, given the same nonce on the request: see `policyForNext`): an HTML document is
 *   sent as Next streams it, with the policy allowing the scripts that carry the nonce. Such an answer is never
 *   kept, here or by a shared cache: the nonce must not serve twice.
 * Anything else gets the policy without a nonce at once. A 304 gets no policy, so the browser keeps the one it
 * stored with the page (a 304's headers replace the stored ones).
 */
export function applyContentSecurityPolicy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { rewrite, nonce }: { rewrite?: (html: string) => string; nonce?: string } = {},
): void {
  const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse
  const flushHeaders = res.flushHeaders.bind(res)
  // 'release': the held document is being sent (Node's own end() writes the head through writeHead).
  let mode: 'undecided' | 'pass' | 'hold' | 'release' = 'undecided'
  const chunks: Buffer[] = []

  const decide = () => {
    if (mode !== 'undecided') return
    // An answer that brings a stricter policy of its own keeps it: one that allows nothing by default, e.g.
    // a newsletter issue's preview, framed by the admin (src/features/newsletter/issue-endpoints.ts).
    const own = String(res.getHeader('content-security-policy') ?? '')
    if (ALLOWS_NOTHING.test(own)) {
      mode = 'pass'
      // Next keeps the X-Frame-Options: DENY set before the app; older browsers read it instead of the policy.
      if (/(^|;)\s*frame-ancestors 'self'\s*(;|$)/.test(own) && !res.headersSent) {
        res.setHeader('X-Frame-Options', 'SAMEORIGIN')
      }
      return
    }
    const html = /^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''))
    mode = html && rewrite ? 'hold' : 'pass'
    if (mode === 'hold' || res.headersSent || res.statusCode === 304) return
    if (html && nonce) {
      doNotKeep(res)
      if (!/\bno-store\b/.test(String(res.getHeader('cache-control') ?? ''))) {
        res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
      }
    }
    res.setHeader('Content-Security-Policy', contentSecurityPolicy({ nonce: html ? nonce : undefined }))
  }

  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined
    const headers = rest.find((a) => a !== null && typeof a === 'object' && !Array.isArray(a)) as
      Record<string, number | string | string[] | undefined> | undefined
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value)
    res.statusCode = statusCode
    if (message) res.statusMessage = message
    decide()
    return mode === 'hold' ? res : writeHead(res.statusCode)
  }) as typeof res.writeHead

  res.flushHeaders = () => {
    decide()
    if (mode !== 'hold') flushHeaders()
  }

  res.write = ((chunk: Chunk, encoding?: unknown, callback?: unknown) => {
    decide()
    if (mode !== 'hold') return write(chunk, encoding, callback)
    chunks.push(toBuffer(chunk, encoding))
    const done = typeof encoding === 'function' ? encoding : callback
    if (typeof done === 'function') process.nextTick(done as () => void)
    return true
  }) as typeof res.write

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    decide()
    if (mode !== 'hold' || !rewrite) return end(chunk, encoding, callback)
    mode = 'release'
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function')
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk as Chunk, encoding))
    const held = Buffer.concat(chunks)
    const body = held.length > 0 ? Buffer.from(rewrite(held.toString('utf8')), 'utf8') : held
    // The public policy, never read from the document: an inline script it holds has no say in it.
    if (res.statusCode !== 304) res.setHeader('Content-Security-Policy', contentSecurityPolicy())
    // A public page Next marked as shareable (for a day, by its defaults) gets the site's own, short policy.
    if (/\bs-maxage=/.test(String(res.getHeader('cache-control') ?? ''))) {
      res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
    }
    // A HEAD answer keeps the length of the GET it describes (unknown once the document is rewritten).
    if (req.method === 'HEAD') res.removeHeader('Content-Length')
    else if (res.getHeader('content-length') !== undefined) res.setHeader('Content-Length', body.length)
    return done ? end(body, done) : end(body)
  }) as typeof res.end
}
