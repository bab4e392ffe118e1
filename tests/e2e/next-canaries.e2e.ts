/**
 * Canaries on the built and started site for the assumptions about Next named in
 * src/platform/next-internals.ts (the unit canaries there check the installed Next itself). Elsewhere: the
 * client router's headers changing nothing on a public page (security.e2e.ts), an edit on one instance shown
 * on the other's next request (instances.e2e.ts), a page form over Next's body limit refused (hostile-input).
 */
import fs from 'node:fs'

import { expect, test } from './fixtures'

import { PUBLIC_PATHS } from '@/domain/navigation'
import { leanPage } from '@/platform/server/lean-page'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
})

/** What of Next's client runtime a document holds: script files, inline data and bootstrap, preloads. */
const runtimeIn = (html: string) => ({
  scriptFiles: [...html.matchAll(/<script\b[^>]*\ssrc="(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((m) => m[1]),
  inlineData: html.includes('self.__next_f'),
  preloads: [...html.matchAll(/<link\b[^>]*rel="(?:preload|modulepreload)"[^>]*as="script"[^>]*>/g)].length,
})

test.describe("Next's runtime on the built site", () => {
  test("public pages hold none of Next's client runtime, only the site's own script", async () => {
    for (const path of [...PUBLIC_PATHS, '/newsletter/confirmed']) {
      const html = await (await fetch(`${SEEDED}${path}`)).text()
      expect(runtimeIn(html), path).toEqual({ scriptFiles: [], inlineData: false, preloads: 0 })
      expect(html, path).toMatch(/<script src="\/_next\/static\/site\/enhance-[0-9a-f]{16}\.js" defer><\/script>/)
    }
  })

  test("the admin's page holds Next's runtime as this Next writes it, and the lean rewrite takes all of it out", async () => {
    // As a public page would come from Next: a request with no policy gets scripts without a nonce.
    const html = (await (await fetch(`${SEEDED}/admin/login`)).text()).replace(/\snonce="[^"]*"/g, '')
    const kept = runtimeIn(html)
    // If Next stops writing its runtime so, the patterns no longer prove anything: this fails first.
    expect(kept.scriptFiles.length).toBeGreaterThan(0)
    expect(kept.inlineData).toBe(true)
    expect(runtimeIn(leanPage(html, { script: null, readStylesheet: () => null }))).toEqual({
      scriptFiles: [],
      inlineData: false,
      preloads: 0,
    })
  })

  test("the serving process runs on the build's configuration: Next's compiler is never loaded into it", async ({
    seeded,
  }) => {
    // A page and the admin served, so everything a visitor or the coach starts has loaded.
    expect((await fetch(`${SEEDED}/`)).status).toBe(200)
    expect((await fetch(`${SEEDED}/admin/login`)).status).toBe(200)
    const pid = seeded.pid
    expect(String(pid), "the seeded site's process (tests/e2e/fixtures.ts)").toMatch(/^\d+$/)
    const maps = fs.readFileSync(`/proc/${pid}/maps`, 'utf8')
    // The check can see what it looks for: the process has mapped Node's own binary.
    expect(maps).toMatch(/\/node\b/)
    expect(maps).not.toMatch(/next-swc/)
  })
})
