/**
 * `npm run bench`: throughput and latency of the public site on this machine, beside nginx in the same run.
 * Serves a copy of the production build on a freshly seeded SQLite database (or DATABASE_URL) and loads each
 * target with autocannon on loopback, three ways:
 *   - nginx serving a saved copy of the home page as a static file (the yardstick);
 *   - the app alone (`npm start`'s server);
 *   - the app behind the nginx configuration we ship (deploy/nginx/coach.conf.template: microcaching).
 * Then prints the ratios against their targets: the app alone ≥ 20 % of nginx static, behind nginx ≥ 90 %
 * (home page, same run, medians of BENCH_ROUNDS alternating rounds). Figures only: nothing here fails on a
 * speed (that would make CI depend on the machine's load); a missed target is printed as such.
 *
 * First, memory (the budget for a 1 GB server, decision record 043): the site's process tree's resident memory
 * at idle after start (pages warmed), then its peak and what it settles at in each of MEMORY_ROUNDS rounds of
 * 50 connections on `/`, `/blog` and `/scheduling` (MEMORY_SECONDS each); a second round adding more than a
 * little is a leak. The throughput table gives the peak under each target beside it.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import autocannon from 'autocannon'

import { megabytes, peakSampler, treeRss } from './lib/memory'
import { NGINX, nginxInstalled, renderSiteConfig, startNginx } from './lib/nginx'
import { benchDatabase, buildIfNeeded, startBuildCopy } from './lib/server'

process.chdir(path.resolve(import.meta.dirname, '..'))

const HOME = '/'
/** The home page, a list page, each read API and the slot page. */
const TARGETS = [
  HOME,
  '/blog',
  '/api/testimonials',
  '/api/blogs',
  '/api/coaching-services',
  '/api/books',
  '/api/workshops',
  '/scheduling',
]
const TARGET_APP_ALONE = 0.2
const TARGET_BEHIND_NGINX = 0.9
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const MEMORY_ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 2)
const MEMORY_SECONDS = Number(process.env.MEMORY_SECONDS ?? 20)
const MEMORY_TARGETS = ['/', '/blog', '/scheduling']
const MB = 1024 * 1024
const BUDGET = { idle: 250 * MB, peak: 400 * MB, growth: 40 * MB }
/** How often memory is read while waiting for it to settle (see `settled`). */
const SETTLE_MS = 5000
const APP_PORT = 3401
const STATIC_PORT = 3402
const PROXY_PORT = 3403
const DRESSED_PORT = 3404

if (!nginxInstalled()) {
  console.error(`nginx is needed beside the app (${NGINX}): apt-get install -y nginx-light`)
  process.exit(1)
}
buildIfNeeded()

type Figures = {
  reqs: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  hits: string
  /** The app's process tree at its highest during the measured load. */
  peak: number
}

async function load(url: string): Promise<Figures> {
  // A short first pass fills caches (the app's rendered pages, nginx's microcache) before the measured one.
  await autocannon({ url, connections: 4, amount: 200 })
  // What nginx's cache says to a request like autocannon's (no Accept-Encoding: its own cache variant).
  const cache = await new Promise<string>((resolve, reject) =>
    http
      .get(url, (res) => {
        res.resume()
        resolve(String(res.headers['x-cache'] ?? ''))
      })
      .on('error', reject),
  )
  const sampler = peakSampler(site.pid)
  const r = await autocannon({ url, connections, duration: seconds })
  const peak = sampler.stop()
  return {
    reqs: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    hits: cache,
    peak,
  }
}

const site = await startBuildCopy(
  'bench',
  APP_PORT,
  // Behind nginx the app believes one proxy hop, as deployed (direct requests carry no X-Forwarded-For).
  { TRUST_PROXY_HOPS: '1', ...benchDatabase() },
)
// The home page exactly as the app sends it (uncompressed, as autocannon asks), saved as a file. Beside the
// plain static copy (the yardstick), the same file with the headers the app sends and a static file lacks
// (the security policy and the rest, about 0.8 kB, and a request id as nginx adds it): what is left between
// that copy and the microcache is the cost of the cache itself.
const home = await fetch(`${site.url}${HOME}`, { headers: { 'Accept-Encoding': 'identity' } })
const homeHtml = await home.text()
const NGINX_OWN = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-type',
  'etag',
])
const nginxString = (value: string) => `"${value.replace(/[\\"$]/g, (c) => (c === '$' ? '${dollar}' : `\\${c}`))}"`
const appHeaders = [...home.headers]
  .filter(([name]) => !NGINX_OWN.has(name) && name !== 'x-request-id')
  .map(([name, value]) => `add_header ${name} ${nginxString(value)};`)
const nginx = await startNginx('bench', (dir) => {
  fs.mkdirSync(path.join(dir, 'static'))
  fs.writeFileSync(path.join(dir, 'static', 'index.html'), homeHtml)
  return `
  geo $dollar { default "$"; }
  server {
    listen 127.0.0.1:${STATIC_PORT};
    root ${dir}/static;
    location = / { try_files /index.html =404; }
  }
  server {
    listen 127.0.0.1:${DRESSED_PORT};
    root ${dir}/static;
    charset utf-8;
    location = / {
      ${appHeaders.join('\n      ')}
      add_header X-Request-Id $request_id;
      try_files /index.html =404;
    }
  }
  ${renderSiteConfig({ listen: `127.0.0.1:${PROXY_PORT}`, upstreams: [`127.0.0.1:${APP_PORT}`], cacheDir: `${dir}/cache` })}
  `
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const within = (value: number, budget: number) =>
  `${megabytes(value)} (budget ≤ ${megabytes(budget)}: ${value <= budget ? 'met' : 'MISSED'})`

/**
 * The tree's resident memory once it has stopped moving: read every SETTLE_MS until two readings differ by
 * less than 2 MB (at most a minute). V8 gives memory back some seconds after the work stops (its memory
 * reducer); 5 s after start it has often not yet, which is what "first" shows beside it.
 */
async function settled(): Promise<{ first: number; settled: number }> {
  await sleep(SETTLE_MS)
  const first = treeRss(site.pid)
  let last = first
  for (let i = 0; i < 60_000 / SETTLE_MS; i++) {
    await sleep(SETTLE_MS)
    const now = treeRss(site.pid)
    const still = Math.abs(now - last) < 2 * MB
    last = now
    if (still) break
  }
  return { first, settled: last }
}

/** Memory first, on a server nothing else has loaded yet. */
async function memoryRounds(): Promise<void> {
  const idle = await settled()
  console.log(
    `\nMemory of the site's process tree (resident), ${connections} connections, ${MEMORY_SECONDS} s per page:`,
  )
  console.log(
    `  idle after start: ${within(idle.settled, BUDGET.idle)}; ${megabytes(idle.first)} ${SETTLE_MS / 1000} s after start`,
  )
  const peaks: number[] = []
  for (let round = 1; round <= MEMORY_ROUNDS; round++) {
    const sampler = peakSampler(site.pid)
    const rates = []
    for (const target of MEMORY_TARGETS) {
      const r = await autocannon({ url: `${site.url}${target}`, connections, duration: MEMORY_SECONDS })
      rates.push(`${target} ${r.requests.average.toFixed(0)} req/s`)
    }
    const peak = sampler.stop()
    peaks.push(peak)
    const after = await settled()
    console.log(
      `  round ${round}: peak ${within(peak, BUDGET.peak)}, then ${megabytes(after.settled)} (${rates.join(', ')})`,
    )
  }
  if (peaks.length > 1) {
    const growth = peaks.at(-1)! - peaks[0]!
    console.log(`  the last round's peak over the first's: ${growth >= 0 ? '+' : ''}${within(growth, BUDGET.growth)}`)
  }
}

try {
  await memoryRounds()
  console.log(`\n${connections} connections, ${seconds} s per target, loopback; app ${site.url}\n`)
  const row = (label: string, f: Figures) =>
    console.log(
      `${label.padEnd(34)} ${f.reqs.toFixed(0).padStart(7)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.errors).padStart(7)} ${String(f.non2xx).padStart(8)} ${megabytes(f.peak).padStart(8)}  ${f.hits}`,
    )
  console.log(`${'target'.padEnd(34)}   req/s  p50 ms  p99 ms  errors  non-2xx  app peak  nginx cache`)
  const staticHome = await load(`http://127.0.0.1:${STATIC_PORT}/`)
  row('nginx static copy of /', staticHome)
  row("  the same, with the app's headers", await load(`http://127.0.0.1:${DRESSED_PORT}/`))
  const results: Record<string, { alone: Figures; proxied: Figures }> = {}
  for (const target of TARGETS) {
    const alone = await load(`http://127.0.0.1:${APP_PORT}${target}`)
    row(`app alone ${target}`, alone)
    const proxied = await load(`http://127.0.0.1:${PROXY_PORT}${target}`)
    row(`app behind nginx ${target}`, proxied)
    results[target] = { alone, proxied }
  }

  // The targets' ratios: the home page four ways in alternating rounds, each the median of its rounds. The
  // machine's load drifts during a run (and autocannon shares the two cores); alternating spreads the drift
  // over all of them, and one disturbed round moves no median.
  const ways = {
    static: `http://127.0.0.1:${STATIC_PORT}/`,
    dressed: `http://127.0.0.1:${DRESSED_PORT}/`,
    alone: `http://127.0.0.1:${APP_PORT}${HOME}`,
    proxied: `http://127.0.0.1:${PROXY_PORT}${HOME}`,
  }
  const rounds: Record<keyof typeof ways, number[]> = { static: [], dressed: [], alone: [], proxied: [] }
  console.log(
    `\nHome page, ${ROUNDS} alternating rounds (req/s: nginx static, the same with the app's headers, app alone, app behind nginx):`,
  )
  for (let i = 0; i < ROUNDS; i++) {
    for (const way of Object.keys(ways) as (keyof typeof ways)[]) rounds[way].push((await load(ways[way])).reqs)
    console.log(
      `  round ${i + 1}: ${Object.values(rounds)
        .map((r) => r[i]!.toFixed(0))
        .join(', ')}`,
    )
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!
  const verdict = (value: number, target: number) =>
    `${(value * 100).toFixed(0)} % (target ≥ ${target * 100} %: ${value >= target ? 'met' : 'MISSED'})`
  console.log(`\nHome page as a share of nginx serving its static copy (medians of the rounds):`)
  console.log(`  app alone:        ${verdict(median(rounds.alone) / median(rounds.static), TARGET_APP_ALONE)}`)
  console.log(`  app behind nginx: ${verdict(median(rounds.proxied) / median(rounds.static), TARGET_BEHIND_NGINX)}`)
  const share = (value: number) => `${(value * 100).toFixed(0)} %`
  console.log(
    `  app behind nginx, as a share of the static copy with the app's headers: ${share(median(rounds.proxied) / median(rounds.dressed))}` +
      ` (the headers alone: the dressed copy is ${share(median(rounds.dressed) / median(rounds.static))} of the plain one)`,
  )
  const ratio = (f: Figures) => f.reqs / staticHome.reqs
  console.log(`\nEvery target as a share of nginx static in the table above (alone / behind nginx):`)
  for (const target of TARGETS) {
    const r = results[target]!
    console.log(
      `  ${target.padEnd(24)} ${(ratio(r.alone) * 100).toFixed(0).padStart(4)} % ${(ratio(r.proxied) * 100).toFixed(0).padStart(5)} %`,
    )
  }
} finally {
  await nginx.stop()
  await site.stop()
}
process.exit(0)
