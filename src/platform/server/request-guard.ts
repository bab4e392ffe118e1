import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

import { SERVER_ACTION_MAX_BODY_BYTES } from '../next-internals'
import { contentSecurityPolicy } from './security-headers'

/** Next's limit on the body of a form posted to a page (a server action). */
export const PAGE_POST_MAX_BYTES = SERVER_ACTION_MAX_BODY_BYTES

/** Paths whose routes read their own bodies and answer odd ones themselves (src/platform/forms/http.ts, Payload). */
const OWN_BODY_ROUTES = /^\/(api|cms-api)(\/|$)/

/**
 * The admin's API (Payload's REST API under /cms-api) reads a whole body before it checks who sent it: so its
 * bodies are bounded here, before anything is read. Everything the admin sends but an image is a form of
 * text (a page's words, a list's item, a login): a megabyte is far more than any. An image goes only to the
 * Images collection (`/cms-api/media`, or `/cms-api/media/<id>` when one is replaced), at most MAX_IMAGE_BYTES
 * with the form around it.
 */
export const ADMIN_API_MAX_BODY_BYTES = 1024 * 1024
/** The largest image accepted (a phone photo is 3-8 MB). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024
export const IMAGE_UPLOAD_MAX_BODY_BYTES = MAX_IMAGE_BYTES + 1024 * 1024
export const IMAGE_TOO_LARGE = `An image can be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Please upload a smaller one.`
const ADMIN_API = /^\/cms-api(\/|$)/
/** The Images collection's own paths, as Payload matches collection slugs: exactly, after decoding. */
const IMAGE_UPLOAD = /^\/cms-api\/media(\/[^/]+)?\/?$/

/** `api`: answered in Payload's error shape (`{"errors":[{"message":...}]}`), which the admin's screens show. */
export type Refusal = { status: number; message: string; api?: true }

/**
 * Requests the site's server answers itself, before Next, because Next would answer them with a 500, hang
 * on them or misread them:
 * - a request target that is not a path ("*", "http://elsewhere/", no URL at all): a proxy and a browser
 *   only ever send a path; and a path with a malformed escape (`%ZZ`, bytes that are no UTF-8), which no
 *   link of the site has;
 * - a form posted to a page (what Next runs as a server action) from another origin (403: Next refuses it
 *   with a 500), without a stated length (411: browsers and the proxy always state it) or longer than Next
 *   reads (413: Next's refusal is a 500 too).
 */
export function requestRefusal(req: { method?: string; url?: string; headers: IncomingHttpHeaders }): Refusal | null {
  const target = req.url ?? ''
  if (!target.startsWith('/') || !URL.canParse(target, 'http://site')) {
    return { status: 400, message: 'The request target must be a path.' }
  }
  const { pathname } = new URL(target, 'http://site')
  if (!decodable(pathname)) return { status: 400, message: 'The path has a malformed escape.' }
  if (ADMIN_API.test(pathname) && req.headers['transfer-encoding'] !== undefined) {
    // Node's parser then stops a body at the length it states, so the check below bounds what is read.
    return { status: 411, message: 'A request to the admin API must state its length.', api: true }
  }
  if (ADMIN_API.test(pathname) && Number(req.headers['content-length'] ?? 0) > adminApiLimit(pathname)) {
    const image = adminApiLimit(pathname) === IMAGE_UPLOAD_MAX_BODY_BYTES
    return { status: 413, message: image ? IMAGE_TOO_LARGE : 'The request is too large.', api: true }
  }
  if (req.method !== 'POST' || OWN_BODY_ROUTES.test(pathname)) return null
  const { origin } = req.headers
  if (origin !== undefined && hostOf(origin) !== requestHost(req.headers)) {
    return { status: 403, message: 'This form can only be sent from this site.' }
  }
  const length = req.headers['content-length']
  if (length === undefined) return { status: 411, message: 'A form post must state its length.' }
  if (Number(length) > PAGE_POST_MAX_BYTES) return { status: 413, message: 'The form is too large.' }
  return null
}

/** How large a body the admin's API takes at this path (decoded, as Payload reads the collection's slug). */
const adminApiLimit = (pathname: string): number =>
  IMAGE_UPLOAD.test(decodeURIComponent(pathname)) ? IMAGE_UPLOAD_MAX_BODY_BYTES : ADMIN_API_MAX_BODY_BYTES

/** Whether every %-escape of the path is one (Next answers a route's malformed one, `/api/%ZZ`, with a 500). */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/** The host an Origin header names ('' for "null" and anything that is no origin). */
const hostOf = (origin: string): string => (URL.canParse(origin) ? new URL(origin).host : '')

/** The host the request was sent to, as Next reads it for the same comparison: the proxy's X-Forwarded-Host, else Host. */
const requestHost = (headers: IncomingHttpHeaders): string | undefined => {
  const forwarded = [headers['x-forwarded-host'] ?? []].flat()[0]?.split(',')[0]?.trim()
  return forwarded || headers.host
}

/** After refusing a body it will not read, how long the server still takes (and drops) what the client sends, and how much at most. */
export const LINGER_MS = 2_000
export const LINGER_BYTES = 16 * 1024 * 1024

/**
 * Sends a refusal. A body of a stated length within the limit is read to its end first, so the client hears
 * the answer rather than a reset. One without a length or past the limit is not read: the answer goes out at
 * once with `Connection: close`, and the connection closes lingering, as nginx does: the server stops
 * sending but takes and drops what still comes for up to LINGER_MS (LINGER_BYTES at most). Closed at once,
 * the client's next write would be met with a reset, which can throw away the answer before the client read
 * it (a browser would show a connection error instead of the text).
 */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, { status, message, api }: Refusal): void {
  const length = Number(req.headers['content-length'] ?? 0)
  const unread = req.headers['transfer-encoding'] !== undefined || !(length <= PAGE_POST_MAX_BYTES)
  const send = () => {
    res.writeHead(status, {
      'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': contentSecurityPolicy(),
      ...(unread ? { Connection: 'close' } : {}),
    })
    res.end(api ? JSON.stringify({ errors: [{ message }] }) : message)
  }
  if (unread) {
    lingerOnClose(req.socket)
    return send()
  }
  if (length === 0) return send()
  req.on('end', send)
  req.resume()
}

/**
 * Node's server ends a `Connection: close` answer with `socket.destroySoon()`: it closes the socket as soon
 * as the answer is written. For this socket, it half-closes instead (the answer is complete, nothing more is
 * sent) and destroys the socket once the client stops sending, after LINGER_MS, or past LINGER_BYTES.
 * Node's parser goes on dropping the refused body meanwhile.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    let dropped = 0
    const close = () => socket.destroy()
    const timer = setTimeout(close, LINGER_MS)
    socket.once('close', () => clearTimeout(timer))
    socket.once('end', close)
    socket.on('data', (chunk: Buffer) => {
      dropped += chunk.length
      if (dropped > LINGER_BYTES) close()
    })
    socket.end()
  }
}
