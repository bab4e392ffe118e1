import { randomBytes } from 'node:crypto'

import { createClient } from '@redis/client'
import { expect, test } from './fixtures'

import { LOST, raceForOneTime, WON } from '../../scripts/lib/booking-race'
import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { freshPostgres } from '../support/database'
import { COACH } from '../support/coach'
import { confirmationsSent } from '../support/mail-files'
import { postgresServer } from '../support/own-sites'
import { e2ePort } from '../support/ports'
import { stressSize } from '../support/stress'
import { startTestServer } from '../support/test-server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** How many visitors race for one time: 20 on every commit, 100 under `npm run test:stress`. */
const VISITORS = stressSize(20, 100)

/**
 * Two instances of the production build, as behind a load balancer: one PostgreSQL database, one Redis for
 * the cache they share (REDIS_URL, with a key prefix of this run's own), each with its own memory.
 */
// Without TEST_POSTGRES_URL the tests fail and say so (postgresServer): two instances need PostgreSQL.
test.describe('two instances on one PostgreSQL and one Redis (needs TEST_POSTGRES_URL)', () => {
  const prefix = `coach-test-${randomBytes(4).toString('hex')}:`
  const sites: RunningSite[] = []
  let dropDatabase = async () => {}
  const [a, b] = [() => sites[0]!.url, () => sites[1]!.url]

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const pg = await freshPostgres(postgresServer())
    dropDatabase = pg.cleanup
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      // Behind one proxy: each visitor is told apart by the address the proxy appends.
      TRUST_PROXY_HOPS: '1',
      PAYLOAD_SECRET: 'instances-secret',
      OUTBOX_INTERVAL_MS: '3600000',
      // Each instance keeps what it sent for a minute, not a second: every "next request" below shows what
      // the instances shared, never the second running out.
      PAGE_CACHE_MS: '60000',
    }
    // One after the other: the first migrates and seeds the shared database, the next finds it ready.
    for (const i of [0, 1]) sites.push(await startTestServer(`e2e-instance-${i}`, e2ePort(13 + i), env))
  })

  test.afterAll(async () => {
    await Promise.all(sites.map((s) => s.stop()))
    await dropDatabase()
    const redis = await createClient({ url: REDIS_URL }).connect()
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` })) if (keys.length) await redis.del(keys)
    await redis.destroy()
  })

  test('shows an edit made through either instance on the other’s very next request', async () => {
    const api = `${a()}/cms-api`
    const json = { 'content-type': 'application/json' }
    expect(
      (await fetch(`${api}/users/first-register`, { method: 'POST', headers: json, body: JSON.stringify(COACH) }))
        .status,
    ).toBe(200)
    const { token } = (await (
      await fetch(`${api}/users/login`, { method: 'POST', headers: json, body: JSON.stringify(COACH) })
    ).json()) as { token: string }
    const coach = { ...json, authorization: `JWT ${token}` }
    const { docs } = (await (await fetch(`${api}/books?limit=1&sort=id`, { headers: coach })).json()) as {
      docs: { id: number; title: string }[]
    }
    const book = docs[0]!
    const titlesOn = async (url: string) => {
      const page = await (await fetch(`${url}/books`)).text()
      const read = (await (await fetch(`${url}/api/books`)).json()) as { title: string }[]
      return { page: page.includes(book.title), api: read.some((d) => d.title === book.title) }
    }

    for (const [editor, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      // Both instances have the page and the read rendered, cached, and kept for a second.
      for (const url of [a(), b()])
        expect(await titlesOn(url), `before the edit through ${editor()}, on ${url}`).toEqual({ page: true, api: true })
      book.title = `Edited through ${editor()} ${randomBytes(3).toString('hex')}`
      const saved = await fetch(`${editor()}/cms-api/books/${book.id}`, {
        method: 'PATCH',
        headers: coach,
        body: JSON.stringify({ title: book.title }),
      })
      expect(saved.status).toBe(200)
      // The very next request to the other instance: the new title, on the page and in the read API.
      expect(await titlesOn(reader()), `after, on the other (${reader()})`).toEqual({ page: true, api: true })
      expect(await titlesOn(editor()), `after, on ${editor()} itself`).toEqual({ page: true, api: true })
    }

    // What one instance rendered is in Redis for the other to find.
    const redis = await createClient({ url: REDIS_URL }).connect()
    const entries = await redis.keys(`${prefix}entry:*`)
    await redis.destroy()
    expect(entries.length).toBeGreaterThan(0)
  })

  test(`takes ${VISITORS} simultaneous bookings of one time spread over both: one is stored and confirmed`, async () => {
    // Both instances keep the booking page as it is before the race.
    const before = await Promise.all([a(), b()].map(async (url) => (await fetch(`${url}/scheduling`)).text()))
    const { slot, outcomes, emails } = await raceForOneTime([a(), b()], VISITORS)
    for (const html of before) expect(html).toContain(`value="${slot}"`)
    expect(outcomes.filter((o) => o === WON)).toHaveLength(1)
    expect(outcomes.filter((o) => o !== WON)).toEqual(Array(VISITORS - 1).fill(LOST))
    // The time is gone for the next visitor on either instance.
    for (const url of [a(), b()])
      expect(await (await fetch(`${url}/scheduling`)).text()).not.toContain(`value="${slot}"`)
    const winner = emails[outcomes.indexOf(WON)]
    await expect.poll(() => confirmationsSent(sites), { timeout: 20_000 }).toEqual([winner])
    for (const site of sites) expect(serverErrorLines(site.logFile), site.url).toEqual([])
  })
})
