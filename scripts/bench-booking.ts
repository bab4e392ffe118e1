/**
 * `npm run bench:booking`: the booking page and booking itself on loopback, against a copy of the production
 * build on a fresh seeded SQLite database (or DATABASE_URL). Prints the slot page's req/s, p50 and p99, the
 * throughput of booking every open time at once, and a 100-way race for one time (exactly one must win).
 * Figures only; exits 1 only when the race or the bookings come out wrong.
 */
import autocannon from 'autocannon'

import { benchDatabase, benchFromFreshBuild, startBuildCopy } from './lib/server'

benchFromFreshBuild()

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const site = await startBuildCopy('bench-booking', 3403, {
  OUTBOX_INTERVAL_MS: '3600000',
  // As behind one proxy: each simulated visitor is told apart by the address in X-Forwarded-For.
  TRUST_PROXY_HOPS: '1',
  ...benchDatabase(),
})

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(0)

let client = 0
const book = async (slot: string) => {
  const i = ++client
  const started = performance.now()
  const res = await fetch(`${site.url}/api/discovery-calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.2` },
    body: JSON.stringify({ slot, name: `Visitor ${i}`, email: `visitor${i}@example.com`, timeZone: 'UTC' }),
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

let exitCode = 0
try {
  const page = await autocannon({ url: `${site.url}/scheduling`, connections, duration: seconds })
  console.log(`\n/scheduling, ${connections} connections, ${seconds} s`)
  console.log(
    `  ${page.requests.average.toFixed(0)} req/s, p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, errors ${page.errors}, non-2xx ${page.non2xx}`,
  )

  const html = await (await fetch(`${site.url}/scheduling`)).text()
  const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!)
  const race = slots.shift()!
  // The race first: booking every other time at once fills days up to the daily cap, the race's day too.
  const raced = await Promise.all(Array.from({ length: 100 }, () => book(race)))
  const winners = raced.filter((r) => r.status === 200).length
  const errors = raced.filter((r) => r.status >= 500).length
  const rms = raced.map((r) => r.ms).sort((a, b) => a - b)
  console.log(
    `\n100 attempts at one time at once: ${winners} booked, ${100 - winners - errors} refused (409), ${errors} errors`,
  )
  console.log(`  p50 ${percentile(rms, 50)} ms, p99 ${percentile(rms, 99)} ms`)
  if (winners !== 1 || errors) exitCode = 1

  const t0 = performance.now()
  const results = await Promise.all(slots.map(book))
  const wall = (performance.now() - t0) / 1000
  const ok = results.filter((r) => r.status === 200).length
  const ms = results.map((r) => r.ms).sort((a, b) => a - b)
  console.log(`\nbooking ${slots.length} different open times at once: ${ok} booked in ${wall.toFixed(2)} s`)
  console.log(
    `  ${(slots.length / wall).toFixed(1)} bookings/s, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms`,
  )
  // With the default daily cap of 4, only the first 4 times of each day can be booked.
  const statuses = new Map<number, number>()
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
  console.log(`  answers: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}`)
  if (results.some((r) => r.status >= 500)) exitCode = 1
} finally {
  await site.stop()
}
process.exit(exitCode)
