/**
 * `npm run bench:workshops`: workshop registration under load, on loopback, against copies of the production
 * build: one instance on a fresh SQLite database, or two instances side by side on DATABASE_URL (PostgreSQL).
 *
 * 1. The registration page (`/workshops/<address>/register`, rendered per request: the seats left change):
 *    req/s, p50 and p99 under BENCH_CONNECTIONS connections for BENCH_SECONDS.
 * 2. The registration itself, posted as a browser without JavaScript posts the form (the page's own hidden
 *    fields, multipart): BENCH_ROUNDS rounds (20), each on a new workshop with BENCH_SEATS seats (10) and
 *    BENCH_RUSH visitors (200) posting at the same moment, spread over the instances, each from an address of
 *    its own. Each round must end with exactly the seats registered and the rest waitlisted (read back through
 *    the REST API as the coach), exactly one mail to each visitor (at a real SMTP peer on loopback), and no 5xx.
 *    Prints each round's time and the posts' p50 and p99.
 *
 * Figures only; exits 1 when a round comes out wrong (decision 064: the seats are never oversold).
 */
import autocannon from 'autocannon'

import { startSmtpPeer } from './lib/smtp-peer'
import { benchFromFreshBuild, startBuildCopy, type RunningSite } from './lib/server'

benchFromFreshBuild()

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const rounds = Number(process.env.BENCH_ROUNDS ?? 20)
const seats = Number(process.env.BENCH_SEATS ?? 10)
const rush = Number(process.env.BENCH_RUSH ?? 200)
const postgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '')
const COACH = { email: 'bench@example.com', password: 'a-long-bench-password' }

const smtp = await startSmtpPeer()
// Only who got how many is needed: drop the parsed mails as they come.
const parsed = setInterval(() => (smtp.mails.length = 0), 1000)
const env = {
  SMTP_URL: smtp.url,
  // The outbox sends within half a second of a registration on either instance.
  OUTBOX_INTERVAL_MS: '500',
  // As behind one proxy: each visitor is told apart by the address in X-Forwarded-For.
  TRUST_PROXY_HOPS: '1',
  // The instances are one site: a mail one queues, the other may send (its sealed links open with this secret).
  PAYLOAD_SECRET: 'bench-workshops-secret',
  ...(postgres ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
}
const sites: RunningSite[] = []

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(0)

let exitCode = 0
try {
  sites.push(await startBuildCopy('bench-workshops-1', 3405, env))
  // The second instance starts once the first has migrated the database.
  if (postgres) sites.push(await startBuildCopy('bench-workshops-2', 3406, env))
  const [first] = sites as [RunningSite]
  const api = `${first.url}/cms-api`
  const json = { 'content-type': 'application/json' }
  const initialized = ((await (await fetch(`${api}/users/init`)).json()) as { initialized: boolean }).initialized
  if (!initialized)
    await fetch(`${api}/users/first-register`, { method: 'POST', headers: json, body: JSON.stringify(COACH) })
  const login = await fetch(`${api}/users/login`, { method: 'POST', headers: json, body: JSON.stringify(COACH) })
  if (login.status !== 200)
    throw new Error(`Logging in as ${COACH.email} failed (${login.status}): use a fresh database.`)
  const { token } = (await login.json()) as { token: string }
  const coach = { ...json, authorization: `JWT ${token}` }

  const aWorkshop = async (title: string) => {
    const res = await fetch(`${api}/workshops`, {
      method: 'POST',
      headers: coach,
      body: JSON.stringify({
        title,
        date: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        format: 'Online',
        description: 'A benchmark workshop.',
        attendance: 'online',
        onlineLink: 'https://example.com/room',
        seats,
        published: true,
      }),
    })
    if (res.status !== 201) throw new Error(`Creating a workshop failed (${res.status}): ${await res.text()}`)
    return ((await res.json()) as { doc: { id: number; slug: string } }).doc
  }

  console.log(
    `\n${postgres ? 'PostgreSQL, two instances' : 'SQLite, one instance'}; ${sites.map((s) => s.url).join(', ')}`,
  )
  const pageWorkshop = await aWorkshop('The page under load')
  // Warmed first: routes load when first asked for (decision 043).
  await (await fetch(`${first.url}/workshops/${pageWorkshop.slug}/register`)).arrayBuffer()
  const page = await autocannon({
    url: `${first.url}/workshops/${pageWorkshop.slug}/register`,
    connections,
    duration: seconds,
  })
  console.log(`\nThe registration page, ${connections} connections, ${seconds} s`)
  console.log(
    `  ${page.requests.average.toFixed(0)} req/s, p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, errors ${page.errors}, non-2xx ${page.non2xx}`,
  )

  console.log(`\n${rush} registrations at once for ${seats} seats, ${rounds} rounds`)
  console.log('round   time ms  p50 ms  p99 ms  registered  waitlisted  mails  5xx')
  let visitor = 0
  let all: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const w = await aWorkshop(`Rush ${round} ${Date.now().toString(36)}`)
    // The form as each instance renders it: its hidden fields (the action's id, the workshop) and their values.
    const forms = await Promise.all(
      sites.map(async (site) => {
        const page = await (await fetch(`${site.url}/workshops/${w.slug}/register`)).text()
        // The registration form alone (the footer's newsletter form has hidden fields of its own).
        const html = page.slice(
          page.indexOf('<form id="register-form"'),
          page.indexOf('</form>', page.indexOf('<form id="register-form"')),
        )
        const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)]
        const unescaped = (v: string) =>
          v
            .replace(/&quot;/g, '"')
            .replace(/&#x27;/g, "'")
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&')
        return { site, hidden: hidden.map((m) => [m[1]!, unescaped(m[2] ?? '')] as const) }
      }),
    )
    const received = smtp.received.length
    const addresses: string[] = []
    const started = performance.now()
    const posts = await Promise.all(
      Array.from({ length: rush }, async (_, i) => {
        const n = ++visitor
        const { site, hidden } = forms[i % forms.length]!
        const body = new FormData()
        for (const [name, value] of hidden) body.append(name, value)
        const email = `rush${n}@example.net`
        addresses.push(email)
        body.append('name', `Visitor ${n}`)
        body.append('email', email)
        const t0 = performance.now()
        const res = await fetch(`${site.url}/workshops/${w.slug}/register`, {
          method: 'POST',
          body,
          redirect: 'manual',
          // As a browser posts it: from the page's own origin (Next checks a server action's), from its own address.
          headers: { origin: site.url, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        })
        await res.arrayBuffer()
        return { status: res.status, where: res.headers.get('location') ?? '', ms: performance.now() - t0 }
      }),
    )
    const took = performance.now() - started
    const ms = posts.map((p) => p.ms).sort((a, b) => a - b)
    all = all.concat(ms)
    const errors = posts.filter((p) => p.status >= 500).length
    const unexpected = posts.filter((p) => p.status < 500 && !/[?&]done=(registered|waitlisted)/.test(p.where))
    const stored = (await (
      await fetch(`${api}/workshop-registrations?where[workshop][equals]=${w.id}&limit=1000&depth=0`, {
        headers: coach,
      })
    ).json()) as { docs: { status: string; email: string }[] }
    const count = (status: string) => stored.docs.filter((r) => r.status === status).length
    // Every visitor's one mail (registered or waitlisted) reaches the peer; a second would show as too many.
    const deadline = Date.now() + 60_000
    const mine = () => smtp.received.slice(received).filter((r) => r.to.some((to) => addresses.includes(to)))
    while (mine().length < rush && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 1000))
    const mails = mine()
    const eachOnce = new Set(mails.flatMap((m) => m.to)).size === rush && mails.length === rush
    const right =
      count('registered') === seats &&
      count('waitlisted') === rush - seats &&
      stored.docs.length === rush &&
      eachOnce &&
      errors === 0 &&
      unexpected.length === 0
    if (!right) exitCode = 1
    console.log(
      `${String(round).padStart(5)}  ${took.toFixed(0).padStart(8)}  ${percentile(ms, 50).padStart(6)}  ${percentile(ms, 99).padStart(6)}  ${String(count('registered')).padStart(10)}  ${String(count('waitlisted')).padStart(10)}  ${String(mails.length).padStart(5)}  ${String(errors).padStart(3)}${right ? '' : '  WRONG'}${unexpected.length ? ` (${unexpected.length} answers neither registered nor waitlisted, e.g. ${unexpected[0]!.status} ${unexpected[0]!.where})` : ''}`,
    )
  }
  all.sort((a, b) => a - b)
  console.log(
    `\nAll rounds: ${all.length} posts, p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms; ${exitCode ? 'SOME ROUND CAME OUT WRONG' : 'every round right'}`,
  )
} finally {
  clearInterval(parsed)
  await Promise.all(sites.map((s) => s.stop()))
  await smtp.close()
}
process.exit(exitCode)
