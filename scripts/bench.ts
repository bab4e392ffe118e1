/**
 * `npm run bench`: throughput and latency of the public site on this machine. Serves a copy of the
 * production build on a freshly seeded SQLite database (or DATABASE_URL) and loads each target with
 * autocannon on loopback. Figures only; nothing here asserts a speed.
 */
import path from 'node:path'

import autocannon from 'autocannon'

import { buildIfNeeded, startBuildCopy } from './lib/server'

process.chdir(path.resolve(import.meta.dirname, '..'))
buildIfNeeded()

const TARGETS = ['/', '/blog', '/workshops', '/api/testimonials', '/api/blogs']
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

const site = await startBuildCopy(
  'bench',
  3401,
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
)
try {
  console.log(`\n${connections} connections, ${seconds} s per target, ${site.url}\n`)
  console.log('target                 req/s    p50 ms   p99 ms   errors  non-2xx')
  for (const target of TARGETS) {
    const result = await autocannon({ url: `${site.url}${target}`, connections, duration: seconds })
    console.log(
      `${target.padEnd(20)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)} ${String(result.errors).padStart(8)} ${String(result.non2xx).padStart(8)}`,
    )
  }
} finally {
  await site.stop()
}
process.exit(0)
