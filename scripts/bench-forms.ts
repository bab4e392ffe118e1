/**
 * `npm run bench:forms`: 200 contact messages posted at once on loopback to a production build with a real
 * SMTP peer. Reports throughput and latency, then checks that all 200 messages were stored and all 400 mails
 * (notification + receipt each) were delivered. Exits 1 if any is missing.
 */
import { benchDatabase, startMailBenchSite } from './lib/server'

const COUNT = Number(process.env.BENCH_FORMS_COUNT ?? 200)
const { smtp, site } = await startMailBenchSite('bench-forms', 3402, {
  SEED_ON_START: 'false',
  OUTBOX_INTERVAL_MS: '1000',
  // As behind one proxy, so each post's X-Forwarded-For makes it another visitor.
  TRUST_PROXY_HOPS: '1',
  // The bench sends more receipts than the hourly ceiling on visitor mail allows: lift it for the run.
  VISITOR_MAIL_PER_HOUR: '1000000',
  ...benchDatabase(),
})

let exitCode = 0
try {
  const post = async (i: number) => {
    const started = performance.now()
    const res = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      // Each post comes from its own client, as 200 different visitors would.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.1` },
      body: JSON.stringify({
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        inquiryType: 'general',
        message: `Message number ${i}`,
      }),
    })
    await res.arrayBuffer()
    return { status: res.status, ms: performance.now() - started }
  }

  const t0 = performance.now()
  const results = await Promise.all(Array.from({ length: COUNT }, (_, i) => post(i)))
  const wall = (performance.now() - t0) / 1000
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b)
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!.toFixed(0)
  const ok = results.filter((r) => r.status === 200).length
  console.log(`\n${COUNT} concurrent contact posts: ${ok} answered 200 in ${wall.toFixed(2)} s`)
  console.log(
    `throughput ${(COUNT / wall).toFixed(1)} posts/s, latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
  )

  const deadline = Date.now() + 120_000
  while (smtp.mails.length < COUNT * 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
  const drained = (performance.now() - t0) / 1000
  console.log(`mails delivered to the SMTP peer: ${smtp.mails.length} of ${COUNT * 2} (all in ${drained.toFixed(1)} s)`)

  // Count what is stored, through the admin API as the coach would see it.
  const credentials = { email: 'bench@example.com', password: 'bench-password-123' }
  const api = `${site.url}/cms-api`
  const jsonHeaders = { 'content-type': 'application/json' }
  await fetch(`${api}/users/first-register`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(credentials),
  })
  const { token } = (await (
    await fetch(`${api}/users/login`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(credentials) })
  ).json()) as { token: string }
  const total = async (query: string) =>
    (
      (await (await fetch(`${api}/${query}`, { headers: { Authorization: `JWT ${token}` } })).json()) as {
        totalDocs: number
      }
    ).totalDocs
  const rows = await total('contact-messages?limit=1')
  const sent = await total('mail-outbox?limit=1&where[status][equals]=sent')
  const unique = new Set(smtp.mails.map((m) => m.messageId)).size
  console.log(
    `stored messages: ${rows} of ${COUNT}; outbox rows sent: ${sent} of ${COUNT * 2}; distinct mails received: ${unique}`,
  )
  if (ok !== COUNT || rows !== COUNT || sent !== COUNT * 2 || smtp.mails.length !== COUNT * 2 || unique !== COUNT * 2) {
    console.error('Something is missing or duplicated.')
    exitCode = 1
  }
} finally {
  await site.stop()
  await smtp.close()
}
process.exit(exitCode)
