/**
 * The booking race: many visitors book the same time at the same instant, spread over one or more addresses
 * of the site (instances, or a proxy in front of them). Used by the browser tests and the scale-out script.
 */
import http from 'node:http'

import { BOOKED, SLOT_TAKEN } from '../../src/features/booking/rules'

/** What the one winner hears, and what everyone else hears. */
export const WON = `200 ${BOOKED}`
export const LOST = `409 ${SLOT_TAKEN}`

/**
 * Each visitor comes from an address of their own, 198.51.100.x as a proxy in front would append it, and,
 * on loopback, from a socket bound to 127.0.0.x (so a proxy in front, which overwrites X-Forwarded-For
 * with the address it sees, tells them apart too).
 */
function post(url: string, body: string, visitor: number): Promise<string> {
  const target = new URL(url)
  const loopback = /^(127\.|localhost$)/.test(target.hostname)
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method: 'POST',
        agent: false,
        ...(loopback ? { localAddress: `127.0.0.${(visitor % 250) + 2}`, family: 4 } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `198.51.100.${(visitor % 250) + 1}`,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          let message: string | undefined
          try {
            message = (JSON.parse(text) as { message?: string }).message
          } catch {
            message = text.slice(0, 80)
          }
          resolve(`${res.statusCode} ${message}`)
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** What each visitor heard: "<status> <message>". The time they raced for is the first one offered. */
export async function raceForOneTime(
  urls: string[],
  visitors = 100,
): Promise<{ slot: string; outcomes: string[]; emails: string[] }> {
  const html = await (await fetch(`${urls[0]}/scheduling`)).text()
  const slot = /name="slot" value="([^"]+)"/.exec(html)?.[1]
  if (!slot) throw new Error(`${urls[0]}/scheduling offers no time to book`)
  const emails = Array.from({ length: visitors }, (_, i) => `racer${i}@example.com`)
  const outcomes = await Promise.all(
    emails.map((email, i) =>
      post(
        `${urls[i % urls.length]}/api/discovery-calls`,
        JSON.stringify({ slot, name: `Racer ${i}`, email, timeZone: 'UTC' }),
        i,
      ),
    ),
  )
  return { slot, outcomes, emails }
}
