import { PUBLIC_PATHS } from '../../src/domain/navigation'

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
 * build-time render; when the database is up we wait until each page shows real content.
 */
export async function warmUp(baseUrl: string, databaseUp: boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (const path of PUBLIC_PATHS) {
    for (;;) {
      const html = await fetch(`${baseUrl}${path}`).then((r) => r.text(), () => '')
      if (!databaseUp || !html.includes('Please try again later.') || Date.now() > deadline) break
      await sleep(250)
    }
  }
}
