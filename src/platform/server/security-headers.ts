import { createHash } from 'node:crypto'
import type http from 'node:http'

import { PUBLIC_CACHE_CONTROL } from './page-cache'

/** Where the intro video plays from once a visitor presses play (src/components/IntroVideo.tsx). */
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com'

/**
 * The Content-Security-Policy of every response. Scripts come only from the site itself, and an inline
 * script runs only when its SHA-256 is listed (`scriptHashes`, computed from the very HTML being sent); no
 * other origin is allowed but the video player's frame. Styles may be inline (React sets style attributes;
 * styles cannot run code).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${VIDEO_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The SHA-256 of each inline script of an HTML document (data blocks such as JSON-LD never run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = m
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return [...hashes]
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
 * Gives a response its Content-Security-Policy. An HTML document is held back until it is complete, then
 * sent with the hashes of exactly the inline scripts it contains; anything else gets the policy without
 * hashes at once. Holding back costs little: public pages come whole from the cache, and pages rendered per
 * request are rendered whole before they are sent. A 304 gets no policy, so the browser keeps the one it
 * stored with the page (a 304's headers replace the stored ones). `rewrite`, when given, changes the held
 * document before it is hashed and sent (public pages: ./lean-page.ts).
 */
export function applyContentSecurityPolicy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  rewrite?: (html: string) => string,
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
    mode = /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) ? 'hold' : 'pass'
    if (mode === 'pass' && !res.headersSent && res.statusCode !== 304) {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy())
    }
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
    if (mode !== 'hold') return end(chunk, encoding, callback)
    mode = 'release'
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function')
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk as Chunk, encoding))
    const held = Buffer.concat(chunks)
    const body = rewrite && held.length > 0 ? Buffer.from(rewrite(held.toString('utf8')), 'utf8') : held
    if (res.statusCode !== 304) {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(body.toString('utf8'))))
    }
    // A public page Next marked as shareable (for a day, by its defaults) gets the site's own, short policy.
    if (rewrite && /\bs-maxage=/.test(String(res.getHeader('cache-control') ?? ''))) {
      res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
    }
    // A HEAD answer keeps the length of the GET it describes (unknown once the document is rewritten).
    if (req.method === 'HEAD' && rewrite) res.removeHeader('Content-Length')
    else if (req.method !== 'HEAD' && res.getHeader('content-length') !== undefined)
      res.setHeader('Content-Length', body.length)
    return done ? end(body, done) : end(body)
  }) as typeof res.end
}
