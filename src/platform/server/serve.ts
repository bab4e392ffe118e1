import http from 'node:http'
import path from 'node:path'

import compression from 'compression'
import next from 'next'

import { answerStoredImage } from '@/platform/media-files'
import { siteUrl } from '@/domain/brand'
import { forwardedChain } from '@/domain/forwarded'
import { connectSharedTags, onSharedTags, settled, syncSharedTags } from '@/platform/cache/shared-tags'
import { requestIdFor, withRequestId } from '@/platform/log'
import { dataDir } from '@/platform/data-dir'
import { drainOutbox } from '@/platform/mail/worker-state'
import {
  CLIENT_ROUTER_REQUEST_HEADER,
  distDirOf,
  isStaleCopy,
  NEXT_RESPONSE_HEADER,
  applyBuiltConfig,
} from '@/platform/next-internals'
import { keepsRuntime, leanAssets, leanPage } from './lean-page'
import { answerFromCache, doNotKeep, invalidatePageCache, recordForCache } from './page-cache'
import { readiness } from './readiness'
import { throughStages } from './response-stages'
import { requestRefusal, sendRefusal } from './request-guard'
import {
  applyContentSecurityPolicy,
  baseSecurityHeaders,
  contentSecurityPolicy,
  policyForNext,
  scriptNonce,
} from './security-headers'

/** Where the site's images are addressed (Payload's upload route for Media, under the API's prefix). */
const IMAGES_PATH = '/cms-api/media/file/'

/** How long a shutdown waits for requests in flight, then for the mail being sent. */
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000)

/**
 * The site's HTTP server: Next's request handler behind Node's own server (Next's documented custom-server
 * pattern), for what `next start` cannot do. `npm start` runs it on the production build, `npm run dev` on
 * Next's development server (`dev`): the same pages, policy, page cache and script either way.
 * - X-Forwarded-For is rebuilt from the connection for every request (src/domain/forwarded.ts), so a
 *   client cannot choose its own address; TRUST_PROXY_HOPS says how many proxies in front are believed.
 * - Every response carries the security headers and a Content-Security-Policy
 *   (src/platform/server/security-headers.ts): public pages allow no inline script, the admin's pages only
 *   those carrying the nonce made for that one request; responses are compressed here.
 * - Public pages are sent without Next's client runtime, with a small script of the site's own instead
 *   (src/platform/server/lean-page.ts), and may be kept by shared caches for a few seconds.
 * - Stored images are sent from disk here, without Next and Payload (src/platform/media-files.ts).
 * - Public answers are kept in memory for a second and sent again as they were (./page-cache.ts); an edit
 *   clears them.
 * - With REDIS_URL, several instances share their cache tags (src/platform/cache/shared-tags.ts): each
 *   request starts by catching up with the edits made through other instances, and the answer to a request
 *   that edited something ends only once the other instances can know of it.
 * - GET /healthz answers 200 while the process is up; GET /readyz answers 200 when the database answers and
 *   every migration is applied, else 503 (also while stopping, so a load balancer stops sending traffic).
 * - SIGTERM and SIGINT shut down gracefully: no new connections, requests in flight finish, the outbox
 *   run under way finishes, then the process exits (each wait bounded by SHUTDOWN_GRACE_MS).
 */
export async function serve({
  port,
  dir,
  dev = false,
}: {
  port: number
  dir: string
  dev?: boolean
}): Promise<http.Server> {
  // In production, the configuration the build was made with (see applyBuiltConfig).
  const app = next({ dev, dir, port, ...(dev ? {} : { conf: applyBuiltConfig(distDirOf(dir)) }) })
  await app.prepare()
  const handle = app.getRequestHandler()
  const hops = Number(process.env.TRUST_PROXY_HOPS ?? 0)
  // In development the build changes as the sources do: its script and stylesheets are read for each page.
  const assets = leanAssets(distDirOf(dir, { dev }), { live: dev })
  const lean = (html: string) => leanPage(html, assets)
  const securityHeaders = Object.entries(baseSecurityHeaders(siteUrl().protocol === 'https:'))
  // Compression sits under the policy (it compresses what the policy lets through), so Next's own is off.
  const compress = compression() as unknown as (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    next: () => void,
  ) => void
  const imagesDir = path.join(dataDir(), 'media')
  let stopping = false
  const shared = await connectSharedTags()
  if (shared) onSharedTags(() => invalidatePageCache())

  const server = http.createServer((req, res) => {
    if (!shared) return answer(req, res)
    void syncSharedTags().then(() => answer(req, res))
  })
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // While stopping, a keep-alive connection closes as soon as its current request is answered.
    if (stopping) res.setHeader('Connection', 'close')
    for (const [name, value] of securityHeaders) res.setHeader(name, value)
    if (req.url === '/healthz' || req.url === '/readyz') return void probe(req.url, req, res, stopping)
    // Every line logged while answering carries the id the answer carries (src/platform/log.ts).
    const requestId = requestIdFor(req.headers['x-request-id'], hops > 0)
    res.setHeader('X-Request-Id', requestId)
    // What Next would answer with a 500 or not at all (a target that is no path, a page post it cannot take).
    const refused = requestRefusal(req)
    if (refused) return sendRefusal(req, res, refused)
    // A stored image goes out from disk, without Next and Payload (src/platform/media-files.ts); anything that
    // is not one (no such file, SVG, a range) goes on to Payload's route as before.
    if (req.url?.startsWith(IMAGES_PATH)) {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy())
      void answerStoredImage(req, res, imagesDir).then((sent) => {
        if (sent) return
        res.removeHeader('Content-Security-Policy')
        answerWithApp(req, res, requestId)
      })
      return
    }
    answerWithApp(req, res, requestId)
  }
  const answerWithApp = (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => {
    // Public pages go out without Next's client runtime (./lean-page.ts); the admin keeps it.
    const runtime = keepsRuntime(new URL(req.url ?? '/', 'http://site').pathname)
    if (!runtime) forgetClientRouter(req)
    // A public answer given within the last second goes out again as it was (./page-cache.ts).
    if (answerFromCache(req, res)) return
    req.headers['x-forwarded-for'] = forwardedChain(req.headers['x-forwarded-for'], req.socket.remoteAddress, hops)
    delete req.headers['x-real-ip']
    // The admin's scripts run by a nonce made for this request alone, which Next reads from the request.
    const nonce = runtime ? scriptNonce() : undefined
    policyForNext(req, nonce)
    throughStages(req, res, [
      // Nearest Next: the policy, and on a public page the lean rewrite of the whole document as Next wrote it.
      (req, res) => applyContentSecurityPolicy(req, res, runtime ? { nonce } : { rewrite: lean }),
      // Next's own bookkeeping headers serve only its client router, which public pages do not load.
      !runtime && dropNextHeaders,
      // Compressed: what the policy and the rewrite let through (Next's own compression is off).
      (req, res) => compress(req, res, () => {}),
      // Kept for the next second's visitors as the bytes went out, compressed (./page-cache.ts).
      recordForCache,
      // Nearest the socket: an edit's answer goes out once the other instances can know of it.
      shared && req.method !== 'GET' && req.method !== 'HEAD' && answerAfterSharing,
    ])
    void withRequestId(requestId, () => handle(req, res))
  }
  // In development the admin's pages reload as their sources change, over Next's own WebSocket.
  if (dev) {
    const upgrade = app.getUpgradeHandler()
    server.on('upgrade', (req, socket, head) => void upgrade(req, socket, head))
  }
  await new Promise<void>((resolve) => server.listen(port, resolve))

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: finishing requests in flight and mail being sent, then stopping.`)
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    let timer: NodeJS.Timeout | undefined
    await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, GRACE_MS)))])
    clearTimeout(timer)
    server.closeAllConnections()
    await drainOutbox(GRACE_MS)
    process.exit(0)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal))
  return server
}

/**
 * An edit's answer goes out, status line included, once the cache tags its request expired are shared
 * (src/platform/cache/shared-tags.ts): a client may act on the status alone (a fetch resolves with the
 * headers), and its next request, to whichever instance, must find the edit. Until then what the app writes is
 * held here (an edit's answer is small), and Next's early flush of the headers waits with it.
 */
function answerAfterSharing(_req: http.IncomingMessage, res: http.ServerResponse): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse
  const held: unknown[][] = []
  res.flushHeaders = () => {}
  res.write = ((...args: unknown[]) => {
    held.push(args)
    return true
  }) as typeof res.write
  res.end = ((...args: unknown[]) => {
    void settled().then(() => {
      for (const chunk of held) write(...chunk)
      end(...args)
    })
    return res
  }) as typeof res.end
}

/**
 * On a public path the request headers of Next's client router are dropped: its pages do not load that
 * router, and with them Next would answer the page's RSC payload instead of its HTML at the same address, which
 * a cache that ignores Vary (many CDNs do) would then give to every visitor. So a public answer varies on
 * Accept-Encoding alone.
 */
function forgetClientRouter(req: http.IncomingMessage): void {
  for (const name of Object.keys(req.headers)) if (CLIENT_ROUTER_REQUEST_HEADER.test(name)) delete req.headers[name]
}

/**
 * x-nextjs-cache, x-nextjs-prerender, x-nextjs-stale-time...: never sent (fewer bytes, nothing about the stack);
 * nor Vary on the client router's headers, which were dropped (see forgetClientRouter).
 */
function dropNextHeaders(_req: http.IncomingMessage, res: http.ServerResponse): void {
  const setHeader = res.setHeader.bind(res)
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (/^vary$/i.test(name)) {
      const kept = String(value)
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token && !CLIENT_ROUTER_REQUEST_HEADER.test(token))
      return kept.length > 0 ? setHeader(name, kept.join(', ')) : res
    }
    if (!NEXT_RESPONSE_HEADER.test(name)) return setHeader(name, value)
    // Next's stale copy, sent while it renders the page again: not kept for the next visitors.
    if (isStaleCopy(name, value)) doNotKeep(res)
    return res
  }) as typeof res.setHeader
}

/** The load balancer's probes, answered here without Next: never cached, no body beyond a small status. */
async function probe(path: string, req: http.IncomingMessage, res: http.ServerResponse, stopping: boolean) {
  const answer = (status: number, body: object) => {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': contentSecurityPolicy(),
      ...(status === 405 ? { Allow: 'GET, HEAD' } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body))
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, { error: 'Use GET.' })
  if (path === '/healthz') return answer(200, { status: 'ok' })
  if (stopping) return answer(503, { ready: false, stopping: true })
  const state = await readiness()
  answer(state.ready ? 200 : 503, state)
}
