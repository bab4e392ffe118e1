/**
 * Canaries: each assumption named in ./next-internals.ts, checked against the installed Next. One fails when a
 * Next upgrade changes what the site relies on (tests/e2e/next-canaries.e2e.ts checks the built site).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  CLIENT_ROUTER_QUERY,
  CLIENT_ROUTER_REQUEST_HEADER,
  DEV_DIST_SUBDIR,
  distDirOf,
  isStaleCopy,
  NEXT_RESPONSE_HEADER,
  NONCE_REQUEST_HEADER,
  nextDefaultCacheHandler,
  nextTagsManifest,
  SERVER_ACTION_MAX_BODY_BYTES,
  STANDALONE_CONFIG_ENV,
} from './next-internals'
import { contentSecurityPolicy } from './server/security-headers'

const root = path.resolve(import.meta.dirname, '../..')
const requireNext = createRequire(path.join(root, 'package.json'))
const nextFile = (file: string) => fs.readFileSync(requireNext.resolve(`next/dist/${file}`), 'utf8')
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

describe("Next's internals the site relies on", () => {
  it('Next and Payload are pinned to the exact versions installed (upgrades are deliberate: README)', () => {
    for (const name of ['next', 'payload', '@payloadcms/next', '@payloadcms/ui', '@payloadcms/richtext-lexical']) {
      const pinned = manifest.dependencies[name]
      expect(pinned, name).toMatch(/^\d+\.\d+\.\d+$/)
      const file = path.join(root, 'node_modules', name, 'package.json')
      const installed = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version
      expect(installed, name).toBe(pinned)
    }
  })

  it("the client router's request headers and query are the ones the server drops and the proxy ignores", () => {
    const headers = requireNext('next/dist/client/components/app-router-headers.js') as {
      FLIGHT_HEADERS: string[]
      NEXT_RSC_UNION_QUERY: string
    }
    expect(headers.FLIGHT_HEADERS.length).toBeGreaterThan(0)
    for (const header of headers.FLIGHT_HEADERS) expect(header).toMatch(CLIENT_ROUTER_REQUEST_HEADER)
    expect(headers.NEXT_RSC_UNION_QUERY).toBe(CLIENT_ROUTER_QUERY)
  })

  it("Next's bookkeeping headers start with x-nextjs-, and its stale copy of a page says STALE", () => {
    const template = nextFile('build/templates/app-page-runtime.js')
    expect(template).toMatch(/res\.setHeader\('x-nextjs-cache', [^;]*cacheEntry\.isStale \? 'STALE'/)
    expect(isStaleCopy('x-nextjs-cache', 'STALE')).toBe(true)
    const headers = requireNext('next/dist/client/components/app-router-headers.js') as Record<string, unknown>
    const nextHeaders = Object.values(headers).filter((v): v is string => typeof v === 'string' && /^x-nextjs/.test(v))
    expect(nextHeaders.length).toBeGreaterThan(3)
    for (const header of nextHeaders) expect(header).toMatch(NEXT_RESPONSE_HEADER)
  })

  it("Next's development server writes into the build folder's dev folder", () => {
    expect(nextFile('server/config.js')).toContain(
      `result.distDir = (0, _path.join)(result.distDir, '${DEV_DIST_SUBDIR}')`,
    )
    expect(distDirOf('/site', { dev: true, env: {} })).toBe('/site/.next/dev')
    expect(distDirOf('/site', { env: { NEXT_DIST_DIR: '.next-copy' } })).toBe('/site/.next-copy')
  })

  it("a server action's body is limited to 1 MB by default", () => {
    const handler = nextFile('server/app-render/action-handler.js')
    expect(handler).toContain("const defaultBodySizeLimit = '1 MB'")
    expect(handler).toMatch(/: 1024 \* 1024/)
    expect(SERVER_ACTION_MAX_BODY_BYTES).toBe(1024 * 1024)
  })

  it("Next reads the scripts' nonce from the request's policy header, as the server sets it", () => {
    const { getScriptNonceFromHeaders } = requireNext(
      'next/dist/server/app-render/get-script-nonce-from-header.js',
    ) as {
      getScriptNonceFromHeaders: (headers: Record<string, string>) => string | undefined
    }
    const nonce = 'q1w2e3r4t5y6u7i8o9p0aA=='
    expect(getScriptNonceFromHeaders({ [NONCE_REQUEST_HEADER]: contentSecurityPolicy({ nonce }) })).toBe(nonce)
  })

  it("Next's own cache handler judges entries by the tags manifest the shared tags write", async () => {
    const handler = nextDefaultCacheHandler(1024 * 1024)
    for (const method of ['get', 'set', 'refreshTags', 'getExpiration', 'updateTags'] as const)
      expect(typeof handler[method]).toBe('function')
    const entry = (timestamp: number) => ({
      value: new ReadableStream<Uint8Array>({
        start: (c) => (c.enqueue(new TextEncoder().encode('rendered')), c.close()),
      }),
      tags: ['canary-tag'],
      stale: 60,
      timestamp,
      expire: 3600,
      revalidate: 60,
    })
    await handler.set('canary-key', Promise.resolve(entry(Date.now() - 10)))
    expect(await handler.get('canary-key', [])).toBeDefined()
    // What the shared tags do when another instance expired the tag (src/platform/cache/shared-tags.ts).
    const manifest = nextTagsManifest()
    expect(manifest).toBeInstanceOf(Map)
    const now = Date.now()
    manifest.set('canary-tag', { stale: now, expired: now })
    expect(await handler.get('canary-key', [])).toBeUndefined()
  })

  it("Next's config loader takes a built configuration from STANDALONE_CONFIG_ENV instead of compiling next.config.ts", () => {
    const loader = nextFile('server/config.js')
    expect(loader).toContain(`process.env.${STANDALONE_CONFIG_ENV}`)
    // ...and that answer comes before the configuration file is looked for.
    const answered = loader.indexOf(`JSON.parse(process.env.${STANDALONE_CONFIG_ENV})`)
    expect(answered).toBeGreaterThan(0)
    expect(answered).toBeLessThan(loader.indexOf("let configFileName = 'next.config.js'"))
  })
})
