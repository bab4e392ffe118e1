import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { getScriptNonceFromHeaders } from 'next/dist/server/app-render/get-script-nonce-from-header'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { applyContentSecurityPolicy, contentSecurityPolicy, policyForNext, scriptNonce } from './security-headers'

const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`
const scriptSrc = (policy: string | null) => /script-src ([^;]+)/.exec(policy ?? '')?.[1]

/** A script that found its way into a rendered page, as stored content might put it there. */
const INJECTED = "document.title='injected'"

describe('the Content-Security-Policy', () => {
  it('allows scripts from the site only, and inline ones by the nonce it names; no plugins, base or framing', () => {
    expect(scriptSrc(contentSecurityPolicy())).toBe("'self'")
    const policy = contentSecurityPolicy({ nonce: 'bm9uY2UtZm9yLWEtdGVzdA==' })
    expect(scriptSrc(policy)).toBe("'self' 'nonce-bm9uY2UtZm9yLWEtdGVzdA=='")
    expect(policy).not.toMatch(/script-src[^;]*(unsafe|sha256|https?:)/)
    for (const d of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "frame-src 'self' https://www.youtube-nocookie.com",
    ]) {
      expect(policy).toContain(d)
    }
    // Only the admin (the policy with a nonce) frames the site itself: a newsletter issue's preview.
    expect(contentSecurityPolicy()).toContain('frame-src https://www.youtube-nocookie.com;')
  })

  it('makes a new nonce each time, one Next reads back from the policy a request carries', () => {
    const nonces = new Set(Array.from({ length: 100 }, scriptNonce))
    expect(nonces.size).toBe(100)
    const nonce = [...nonces][0]!
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const req = { headers: {} } as http.IncomingMessage
    policyForNext(req, nonce)
    expect(getScriptNonceFromHeaders(req.headers)).toBe(nonce)
  })

  it('takes a policy a client sent off the request: only the server chooses the nonce of a page', () => {
    const sent = { 'content-security-policy': "script-src 'nonce-chosen'", accept: 'text/html' }
    const publicReq = { headers: { ...sent, 'content-security-policy-report-only': "script-src 'nonce-chosen'" } }
    policyForNext(publicReq as unknown as http.IncomingMessage, undefined)
    expect(publicReq.headers).toEqual({ accept: 'text/html' })
    const adminReq = { headers: { ...sent } } as unknown as http.IncomingMessage
    policyForNext(adminReq, 'c2VydmVyLWNob3Nlbg==')
    expect(getScriptNonceFromHeaders(adminReq.headers)).toBe('c2VydmVyLWNob3Nlbg==')
  })
})

describe('a response through applyContentSecurityPolicy', () => {
  let server: http.Server
  let url = ''
  const nonce = scriptNonce()
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/admin')) applyContentSecurityPolicy(req, res, { nonce })
      else applyContentSecurityPolicy(req, res, { rewrite: (html) => html.replace('<p>', '<p class="lean">') })
      if (req.url === '/page' || req.url === '/admin/page') {
        // A page whose rendering holds an inline script nobody wrote into the site, written in pieces.
        const html = `<p>hi</p><script>${INJECTED}</script>`
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.setHeader('Cache-Control', 's-maxage=31536000')
        res.setHeader('Content-Length', Buffer.byteLength(html))
        res.write(html.slice(0, 13))
        setTimeout(() => res.end(html.slice(13)), 20)
      } else if (req.url === '/admin/framed' || req.url === '/framed') {
        res.setHeader('X-Frame-Options', 'DENY')
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src *; frame-ancestors 'self'")
        res.writeHead(200, { 'Content-Type': 'text/html' })
        res.end('<p>framed</p>')
      } else if (req.url === '/admin/looser') {
        res.setHeader('Content-Security-Policy', 'default-src *')
        res.writeHead(200, { 'Content-Type': 'text/html' })
        res.end('<p>looser</p>')
      } else if (req.url === '/not-modified') {
        res.writeHead(304, { 'Content-Type': 'text/html' })
        res.end()
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end('{"ok":true}')
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('sends a public page whole and rewritten, under a policy that does not allow a script the page holds', async () => {
    const res = await fetch(`${url}/page`)
    expect(await res.text()).toBe(`<p class="lean">hi</p><script>${INJECTED}</script>`)
    const policy = res.headers.get('content-security-policy')
    expect(policy).toBe(contentSecurityPolicy())
    expect(policy).not.toContain(sha(INJECTED))
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30')
  })

  it('sends an admin page with its nonce, for no cache to keep; the script without the nonce is not allowed', async () => {
    const res = await fetch(`${url}/admin/page`)
    expect(await res.text()).toBe(`<p>hi</p><script>${INJECTED}</script>`)
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ nonce }))
    expect(res.headers.get('content-security-policy')).not.toContain(sha(INJECTED))
    expect(res.headers.get('cache-control')).toBe('private, no-cache, no-store, max-age=0, must-revalidate')
  })

  it('gives anything else the policy without a nonce, and a 304 none', async () => {
    for (const path of ['/data', '/admin/data']) {
      const json = await fetch(`${url}${path}`)
      expect(await json.json()).toEqual({ ok: true })
      expect(json.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy())
    }
    const notModified = await fetch(`${url}/not-modified`)
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('content-security-policy')).toBeNull()
  })

  it("keeps a stricter policy an answer brings (default-src 'none'), and replaces any other", async () => {
    for (const path of ['/admin/framed', '/framed']) {
      const framed = await fetch(`${url}${path}`)
      expect(await framed.text()).toBe('<p>framed</p>')
      expect(framed.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; img-src *; frame-ancestors 'self'",
      )
      expect(framed.headers.get('x-frame-options'), path).toBe('SAMEORIGIN')
    }
    const looser = await fetch(`${url}/admin/looser`)
    expect(looser.headers.get('x-frame-options')).toBeNull()
    expect(looser.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ nonce }))
  })
})
