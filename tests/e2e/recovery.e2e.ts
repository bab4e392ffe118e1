import net from 'node:net'

import { expect, test } from './fixtures'

import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { freshPostgres } from '../support/database'
import { postgresServer } from '../support/own-sites'
import { e2ePort } from '../support/ports'
import { startTestServer } from '../support/test-server'

/**
 * A TCP relay in front of PostgreSQL that can be switched off and on: the database "goes away" for the
 * site without touching the real server.
 */
function switchableRelay(target: URL): Promise<{ port: number; setUp: (up: boolean) => void; close: () => void }> {
  let up = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    if (!up) return client.destroy()
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => s.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        setUp: (next) => {
          up = next
          if (!next) for (const s of sockets) s.destroy()
        },
        close: () => {
          for (const s of sockets) s.destroy()
          server.close()
        },
      }),
    ),
  )
}

// Without TEST_POSTGRES_URL the test fails and says so (postgresServer): the outage is PostgreSQL's.
test.describe('a database that is down at start and comes back (needs TEST_POSTGRES_URL)', () => {
  let site: RunningSite | undefined
  let relay: Awaited<ReturnType<typeof switchableRelay>> | undefined
  let dropDatabase: () => Promise<void> = async () => {}

  test.beforeAll(async () => {
    const db = await freshPostgres(postgresServer())
    dropDatabase = db.cleanup
    relay = await switchableRelay(new URL(db.url))
    const url = new URL(db.url)
    url.port = String(relay.port)
    site = await startTestServer('e2e-recovery', e2ePort(5), { DATABASE_URL: url.toString() })
  })

  test.afterAll(async () => {
    await site?.stop()
    relay?.close()
    await dropDatabase()
  })

  test('serves the failure text while it is down, then migrates it and shows live data without a restart', async () => {
    const page = () => fetch(`${site!.url}/books`).then((r) => r.text())
    expect(await page()).toContain('Failed to load books. Please try again later.')
    expect((await fetch(`${site!.url}/api/books`)).status).toBe(503)

    relay!.setUp(true)
    // Never seeded (it was down at start), so once migrated the list is loaded and empty.
    await expect.poll(page, { timeout: 40_000, intervals: [1000] }).toContain('No books available at the moment.')
    expect(await (await fetch(`${site!.url}/api/books`)).json()).toEqual([])
    // The outage itself is reported; nothing else is.
    expect(
      serverErrorLines(site!.logFile, /cannot connect to Postgres|Connection terminated unexpectedly|read ECONNRESET/),
    ).toEqual([])
  })
})
