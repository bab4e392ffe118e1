import type { Page } from 'playwright-core'

/**
 * A page whose scripts are held back until `release()`: what a person sees and does on a slow phone before
 * the page's script has run (the public pages' enhancement script, or the admin's React taking the server's
 * HTML over). `open(url)` goes to the address and answers as soon as the server's HTML has begun to arrive,
 * so the test can act on what the server drew, once, and release the scripts afterwards. The scripts go
 * through the test from then on (routed, so not cached), for this page's whole life.
 */
export async function holdScripts(page: Page): Promise<{ open: (url: string) => Promise<void>; release: () => void }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (address) => address.pathname.startsWith('/_next/') && address.pathname.endsWith('.js'),
    async (route) => {
      await held
      await route.continue()
    },
  )
  return {
    open: async (url) => {
      await page.goto(url, { waitUntil: 'commit' })
    },
    release: () => release(),
  }
}

/**
 * The words a control is described by (aria-describedby), as assistive technology reads them: e.g.
 * "Loading…" for a control drawn before it works.
 */
export const descriptionOf = (page: Page, selector: string): Promise<string> =>
  page.locator(selector).evaluate((control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )
