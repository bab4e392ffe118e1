import fs from 'node:fs'
import path from 'node:path'

import PostalMime from 'postal-mime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serverErrorLines, startBuildCopy, type RunningSite } from '../../scripts/lib/server'
import { freshPostgres } from '../integration/database'
import { e2ePort } from './ports'

const SETUPS: [string, number[]][] = [
  ['one server on SQLite', [e2ePort(12)]],
  ...(process.env.TEST_POSTGRES_URL
    ? [['two servers on one PostgreSQL', [e2ePort(13), e2ePort(14)]] as [string, number[]]]
    : []),
]

/**
 * 100 visitors book one time at the same instant, over HTTP, through the production build: on one server
 * with SQLite, and spread over two servers sharing one PostgreSQL (two app instances behind a load
 * balancer). Exactly one call is stored and confirmed; every other visitor hears the time was just taken
 * (409), never an error page or a 5xx.
 */
describe.each(SETUPS)('100 simultaneous bookings of one time, %s', (label, ports) => {
  const sites: RunningSite[] = []
  let dropDatabase = async () => {}

  beforeAll(async () => {
    // Behind one proxy, as in deploy: each visitor is told apart by the address the proxy appends.
    const env: Record<string, string> = {
      TRUST_PROXY_HOPS: '1',
      PAYLOAD_SECRET: 'booking-race-secret',
      OUTBOX_INTERVAL_MS: '3600000',
    }
    if (ports.length > 1) {
      const pg = await freshPostgres(process.env.TEST_POSTGRES_URL!)
      dropDatabase = pg.cleanup
      env.DATABASE_URL = pg.url
    }
    // One after the other: the first migrates and seeds the shared database, the next finds it ready.
    for (const [i, port] of ports.entries()) sites.push(await startBuildCopy(`e2e-race-${i}`, port, env))
  }, 120_000)

  afterAll(async () => {
    await Promise.all(sites.map((s) => s.stop()))
    await dropDatabase()
  })

  it('stores one call and sends one confirmation; the other 99 hear “That time was just taken.”', async () => {
    const html = await (await fetch(`${sites[0]!.url}/scheduling`)).text()
    const slot = /name="slot" value="([^"]+)"/.exec(html)![1]!
    const attempts = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const site = sites[i % sites.length]!
        const res = await fetch(`${site.url}/api/discovery-calls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
          body: JSON.stringify({ slot, name: `Racer ${i}`, email: `racer${i}@example.com`, timeZone: 'UTC' }),
        })
        const body = (await res.json()) as { message?: string }
        return `${res.status} ${body.message}`
      }),
    )
    expect(attempts.filter((a) => a === '200 Your discovery call is booked.')).toHaveLength(1)
    expect(attempts.filter((a) => !a.startsWith('200 '))).toEqual(
      Array(99).fill('409 That time was just taken. Please pick another.'),
    )

    // The time is gone for the next visitor on every server.
    for (const site of sites) {
      const page = await (await fetch(`${site.url}/scheduling`)).text()
      expect(page).not.toContain(`value="${slot}"`)
    }
    // One confirmation, to the winner: written to the data folder of the server whose worker sent it.
    const winner = attempts.findIndex((a) => a.startsWith('200 '))
    const confirmations = async () => {
      const files = sites.flatMap((s) => {
        const dir = path.join(s.dataDir, 'outbox')
        return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []
      })
      const mails = await Promise.all(files.map((f) => PostalMime.parse(fs.readFileSync(f))))
      return mails.filter((m) => m.subject?.startsWith('Your discovery call is booked')).map((m) => m.to?.[0]?.address)
    }
    await expect.poll(confirmations, { timeout: 20_000 }).toEqual([`racer${winner}@example.com`])
    for (const site of sites) expect(serverErrorLines(site.logFile), `${label}: ${site.url}`).toEqual([])
  }, 120_000)
})
