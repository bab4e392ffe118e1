import type { BrowserContext } from 'playwright-core'

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
  return () => [...seen]
}
