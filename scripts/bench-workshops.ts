/**
 * `npm run bench:workshops`: workshop registration under load, on loopback, against copies of the production
 * build: one instance on a fresh SQLite database, or two instances side by side on DATABASE_URL (PostgreSQL).
 *
 * 1. The registration page (`/workshops/<address>/register`, rendered per request: the seats left change):
 *    req/s, p50 and p99 under BENCH_CONNECTIONS connections for BENCH_SECONDS.
 * 2. A rush as registration now goes (decision 080): BENCH_ROUNDS rounds (20), each on a new workshop with
 *    BENCH_SEATS seats (10) and BENCH_RUSH visitors (200), spread over the instances, each from an address of
 *    its own. All of them post the registration form at the same moment, as a browser without JavaScript posts
 *    it (the page's own hidden fields, multipart): each is answered `?done=sent` and mailed one confirmation
 *    link (at a real SMTP peer on loopback). Each visitor opens the link from that mail, and then all of them
 *    press "Confirm my registration" at the same moment (the page's own form, posted the same way). Each round
 *    must end with exactly the seats registered, exactly the waitlist's bound waiting (the seats, at least 10),
 *    the rest sent back to the link's page saying the workshop filled up, every visitor exactly the mails the
 *    flow promises (the link; then "You are registered" or "You are on the waitlist", or nothing more when
 *    full), and no 5xx. Prints each round's time, p50 and p99 of the posts and of the confirmations, and the
 *    counts.
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
const env = {
  SMTP_URL: smtp.url,
  // The outbox sends within half a second of a registration on either instance.
  OUTBOX_INTERVAL_MS: '500',
  // Every confirmation link a post mails counts toward the site's hourly ceiling on mail to typed addresses
  // (decision 081): exactly the bench's own posts fit (the mails after a confirmation are not counted).
  VISITOR_MAIL_PER_HOUR: String(rounds * rush),
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
    return ((await res.json()) as { doc: { id: number; slug: string; title: string } }).doc
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

  /** A form's hidden fields (a server action's id and bound values, the workshop, the link's token), unescaped. */
  const hiddenFields = (page: string, formId: string) => {
    const from = page.indexOf(`<form id="${formId}"`)
    if (from < 0) return null
    // The form alone (the footer's newsletter form has hidden fields of its own).
    const html = page.slice(from, page.indexOf('</form>', from))
    const unescaped = (v: string) =>
      v
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    return [...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map(
      (m) => [m[1]!, unescaped(m[2] ?? '')] as const,
    )
  }
  /** Posts a form as a browser without JavaScript does: multipart, from the page's own origin and the visitor's address. */
  const postForm = async (
    site: RunningSite,
    path: string,
    fields: readonly (readonly [string, string])[],
    n: number,
  ) => {
    const body = new FormData()
    for (const [name, value] of fields) body.append(name, value)
    const t0 = performance.now()
    const res = await fetch(`${site.url}${path}`, {
      method: 'POST',
      body,
      redirect: 'manual',
      // Next checks a server action's origin; each visitor is told apart by X-Forwarded-For (one proxy).
      headers: { origin: site.url, 'x-forwarded-for': visitorAddress(n) },
    })
    await res.arrayBuffer()
    const location = res.headers.get('location') ?? ''
    return { status: res.status, where: location ? new URL(location, site.url) : null, ms: performance.now() - t0 }
  }
  /** A workshop's registrations, read back through the REST API as the coach. */
  const registrationsOf = async (workshop: number) =>
    (
      (await (
        await fetch(`${api}/workshop-registrations?where[workshop][equals]=${workshop}&limit=1000&depth=0`, {
          headers: coach,
        })
      ).json()) as { docs: { status: string; email: string }[] }
    ).docs
  const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  const fail = (why: string) => {
    exitCode = 1
    return why
  }

  // The waitlist holds as many people as there are seats, and at least 10 (decision 080).
  const waitlist = Math.max(seats, 10)
  const FULL = 'Sorry: the workshop filled up (its waitlist too) before you confirmed.'
  const CONFIRM_PATH = /\/workshops\/confirm\/([\w-]+\.[\w-]{43})/
  console.log(
    `\n${rush} registrations at once for ${seats} seats and ${waitlist} places on the waitlist, then ${rush} confirmations at once; ${rounds} rounds`,
  )
  console.log(
    'round  posts: time ms  p50 ms  p99 ms  confirmations: time ms  p50 ms  p99 ms  registered  waitlisted  full  mails  5xx',
  )
  let visitor = 0
  let allPosts: number[] = []
  let allConfirms: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const problems: string[] = []
    const w = await aWorkshop(`Rush ${round} ${Date.now().toString(36)}`)
    const registerPath = `/workshops/${w.slug}/register`
    // The form as each instance renders it: its hidden fields (the action's id, the workshop) and their values.
    const forms = await Promise.all(
      sites.map(async (site) => {
        const hidden = hiddenFields(await (await fetch(`${site.url}${registerPath}`)).text(), 'register-form')
        if (!hidden) throw new Error(`${site.url}${registerPath} shows no registration form`)
        return hidden
      }),
    )
    const visitors = Array.from({ length: rush }, (_, i) => {
      const n = ++visitor
      return { n, site: sites[i % sites.length]!, form: forms[i % sites.length]!, email: `rush${n}@example.net` }
    })
    const mine = new Set(visitors.map((v) => v.email))
    const firstMail = smtp.received.length
    /** The mails the peer received this round for these visitors, by address: their subjects, and texts. */
    const mailsByVisitor = () => {
      const by = new Map<string, { subject: string; text: string }[]>()
      for (let i = firstMail; i < smtp.received.length; i++) {
        for (const to of smtp.received[i]!.to) {
          if (!mine.has(to)) continue
          const mail = smtp.mails[i]!
          by.set(to, [...(by.get(to) ?? []), { subject: mail.subject ?? '', text: mail.text ?? '' }])
        }
      }
      return by
    }
    const mailCount = () => [...mailsByVisitor().values()].reduce((sum, m) => sum + m.length, 0)
    const waitForMails = async (count: number) => {
      const deadline = Date.now() + 60_000
      while (mailCount() < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    }

    // 1. Everyone posts the registration form at once: each is answered "sent" and mailed a link.
    let started = performance.now()
    const posts = await Promise.all(
      visitors.map((v) =>
        postForm(v.site, registerPath, [...v.form, ['name', `Visitor ${v.n}`], ['email', v.email]], v.n),
      ),
    )
    const postsTook = performance.now() - started
    const postMs = posts.map((p) => p.ms).sort((a, b) => a - b)
    allPosts = allPosts.concat(postMs)
    const notSent = posts.filter(
      (p) => p.status !== 303 || p.where?.pathname !== registerPath || p.where.search !== '?done=sent',
    )
    if (notSent.length)
      problems.push(
        fail(`${notSent.length} posts not answered done=sent, e.g. ${notSent[0]!.status} ${notSent[0]!.where ?? ''}`),
      )
    await waitForMails(rush)
    // The posts stored nothing: no seat is held and nobody waits until the owner of the address confirms.
    const afterPosts = await registrationsOf(w.id)
    if (afterPosts.length) problems.push(fail(`${afterPosts.length} registrations stored by the posts alone`))

    // 2. Each visitor opens the link from their mail (on the instance they posted to) and reads its form.
    const confirmSubject = `Please confirm your registration: ${w.title}`
    const links = mailsByVisitor()
    const pages = await Promise.all(
      visitors.map(async (v) => {
        const mail = (links.get(v.email) ?? []).find((m) => m.subject === confirmSubject)
        const path = mail && CONFIRM_PATH.exec(mail.text)?.[0]
        if (!path) return null
        const res = await fetch(`${v.site.url}${path}`, { headers: { 'x-forwarded-for': visitorAddress(v.n) } })
        const hidden = hiddenFields(await res.text(), 'confirm-registration')
        return res.status === 200 && hidden ? { path, hidden } : null
      }),
    )
    const noLink = pages.filter((p) => p === null).length
    if (noLink) problems.push(fail(`${noLink} visitors without a confirmation link or its page's form`))

    // 3. Everyone with a link presses "Confirm my registration" at once.
    started = performance.now()
    const confirms = await Promise.all(
      visitors.map(async (v, i) => (pages[i] ? postForm(v.site, pages[i].path, pages[i].hidden, v.n) : null)),
    )
    const confirmsTook = performance.now() - started
    const confirmMs = confirms.flatMap((c) => (c ? [c.ms] : [])).sort((a, b) => a - b)
    allConfirms = allConfirms.concat(confirmMs)
    // Where each was sent: its registration's page saying registered or waitlisted, or back to the link's page.
    const answer = (c: (typeof confirms)[number], i: number) => {
      if (!c || c.status !== 303 || !c.where) return 'other'
      const done = /^\/workshops\/manage\/[^/]+$/.test(c.where.pathname) ? c.where.search : null
      if (done === '?done=registered') return 'registered'
      if (done === '?done=waitlisted') return 'waitlisted'
      return c.where.pathname === pages[i]!.path && c.where.search === '?problem=full' ? 'full' : 'other'
    }
    const answers = confirms.map(answer)
    const told = (what: string) => visitors.filter((_, i) => answers[i] === what)
    const other = confirms.filter((_, i) => pages[i] && answers[i] === 'other')
    if (other.length)
      problems.push(
        fail(
          `${other.length} confirmations answered neither registered, waitlisted nor full, e.g. ${other[0]!.status} ${other[0]!.where ?? ''}`,
        ),
      )
    // Those told it is full read the link's page: it says so, in these words.
    const fullPages = await Promise.all(
      confirms.map(async (c, i) =>
        answers[i] === 'full' ? (await (await fetch(c!.where!)).text()).includes(FULL) : true,
      ),
    )
    const fullUnsaid = fullPages.filter((said) => !said).length
    if (fullUnsaid) problems.push(fail(`${fullUnsaid} pages after "full" without "${FULL}"`))

    // 4. What is stored (read back through the REST API as the coach) matches what each was told.
    const stored = await registrationsOf(w.id)
    const storedAs = (status: string) =>
      stored
        .filter((r) => r.status === status)
        .map((r) => r.email)
        .sort()
    const registered = told('registered')
    const waiting = told('waitlisted')
    const full = told('full')
    if (registered.length !== seats || waiting.length !== waitlist || full.length !== rush - seats - waitlist)
      problems.push(fail(`told ${registered.length} registered, ${waiting.length} waitlisted, ${full.length} full`))
    const sameAs = (status: string, people: typeof visitors) =>
      JSON.stringify(storedAs(status)) === JSON.stringify(people.map((v) => v.email).sort())
    if (!sameAs('registered', registered) || !sameAs('waitlisted', waiting) || stored.length !== seats + waitlist)
      problems.push(
        fail(
          `stored ${storedAs('registered').length} registered, ${storedAs('waitlisted').length} waitlisted, ${stored.length} in all, not as told`,
        ),
      )

    // 5. The mails the flow promises, each once: the link; then a seat's or the waitlist's mail, or none when full.
    await waitForMails(rush + registered.length + waiting.length)
    // A second mail to anyone would come soon after the first ones: a second to see it.
    await new Promise((r) => setTimeout(r, 1000))
    const received = mailsByVisitor()
    const promised = (v: (typeof visitors)[number], i: number) => [
      confirmSubject,
      ...(answers[i] === 'registered' ? [`You are registered: ${w.title}`] : []),
      ...(answers[i] === 'waitlisted' ? [`You are on the waitlist: ${w.title}`] : []),
    ]
    const wrongMail = visitors.filter(
      (v, i) =>
        JSON.stringify((received.get(v.email) ?? []).map((m) => m.subject).sort()) !==
        JSON.stringify(promised(v, i).sort()),
    )
    if (wrongMail.length)
      problems.push(
        fail(
          `${wrongMail.length} visitors not mailed as promised, e.g. ${wrongMail[0]!.email}: ${JSON.stringify((received.get(wrongMail[0]!.email) ?? []).map((m) => m.subject))}`,
        ),
      )
    const errors = [...posts, ...confirms].filter((p) => p && p.status >= 500).length
    if (errors) problems.push(fail(`${errors} answers 5xx`))
    const mails = [...received.values()].reduce((sum, m) => sum + m.length, 0)

    const col = (v: number | string, width: number) => String(v).padStart(width)
    console.log(
      `${col(round, 5)}  ${col(postsTook.toFixed(0), 14)} ${col(percentile(postMs, 50), 7)} ${col(percentile(postMs, 99), 7)}  ${col(confirmsTook.toFixed(0), 22)} ${col(confirmMs.length ? percentile(confirmMs, 50) : '-', 7)} ${col(confirmMs.length ? percentile(confirmMs, 99) : '-', 7)}  ${col(registered.length, 11)} ${col(waiting.length, 11)} ${col(full.length, 5)} ${col(mails, 6)} ${col(errors, 4)}${problems.length ? `  WRONG: ${problems.join('; ')}` : ''}`,
    )
  }
  allPosts.sort((a, b) => a - b)
  allConfirms.sort((a, b) => a - b)
  console.log(
    `\nAll rounds: ${allPosts.length} posts, p50 ${percentile(allPosts, 50)} ms, p99 ${percentile(allPosts, 99)} ms; ${allConfirms.length} confirmations, p50 ${allConfirms.length ? percentile(allConfirms, 50) : '-'} ms, p99 ${allConfirms.length ? percentile(allConfirms, 99) : '-'} ms; ${exitCode ? 'SOME ROUND CAME OUT WRONG' : 'every round right'}`,
  )
} finally {
  await Promise.all(sites.map((s) => s.stop()))
  await smtp.close()
}
process.exit(exitCode)
