/**
 * `npm run soak`: does the site's memory stay flat under steady load? Serves a copy of the production build on
 * a freshly seeded SQLite database (or DATABASE_URL), then keeps SOAK_CONNECTIONS connections (50) busy on
 * loopback for SOAK_MINUTES (10), each connection cycling through every public page, the read API and the
 * booking page, and prints the process tree's resident memory every minute: its lowest and highest in that
 * minute beside the requests answered. Figures only, never a verdict of a test (decision record 043).
 */
import path from 'node:path'

import autocannon from 'autocannon'

import { PUBLIC_PATHS } from '../src/domain/navigation'
import { megabytes, treeRss } from './lib/memory'
import { buildIfNeeded, startBuildCopy } from './lib/server'

process.chdir(path.resolve(import.meta.dirname, '..'))

const minutes = Number(process.env.SOAK_MINUTES ?? 10)
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50)
const PATHS = [
  ...PUBLIC_PATHS,
  '/api/testimonials',
  '/api/blogs',
  '/api/coaching-services',
  '/api/books',
  '/api/workshops',
]

buildIfNeeded()
const site = await startBuildCopy(
  'soak',
  3411,
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
)
try {
  console.log(`\n${connections} connections for ${minutes} min over ${PATHS.length} addresses; ${site.url}`)
  console.log(`idle after start: ${megabytes(treeRss(site.pid))}\n`)
  console.log('minute   lowest  highest  requests  non-2xx')
  let finish = () => {}
  const finished = new Promise<void>((resolve) => (finish = resolve))
  const load = autocannon(
    { url: site.url, connections, duration: minutes * 60, requests: PATHS.map((p) => ({ method: 'GET', path: p })) },
    () => finish(),
  )
  let answered = 0
  let failed = 0
  load.on('response', (_client: unknown, status: number) => {
    answered++
    if (status < 200 || status > 299) failed++
  })
  const started = Date.now()
  let low = Infinity
  let high = 0
  let minute = 1
  const sampler = setInterval(() => {
    const rss = treeRss(site.pid)
    low = Math.min(low, rss)
    high = Math.max(high, rss)
    if (Date.now() - started >= minute * 60_000) {
      console.log(
        `${String(minute).padStart(6)} ${megabytes(low).padStart(8)} ${megabytes(high).padStart(8)} ${String(answered).padStart(9)} ${String(failed).padStart(8)}`,
      )
      minute++
      low = Infinity
      high = 0
      answered = 0
      failed = 0
    }
  }, 250)
  await finished
  clearInterval(sampler)
  await new Promise((r) => setTimeout(r, 5000))
  console.log(`\nfive seconds after the load: ${megabytes(treeRss(site.pid))}`)
} finally {
  await site.stop()
}
process.exit(0)
