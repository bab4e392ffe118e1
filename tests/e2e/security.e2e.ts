import { createHash } from 'node:crypto'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PUBLIC_PATHS } from '@/domain/navigation'
import { launchBrowser, PHONE, SEEDED } from './browser'
import { logInAsCoach } from './coach'

/** Every inline script of a document, as the browser will hash it. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\ssrc=/.test(attrs!) && !/type="application\/ld\+json"/.test(attrs!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`)

const DOCUMENTS = [...PUBLIC_PATHS, '/newsletter/confirmed', '/a-page-that-does-not-exist', '/admin/login']

describe('security headers on every response', () => {
  it('documents: a policy listing the hash of each of their inline scripts and no other script source', async () => {
    for (const path of DOCUMENTS) {
      const res = await fetch(`${SEEDED}${path}`)
      const policy = res.headers.get('content-security-policy') ?? ''
      const html = await res.text()
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? []
      expect(scriptSrc[0], path).toBe("'self'")
      expect(scriptSrc.slice(1).sort(), path).toEqual([...new Set(inlineScripts(html))].sort())
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(policy, path).toContain(directive)
      }
      expect(policy, path).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:)/)
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()')
      // Served over plain HTTP here: no HSTS (it is sent when SITE_URL is https).
      expect(res.headers.get('strict-transport-security'), path).toBeNull()
    }
  })

  it('keeps public pages and the read API cacheable by a CDN, compressed, under the policy', async () => {
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

describe('the pages under their policy in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('run with no policy violation: the menu opens, the video player loads from its host, the admin works', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = [])
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    const page = await context.newPage()
    const violations = async (path: string) => {
      await page.goto(`${SEEDED}${path}`)
      await page.waitForLoadState('load')
      return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
    }
    for (const path of DOCUMENTS) expect(await violations(path), path).toEqual([])

    // React is running: the menu button opens the navigation.
    await page.goto(`${SEEDED}/`)
    const menu = page.getByRole('button', { name: /menu/i })
    await menu.click()
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
    // The intro video, once asked for, is framed from its host (the only other origin allowed).
    await page.goto(`${SEEDED}/about`)
    await page.getByRole('button', { name: /play/i }).first().click()
    await page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').waitFor({ state: 'attached' })
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([])

    // The admin's own screens, logged in: the dashboard, a list, a form with the rich-text editor.
    const { token } = await logInAsCoach()
    await context.addCookies([{ name: 'payload-token', value: token, url: SEEDED }])
    for (const path of ['/admin', '/admin/collections/testimonials', '/admin/globals/about-page']) {
      expect(await violations(path), path).toEqual([])
      await page.locator('.template-default, .dashboard, form').first().waitFor()
      await page.waitForTimeout(500)
      const seen = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
      expect(seen, path).toEqual([])
    }
    await page.locator('[data-field-path="journey"] [contenteditable="true"]').waitFor()
    await context.close()
  })
})
