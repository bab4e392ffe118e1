import { expect, test } from './fixtures'

import { LOST, raceForOneTime, WON } from '../../scripts/lib/booking-race'
import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { seededTemplate } from '../support/database'
import { confirmationsSent } from '../support/mail-files'
import { e2ePort } from '../support/ports'
import { stressSize } from '../support/stress'
import { startTestServer } from '../support/test-server'

/** How many visitors race: 20 on every commit, 100 under `npm run test:stress`. */
const VISITORS = stressSize(20, 100)

/**
 * VISITORS visitors book one time at the same instant, over HTTP, through the production build of one server on
 * SQLite. Exactly one call is stored and confirmed; every other visitor hears the time was just taken (409),
 * never an error page or a 5xx. (Two instances on one PostgreSQL race in ./instances.e2e.ts.)
 */
test.describe(`${VISITORS} simultaneous bookings of one time, one server on SQLite`, () => {
  let site: RunningSite

  test.beforeAll(async () => {
    // Behind one proxy, as in deploy: each visitor is told apart by the address the proxy appends.
    site = await startTestServer(
      'e2e-race',
      e2ePort(12),
      { TRUST_PROXY_HOPS: '1', PAYLOAD_SECRET: 'booking-race-secret', OUTBOX_INTERVAL_MS: '3600000' },
      { startFrom: seededTemplate('SQLite')?.dataDir },
    )
  })

  test.afterAll(() => site?.stop())

  test(`stores one call and sends one confirmation; the other ${VISITORS - 1} hear “That time was just taken.”`, async () => {
    const { slot, outcomes, emails } = await raceForOneTime([site.url], VISITORS)
    expect(outcomes.filter((o) => o === WON)).toHaveLength(1)
    expect(outcomes.filter((o) => o !== WON)).toEqual(Array(VISITORS - 1).fill(LOST))
    // The time is gone for the next visitor.
    expect(await (await fetch(`${site.url}/scheduling`)).text()).not.toContain(`value="${slot}"`)
    // One confirmation, to the winner.
    const winner = emails[outcomes.indexOf(WON)]
    await expect.poll(() => confirmationsSent([site]), { timeout: 20_000 }).toEqual([winner])
    expect(serverErrorLines(site.logFile)).toEqual([])
  })
})
