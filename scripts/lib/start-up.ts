import { PUBLIC_PATHS } from '../../src/domain/navigation'

/*
 * What the server program (scripts/site-server.ts) does once Next listens: wait for it, then warm every public
 * page. Apart from ./server.ts, which holds the test and benchmark helpers, so the server's build imports none
 * of those (esbuild keeps every import of a package it leaves outside the bundle).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until the server answers a public page (not /admin: it answers 200 before anything works). */
export async function waitForServer(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/robots.txt`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`The server at ${baseUrl} did not answer within ${timeoutMs / 1000} s`)
}

/**
 * Pages are prerendered at build time without a database, so each holds the lists' failure texts until its
 * first request after start re-renders it. Requesting every page here means no visitor ever sees that
 * build-time render; when the database is up we wait until each page shows real content. All pages at once:
 * each first request answers the build-time render and starts the re-render in the background, and an
 * answer is kept for a second (src/platform/server/page-cache.ts), so one page after the other took about a
 * second each.
 */
export async function warmUp(baseUrl: string, databaseUp: boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  await Promise.all(
    PUBLIC_PATHS.map(async (path) => {
      for (;;) {
        const html = await fetch(`${baseUrl}${path}`).then(
          (r) => r.text(),
          () => '',
        )
        if (!databaseUp || !html.includes('Please try again later.') || Date.now() > deadline) return
        await sleep(250)
      }
    }),
  )
}
