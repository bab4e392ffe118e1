/**
 * `npm run scale-out`: the recipe of deploy/README.md, started on loopback and put to work. Two instances of
 * the production build on one fresh PostgreSQL database, sharing their cache through Redis and their
 * uploads through one data folder, behind nginx with the configuration we ship
 * (deploy/nginx/coach.conf.template). Then, through it all:
 *   1. an image uploaded through one instance is served by the other;
 *   2. an edit made through one instance shows on the other's next request;
 *   3. a load test of the public pages, the read API and the booking page through nginx, with how the
 *      requests that reached the instances were spread over them;
 *   4. the booking race: 100 visitors book one time at once through nginx; one call is stored and confirmed.
 * Prints what it measured and exits 1 if a check failed. Everything it starts is stopped and removed again.
 *
 * Needs: PostgreSQL (POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a database is made
 * there and dropped), Redis (REDIS_URL, default redis://127.0.0.1:6379: keys under a prefix of this run, removed
 * afterwards) and nginx (`apt-get install -y nginx-light`).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createClient } from '@redis/client'
import autocannon from 'autocannon'
import pg from 'pg'
import PostalMime from 'postal-mime'
import sharp from 'sharp'

import { LOST, raceForOneTime, WON } from '../scripts/lib/booking-race'
import { NGINX, nginxInstalled, renderSiteConfig, startNginx, type RunningNginx } from '../scripts/lib/nginx'
import { buildIfNeeded, serverErrorLines, startBuildCopy, type RunningSite } from '../scripts/lib/server'

process.chdir(path.resolve(import.meta.dirname, '..'))

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const PROXY_PORT = Number(process.env.SCALE_OUT_PORT ?? 3410)
const INSTANCE_PORTS = [PROXY_PORT + 1, PROXY_PORT + 2]
const seconds = Number(process.env.SCALE_OUT_SECONDS ?? 5)
const connections = Number(process.env.SCALE_OUT_CONNECTIONS ?? 50)
const LOAD_TARGETS = ['/', '/blog', '/api/books', '/scheduling']

if (!nginxInstalled()) {
  console.error(`nginx is needed in front of the instances (${NGINX}): apt-get install -y nginx-light`)
  process.exit(1)
}
buildIfNeeded()

const failures: string[] = []
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
}

const database = `coach_scaleout_${randomBytes(4).toString('hex')}`
const prefix = `coach-scaleout-${randomBytes(4).toString('hex')}:`
// The shared storage of the recipe: one folder for both instances' uploads (and their generated secret).
const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-scaleout-'))
const sites: RunningSite[] = []
let nginx: RunningNginx | undefined

const admin = new pg.Client({ connectionString: POSTGRES_URL })
await admin.connect()
await admin.query(`CREATE DATABASE ${database}`)
await admin.end()
const databaseUrl = new URL(POSTGRES_URL)
databaseUrl.pathname = `/${database}`

try {
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    TRUST_PROXY_HOPS: '1',
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  }
  console.log(`Starting two instances on PostgreSQL database ${database}, Redis prefix ${prefix}...`)
  // One after the other: the first migrates and seeds the database, the second finds it ready.
  for (const [i, port] of INSTANCE_PORTS.entries())
    sites.push(await startBuildCopy(`scaleout-${i + 1}`, port, env, { dataDir: shared }))
  nginx = await startNginx(
    'scaleout',
    (dir) =>
      renderSiteConfig({
        listen: `127.0.0.1:${PROXY_PORT}`,
        upstreams: INSTANCE_PORTS.map((p) => `127.0.0.1:${p}`),
        cacheDir: `${dir}/cache`,
      }),
    { upstreamLog: true },
  )
  const proxy = `http://127.0.0.1:${PROXY_PORT}`
  const [one, two] = sites.map((s) => s.url) as [string, string]
  console.log(`nginx ${proxy} in front of ${one} and ${two}\n`)

  console.log('Ready for a load balancer:')
  for (const url of [one, two]) {
    const ready = await fetch(`${url}/readyz`)
    check(ready.status === 200, `${url}/readyz answers ${ready.status}`)
  }

  console.log('\nEach answer its own request id, also from the microcache:')
  const ids: string[] = []
  for (let i = 0; i < 3; i++) ids.push((await fetch(`${proxy}/`)).headers.get('x-request-id') ?? '')
  check(
    new Set(ids).size === 3 && ids.every((id) => /^[0-9a-f]{32}$/.test(id)),
    `three requests for / through nginx: ${ids.join(', ')}`,
  )

  // The coach's account, made and logged into through nginx.
  const json = { 'content-type': 'application/json' }
  const account = { email: 'coach@example.com', password: randomBytes(12).toString('hex') }
  await fetch(`${proxy}/cms-api/users/first-register`, { method: 'POST', headers: json, body: JSON.stringify(account) })
  const login = await fetch(`${proxy}/cms-api/users/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  const { token } = (await login.json()) as { token: string }
  const coach = { authorization: `JWT ${token}` }

  console.log('\nUploads on shared storage:')
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6f5e' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'scale-out.png')
  form.append('_payload', JSON.stringify({ alt: 'A green rectangle' }))
  const uploaded = await fetch(`${one}/cms-api/media`, { method: 'POST', headers: coach, body: form })
  const { doc } = (await uploaded.json()) as { doc?: { url: string } }
  check(uploaded.status === 201 && Boolean(doc?.url), `an image uploaded through ${one} is stored (${uploaded.status})`)
  const served = doc ? await fetch(`${two}${doc.url}`) : undefined
  const bytes = served ? Buffer.from(await served.arrayBuffer()) : Buffer.alloc(0)
  check(served?.status === 200 && bytes.length > 0, `${two} serves it (${served?.status}, ${bytes.length} bytes)`)

  console.log('\nAn edit through one instance, on the next request to the other:')
  const { docs } = (await (await fetch(`${proxy}/cms-api/books?limit=1&sort=id`, { headers: coach })).json()) as {
    docs: { id: number }[]
  }
  for (const [editor, reader] of [
    [one, two],
    [two, one],
  ] as const) {
    await fetch(`${reader}/books`) // rendered and cached there before the edit
    const title = `Edited through ${editor} ${randomBytes(3).toString('hex')}`
    const saved = await fetch(`${editor}/cms-api/books/${docs[0]!.id}`, {
      method: 'PATCH',
      headers: { ...json, ...coach },
      body: JSON.stringify({ title }),
    })
    const page = await (await fetch(`${reader}/books`)).text()
    check(saved.status === 200 && page.includes(title), `saved through ${editor}, shown by ${reader}`)
  }

  console.log(`\nLoad through nginx: ${connections} connections, ${seconds} s per target`)
  console.log(`  ${'target'.padEnd(14)}   req/s  p50 ms  p99 ms  errors  non-2xx  reached the instances`)
  const upstreamLog = path.join(nginx.dir, 'upstreams.log')
  for (const target of LOAD_TARGETS) {
    fs.truncateSync(upstreamLog)
    const r = await autocannon({ url: `${proxy}${target}`, connections, duration: seconds })
    const reached = new Map<string, number>()
    for (const line of fs.readFileSync(upstreamLog, 'utf8').split('\n')) {
      // "-": answered from nginx's microcache; "a, b": a retried request.
      for (const upstream of line.split(', ').filter((u) => u && u !== '-'))
        reached.set(upstream, (reached.get(upstream) ?? 0) + 1)
    }
    const spread = INSTANCE_PORTS.map((p) => `:${p} ${reached.get(`127.0.0.1:${p}`) ?? 0}`).join(', ')
    console.log(
      `  ${target.padEnd(14)} ${r.requests.average.toFixed(0).padStart(7)} ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(8)}  ${spread}`,
    )
    check(r.errors === 0 && r.non2xx === 0, `${target}: no errors, every answer 2xx`)
    // Pages never kept by nginx (the booking page) must be spread over both instances.
    if (target === '/scheduling')
      check(
        INSTANCE_PORTS.every((p) => (reached.get(`127.0.0.1:${p}`) ?? 0) > 0),
        `${target}: both instances answered`,
      )
  }

  console.log('\nThe booking race: 100 visitors, one time, at once, through nginx:')
  const race = await raceForOneTime([proxy])
  const won = race.outcomes.filter((o) => o === WON).length
  const lost = race.outcomes.filter((o) => o === LOST).length
  check(won === 1 && lost === 99, `${won} booked, ${lost} heard the time was just taken`)
  const winner = race.emails[race.outcomes.indexOf(WON)]
  let confirmed: (string | undefined)[] = []
  for (let i = 0; i < 40 && confirmed.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 500))
    const outbox = path.join(shared, 'outbox')
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => path.join(outbox, f)) : []
    const mails = await Promise.all(files.map((f) => PostalMime.parse(fs.readFileSync(f))))
    confirmed = mails
      .filter((m) => m.subject?.startsWith('Your discovery call is booked'))
      .map((m) => m.to?.[0]?.address)
  }
  check(confirmed.length === 1 && confirmed[0] === winner, `one confirmation, to the winner (${confirmed.length} sent)`)

  console.log('\nLogs:')
  for (const site of sites) {
    const errors = serverErrorLines(site.logFile)
    check(errors.length === 0, `${site.url}: no error lines${errors.length ? `\n${errors.join('\n')}` : ''}`)
  }
} finally {
  await nginx?.stop()
  await Promise.all(sites.map((s) => s.stop()))
  fs.rmSync(shared, { recursive: true, force: true })
  const cleanup = new pg.Client({ connectionString: POSTGRES_URL })
  await cleanup.connect()
  await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  await cleanup.end()
  const redis = await createClient({ url: REDIS_URL }).connect()
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` })) if (keys.length) await redis.del(keys)
  await redis.destroy()
}

console.log(failures.length ? `\n${failures.length} check(s) failed.` : '\nEvery check passed.')
process.exit(failures.length ? 1 : 0)
