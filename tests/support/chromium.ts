/**
 * Debian's Chromium, shared by the browser tests (Playwright) and the Lighthouse budgets: no browser is ever
 * downloaded. The flags keep it off the (closed) network, so no background fetch slows or skews a run.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
