import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Browser } from 'playwright-core'
import { expect, test } from './fixtures'

import { PUBLIC_PATHS } from '@/domain/navigation'
import { applyContentSecurityPolicy } from '@/platform/server/security-headers'
import { followLink } from '../support/admin-forms'
import { PHONE } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { reportedSoFar, watchPolicyViolations } from '../support/policy-violations'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
})

/** What a script that found its way into a page would do, where a test can see it. */
const INJECTED = "document.documentElement.dataset.injected = 'ran'"

/** The script elements of a document that run (not data blocks such as JSON-LD): attributes, and whether inline. */
const runnableScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/type="application\/ld\+json"/.test(attrs!))
    .map(([, attrs, body]) => ({ attrs: attrs!.trim(), inline: !/\ssrc=/.test(attrs!), body: body!.slice(0, 60) }))

const scriptSrc = (policy: string | null) => /script-src ([^;]+)/.exec(policy ?? '')?.[1]

const PUBLIC_DOCUMENTS = [...PUBLIC_PATHS, '/newsletter/confirmed', '/a-page-that-does-not-exist']
const DOCUMENTS = [...PUBLIC_DOCUMENTS, '/admin/login']

test.describe('security headers on every response', () => {
  test('public pages: a policy that allows no inline script, whatever the page holds; they hold none that runs', async () => {
    for (const path of PUBLIC_DOCUMENTS) {
      const res = await fetch(`${SEEDED}${path}`)
      const policy = res.headers.get('content-security-policy') ?? ''
      const html = await res.text()
      expect(scriptSrc(policy), path).toBe("'self'")
      // What the page needs runs from the site's own file; an inline script here would be refused.
      expect(
        runnableScripts(html).filter((s) => s.inline),
        path,
      ).toEqual([])
      expect(html, path).not.toMatch(/\snonce=/)
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(policy, path).toContain(directive)
      }
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()')
      // Served over plain HTTP here: no HSTS (it is sent when SITE_URL is https).
      expect(res.headers.get('strict-transport-security'), path).toBeNull()
    }
    // A policy sent with the request chooses nothing: Next would put its nonce on the framework's scripts
    // (and so keep them in the page). The page rendered for this request alone is as every visitor gets it.
    const chosen = 'Y2hvc2VuLWJ5LWEtdmlzaXRvcg=='
    const asked = await fetch(`${SEEDED}/scheduling?policy-probe=${Date.now()}`, {
      headers: { 'content-security-policy': `script-src 'self' 'nonce-${chosen}'` },
    })
    const html = await asked.text()
    expect(scriptSrc(asked.headers.get('content-security-policy'))).toBe("'self'")
    expect(html).not.toContain(chosen)
    expect(runnableScripts(html).filter((s) => s.inline)).toEqual([])
  })

  test("the admin's pages: only scripts carrying a nonce made for that one answer, never kept by a cache", async () => {
    const answers = await Promise.all([1, 2].map(() => fetch(`${SEEDED}/admin/login`)))
    const nonces: string[] = []
    for (const res of answers) {
      const policy = res.headers.get('content-security-policy') ?? ''
      const nonce = /^'self' 'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(scriptSrc(policy) ?? '')?.[1]
      expect(nonce, policy).toBeDefined()
      nonces.push(nonce!)
      const html = await res.text()
      // Next's runtime, its inline data and Payload's admin: every script carries it.
      const scripts = runnableScripts(html)
      expect(scripts.length).toBeGreaterThan(0)
      expect(scripts.filter((s) => !s.attrs.includes(`nonce="${nonce}"`))).toEqual([])
      expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|sha256|https?:)/)
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(policy).toContain(directive)
      }
      expect(res.headers.get('cache-control')).toMatch(/\bno-store\b/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(nonces[0]).not.toBe(nonces[1])
    // A policy sent with the request does not choose the admin's nonce either.
    const asked = await fetch(`${SEEDED}/admin/login`, {
      headers: { 'content-security-policy': "script-src 'nonce-Y2hvc2VuLWJ5LWEtdmlzaXRvcg=='" },
    })
    expect(asked.headers.get('content-security-policy')).not.toContain('Y2hvc2VuLWJ5LWEtdmlzaXRvcg==')
    expect(await asked.text()).not.toContain('Y2hvc2VuLWJ5LWEtdmlzaXRvcg==')
    // No public page carries an admin's nonce, in its policy or its HTML.
    for (const path of PUBLIC_DOCUMENTS) {
      const res = await fetch(`${SEEDED}${path}`)
      const text = `${res.headers.get('content-security-policy')}\n${await res.text()}`
      for (const nonce of nonces) expect(text, path).not.toContain(nonce)
    }
  })

  test('keeps public pages and the read API cacheable by a CDN, compressed, under the policy', async () => {
    // Kept 5 seconds by a shared cache, then served stale at most 30 more while it is fetched afresh;
    // browsers ask each time (a 304 when it did not change): an edit reaches everyone within seconds.
    const home = await fetch(`${SEEDED}/`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30')
    expect(home.headers.get('content-encoding')).toMatch(/^(br|gzip)$/)
    // Nothing about the framework's own bookkeeping (x-nextjs-cache, x-nextjs-stale-time...).
    expect([...home.headers.keys()].filter((name) => name.startsWith('x-nextjs'))).toEqual([])
    expect(home.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    // Next's client router is not on public pages: its request headers change nothing (no RSC payload at the
    // page's address for a cache that ignores Vary to keep), and nothing varies on them.
    expect(home.headers.get('vary')).toBe('Accept-Encoding')
    const asRouter = await fetch(`${SEEDED}/`, { headers: { rsc: '1', 'next-router-prefetch': '1' } })
    expect([asRouter.headers.get('content-type'), asRouter.headers.get('vary')]).toEqual([
      'text/html; charset=utf-8',
      'Accept-Encoding',
    ])
    expect(await asRouter.text()).toContain('<!DOCTYPE html>')
    const api = await fetch(`${SEEDED}/api/books`)
    expect(api.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30')
    expect(api.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(api.headers.get('x-content-type-options')).toBe('nosniff')
    // The load balancer's probes, answered without Next, carry them too.
    const health = await fetch(`${SEEDED}/healthz`)
    expect([health.headers.get('content-security-policy'), health.headers.get('x-content-type-options')]).toEqual([
      api.headers.get('content-security-policy'),
      'nosniff',
    ])
    const wrongMethod = await fetch(`${SEEDED}/readyz`, { method: 'POST' })
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })
})

test.describe('the pages under their policy in Chromium', () => {
  let browser: Browser
  test.beforeAll(({ browser: given }) => {
    browser = given
  })

  test('run with no policy violation: the menu opens, the video player loads from its host, the admin works', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const violations = await watchPolicyViolations(context)
    const page = await context.newPage()
    const open = async (path: string) => {
      await page.goto(`${SEEDED}${path}`)
      await page.waitForLoadState('load')
    }
    for (const path of DOCUMENTS) await open(path)
    expect(violations()).toEqual([])

    // React is running: the menu button opens the navigation.
    await page.goto(`${SEEDED}/`)
    const menu = page.getByRole('button', { name: /menu/i })
    await menu.click()
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
    // The intro video, once asked for, is framed from its host (the only other origin allowed).
    await page.goto(`${SEEDED}/about`)
    await page.getByRole('button', { name: /play/i }).first().click()
    await page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').waitFor({ state: 'attached' })
    expect(violations()).toEqual([])

    // The admin's own screens, logged in: the dashboard, a list, a form with the rich-text editor, each
    // opened afresh and reached through the admin's own links (its client router loads more scripts).
    const { token } = await logInAsCoach()
    await context.addCookies([{ name: 'payload-token', value: token, url: SEEDED }])
    for (const path of ['/admin', '/admin/collections/testimonials', '/admin/globals/about-page']) {
      await open(path)
      // The screen runs once React has taken over what the server rendered (hydrated it): each element it
      // took over then holds React's own state (a __reactFiber$… property).
      await page.waitForFunction(() => {
        const screen = document.querySelector('.template-default, .dashboard, form')
        return !!screen && Object.keys(screen).some((key) => key.startsWith('__reactFiber$'))
      })
      await reportedSoFar(page, violations)
      expect(violations(), path).toEqual([])
    }
    const editor = page.locator('[data-field-path="journey"] [contenteditable="true"]')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.type(' typed')
    await expect.poll(() => editor.innerText()).toContain(' typed')
    await open('/admin')
    // On a phone the admin's menu is a closed drawer (inert, though laid out): the dashboard's own card is
    // the link a person taps there.
    await followLink(
      page,
      page.locator('a[href="/admin/collections/testimonials"]:visible:not([inert] *)').first(),
      `${SEEDED}/admin/collections/testimonials`,
    )
    // The list shows: the scripts it needed have run.
    await page.locator('table a[href^="/admin/collections/testimonials/"]').first().waitFor()
    await reportedSoFar(page, violations)
    expect(violations()).toEqual([])
    await context.close()
  })

  test('refuses a script that found its way into a public page: it does not run, the site’s own script does', async () => {
    // The server's policy (src/platform/server/security-headers.ts) in front of a rendering of the home page
    // that holds a script nobody wrote into the site, as stored content that escaped its escaping would put
    // it there; everything else (the site's script, styles, images) as the site answers it.
    const home = await (await fetch(`${SEEDED}/`)).text()
    const rendered = home.replace('</body>', `<script>${INJECTED}</script></body>`)
    expect(rendered).toContain(INJECTED)
    const server = http.createServer((req, res) => {
      if (req.url === '/') {
        applyContentSecurityPolicy(req, res, { rewrite: (html) => html })
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        return void res.end(rendered)
      }
      void fetch(`${SEEDED}${req.url}`).then(async (upstream) => {
        res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'text/plain' })
        res.end(Buffer.from(await upstream.arrayBuffer()))
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const context = await browser.newContext({ viewport: PHONE })
    try {
      const violations = await watchPolicyViolations(context)
      const page = await context.newPage()
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      await page.waitForLoadState('load')
      expect(await page.evaluate(() => document.documentElement.dataset.injected ?? 'did not run')).toBe('did not run')
      await expect.poll(() => violations().filter((v) => v.startsWith('/: script-src-elem inline'))).toHaveLength(1)
      // The page still works: its own script opens the menu.
      const menu = page.getByRole('button', { name: /menu/i })
      await menu.click()
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
    } finally {
      await context.close()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})
