import type { BrowserContext, Page } from 'playwright-core'
import { expect } from '@playwright/test'

/**
 * Collects every Content-Security-Policy violation the pages of a browser context report, across navigations:
 * the document's `securitypolicyviolation` events (directive and what was blocked) and Chromium's console
 * lines about the policy (which also cover what no event reaches, e.g. a worker). Answers a function that
 * gives the violations seen so far.
 */
export async function watchPolicyViolations(context: BrowserContext): Promise<() => string[]> {
  const seen: string[] = []
  await context.exposeBinding('__policyViolation', ({ page }, text: string) => {
    seen.push(`${new URL(page.url()).pathname}: ${text}`)
  })
  await context.addInitScript(() => {
    const report = (window as unknown as { __policyViolation: (text: string) => void }).__policyViolation
    document.addEventListener('securitypolicyviolation', (e) => {
      void report(`${e.violatedDirective} ${e.blockedURI}${e.sample ? ` (${e.sample})` : ''}`)
    })
  })
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`)
  })
  const violations = () => seen.filter((line) => !line.includes(PROBE_HOST))
  everything.set(violations, seen)
  return violations
}

/** What each watchPolicyViolations function has seen, reportedSoFar's probes included. */
const everything = new WeakMap<() => string[], string[]>()

/** The host of the violations reportedSoFar causes on purpose (.invalid: never a real one). */
const PROBE_HOST = 'policy-probe.invalid'
let probes = 0

/**
 * Waits until every violation the page has caused so far has reached `violations` (a watchPolicyViolations
 * function): the page causes one more on purpose (a fetch of another origin, which the policy's connect-src
 * refuses), and once the document's event for it is in (after Chromium's console lines about it), so are the
 * reports of every violation before it, made in the order they happened. The probe's own reports are left out
 * of `violations`.
 */
export async function reportedSoFar(page: Page, violations: () => string[]): Promise<void> {
  const probe = `https://${++probes}.${PROBE_HOST}/`
  await page.evaluate(
    (url) =>
      fetch(url).then(
        () => {},
        () => {},
      ),
    probe,
  )
  const seen = everything.get(violations)!
  await expect.poll(() => seen.some((line) => !line.startsWith('console: ') && line.includes(probe))).toBe(true)
}
