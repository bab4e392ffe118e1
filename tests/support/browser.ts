import AxeBuilder from '@axe-core/playwright'
import { test } from '@playwright/test'
import type { Browser, BrowserContext, Page } from 'playwright-core'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'
import { expect } from './runner'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

/** Debian's Chromium, with the flags every test browser gets (playwright.config.ts hands them to the runner). */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }

/**
 * Visitors for one test file (call it at the file's top level): a function that opens a page for a new
 * visitor (or the coach at the admin) in the worker's browser (Playwright's `browser` fixture), in a browser context of its own at DESKTOP size, with or without
 * JavaScript, in a time zone if given, and from a client address of its own (`${network}.1`, `.2`, ... in
 * X-Forwarded-For, which the seeded servers believe), so rate limits stay per visitor. The contexts are
 * closed after the file's tests.
 */
export function browserVisitors(
  network: string,
): (options: { javaScriptEnabled: boolean; timezoneId?: string }) => Promise<Page> {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  let clients = 0
  test.beforeAll(({ browser: given }) => void (browser = given))
  test.afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()))
  })
  const open = async ({ javaScriptEnabled, timezoneId }: { javaScriptEnabled: boolean; timezoneId?: string }) => {
    const context = await browser!.newContext({
      viewport: DESKTOP,
      javaScriptEnabled,
      ...(timezoneId ? { timezoneId } : {}),
      extraHTTPHeaders: { 'x-forwarded-for': `${network}.${++clients}` },
    })
    contexts.push(context)
    return context.newPage()
  }
  return open
}

/**
 * Inside a describe block: a maker of new pages in the worker's browser (Playwright's `browser` fixture) at
 * DESKTOP size, each in a browser context of its own; the contexts are closed after the block's tests.
 */
export function desktopPages(): () => Promise<Page> {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  test.beforeAll(({ browser: given }) => void (browser = given))
  test.afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()))
  })
  return async () => {
    const context = await browser!.newContext({ viewport: DESKTOP })
    contexts.push(context)
    return context.newPage()
  }
}

/**
 * Opens `url` with the page's scripts held back while `type` runs, then lets them load: what a person types
 * into the boxes the server drew before the page's script takes them over (hydration, slow on a phone). The
 * page's scripts go through the test from then on (routed, so not cached).
 */
export async function typedBeforeScripts(page: Page, url: string, type: () => Promise<unknown>): Promise<void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (address) => address.pathname.startsWith('/_next/') && address.pathname.endsWith('.js'),
    async (route) => {
      await held
      await route.continue()
    },
  )
  await page.goto(url, { waitUntil: 'commit' })
  await type()
  release()
}

/**
 * axe-core on the page as it stands (or on the part of it `within` selects, e.g. a component of ours inside
 * Payload's admin, whose own screens are not ours to fix): no serious or critical violations.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, within?: string): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  const results = await (within ? axe.include(within) : axe).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

/** axe on the page at `url` as a new visitor (of `newVisitor`, see browserVisitors) with JavaScript sees it. */
export async function axeOf(
  newVisitor: (options: { javaScriptEnabled: boolean }) => Promise<Page>,
  url: string,
  label: string,
): Promise<void> {
  const page = await newVisitor({ javaScriptEnabled: true })
  await page.goto(url)
  await expectNoSeriousA11yViolations(page, label)
  await page.close()
}
