/**
 * `npm run bench:newsletter`: one issue to BENCH_RECIPIENTS (default 10,000) confirmed subscribers, sent by
 * a copy of the production build (its own sender, throttle off) on a fresh SQLite database to an SMTP peer on
 * loopback. Prints the time to the first mail, mails per second, the server's resident memory before and at
 * its peak while sending, and whether every reader got exactly one copy. Figures only; exits 1 only when a
 * reader got none or two.
 *
 * The subscribers and the issue are written by this script through Payload on the same database file (the
 * server's sender then finds the issue as it would one the coach sent from the admin).
 */
import { megabytes, peakSampler, treeRss } from './lib/memory'
import { startMailBenchSite } from './lib/server'

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 10_000)
const { smtp, site } = await startMailBenchSite('bench-newsletter', 3404, {
  NEWSLETTER_PER_MINUTE: '0',
  NEWSLETTER_INTERVAL_MS: '200',
  OUTBOX_INTERVAL_MS: '3600000',
})
// The parsed mails are not needed here, only who got how many: the peer keeps both; drop the parsed ones.
const parsed = setInterval(() => (smtp.mails.length = 0), 1000)

let exitCode = 0
try {
  process.env.DATABASE_URL = ''
  process.env.DATA_DIR = site.dataDir
  process.env.PAYLOAD_SECRET = 'bench-newsletter-secret'
  const { getPayload } = await import('payload')
  const { default: config } = await import('../src/cms/payload.config')
  const payload = await getPayload({ config })
  const { sql } = await import('drizzle-orm')
  const consent = new Date(Date.now() - 60_000).toISOString()
  const db = payload.db as unknown as { drizzle: { run: (q: unknown) => Promise<unknown> } }
  // One statement per thousand: a list of any size in seconds, not one API call per subscriber.
  for (let from = 0; from < recipients; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, recipients - from) }, (_, i) => {
      const email = `reader${from + i}@example.net`
      return sql`(${email}, 'confirmed', ${consent}, 'footer', ${consent}, ${consent})`
    })
    await db.drizzle.run(
      sql`INSERT INTO subscribers (email, status, consent_at, source, updated_at, created_at) VALUES ${sql.join(rows, sql`, `)}`,
    )
  }
  const { paragraphs } = await import('../src/features/pages/rich-text')
  const issue = await payload.create({
    collection: 'newsletters',
    data: {
      subject: 'Benchmark letter',
      status: 'draft',
      body: paragraphs('A paragraph of a few words.', 'And another one, a little longer than the first.') as never,
    },
    overrideAccess: true,
  })
  const idle = treeRss(site.pid)
  const peak = peakSampler(site.pid)
  const { sendNow } = await import('../src/features/newsletter/issue-actions')
  const started = performance.now()
  await sendNow(payload, issue.id)
  let first = 0
  while (smtp.received.length < recipients) {
    if (!first && smtp.received.length > 0) first = performance.now() - started
    await new Promise((r) => setTimeout(r, 50))
    if (performance.now() - started > 30 * 60_000) break
  }
  const seconds = (performance.now() - started) / 1000
  const top = peak.stop()
  const copies = new Map<string, number>()
  for (const r of smtp.received) for (const to of r.to) copies.set(to, (copies.get(to) ?? 0) + 1)
  const wrong = [...copies.values()].filter((n) => n !== 1).length + (recipients - copies.size)
  console.log(
    `\nOne issue to ${recipients.toLocaleString('en')} confirmed subscribers, throttle off, SQLite, loopback SMTP`,
  )
  console.log(
    `  first mail after ${(first / 1000).toFixed(2)} s; all in ${seconds.toFixed(1)} s: ${(recipients / seconds).toFixed(0)} mails/s`,
  )
  console.log(`  server memory: ${megabytes(idle)} before, ${megabytes(top)} at its peak while sending`)
  console.log(
    `  readers with exactly one copy: ${copies.size - [...copies.values()].filter((n) => n !== 1).length}; wrong: ${wrong}`,
  )
  if (wrong) exitCode = 1
  await payload.destroy()
} finally {
  clearInterval(parsed)
  await site.stop()
  await smtp.close()
}
process.exit(exitCode)
