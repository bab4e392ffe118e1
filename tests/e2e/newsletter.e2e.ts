import type { Browser, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { paragraphs } from '@/features/pages/rich-text'
import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { startSmtpPeer, type SmtpPeer } from '../../scripts/lib/smtp-peer'
import { changeChecked } from '../support/admin-forms'
import { DESKTOP, expectNoSeriousA11yViolations } from '../support/browser'
import { seededTemplate } from '../support/database'
import { checkHtml } from '../support/html-checker'
import { COACH, logInAsCoach } from '../support/coach'
import { SUBSCRIBE_SUCCESS } from '../support/answers'
import { fillTimeFromNow } from '../support/fill-time'
import { e2ePort } from '../support/ports'
import { aConfirmedReader } from '../support/scenarios'
import { startTestServer } from '../support/test-server'

/**
 * The coach writes a newsletter issue in the admin, previews it, sends a test to themself, then sends it to
 * the confirmed subscribers; pauses, resumes, reads each recipient's delivery and retries the failed ones;
 * all in Chromium, on a site of this file's own (its outbox and its subscribers are nobody else's), whose
 * mail goes to a real SMTP peer on loopback. A new reader signs up in the footer and confirms with the
 * mailed link's button; the others sign up and confirm through the same endpoints, with addresses of this
 * run's own, so each test runs alone or in any order; the server's log stays free of error lines.
 */
test.describe('the newsletter in the admin', () => {
  let site: RunningSite
  let browser: Browser
  let smtp: SmtpPeer

  test.beforeAll(async ({ browser: given }) => {
    browser = given
    smtp = await startSmtpPeer()
    const env = {
      SMTP_URL: smtp.url,
      OUTBOX_INTERVAL_MS: '500',
      NEWSLETTER_INTERVAL_MS: '1000',
      // One mail at a time: with the peer's pause per mail (below), an issue is under way long enough to pause.
      NEWSLETTER_CONNECTIONS: '1',
      TRUST_PROXY_HOPS: '1',
    }
    site = await startTestServer('e2e-newsletter', e2ePort(15), env, { startFrom: seededTemplate('SQLite')?.dataDir })
  })

  test.afterAll(async () => {
    await site?.stop()
    await smtp?.close()
  })

  const mailsTo = async (address: string, subject: string | RegExp) =>
    smtp.mails.filter(
      (m) =>
        m.to?.[0]?.address === address &&
        (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')),
    )

  /** The coach's REST API, logged in (setting up and reading back; the clicks are in the browser). */
  const coachApi = async () => {
    const { token } = await logInAsCoach(site.url)
    return (path: string, init: RequestInit = {}) =>
      fetch(`${site.url}/cms-api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}`, origin: site.url },
      })
  }
  const confirmedCount = async (api: Awaited<ReturnType<typeof coachApi>>) =>
    ((await (await api('/subscribers?where[status][equals]=confirmed&limit=1')).json()) as { totalDocs: number })
      .totalDocs

  /** A coach's page in the admin, logged in. */
  const coachPage = async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const login = await page.request.post(`${site.url}/cms-api/users/login`, {
      data: COACH,
      headers: { origin: site.url },
    })
    expect(login.status()).toBe(200)
    return { context, page }
  }

  /** A reader who signed up in the footer and confirmed with the mailed link's button (its requests, as sent). */
  const confirmedSubscriber = (email: string, ip: string) =>
    aConfirmedReader(site.url, email, async () => (await mailsTo(email, /confirm your subscription/i))[0], {
      'x-forwarded-for': ip,
    })

  /** A new reader, in Chromium: the footer's form, then the button on the page the confirmation mail links to. */
  const readerSignsUpInTheFooter = async (email: string) => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await page.goto(`${site.url}/`)
    const fillTimeOver = fillTimeFromNow()
    const footer = page.locator('footer')
    await footer.getByPlaceholder('Your Email Address').fill(email)
    await fillTimeOver()
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => footer.getByRole('status').textContent()).toBe(SUBSCRIBE_SUCCESS)
    const confirmMail = async () => (await mailsTo(email, /confirm your subscription/i))[0]
    await expect.poll(confirmMail, { timeout: 15_000 }).toBeDefined()
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\/[\w-]+/.exec((await confirmMail())!.text ?? '')![0])
    await page.goto(`${site.url}${link.pathname}${link.search}`)
    await page.getByRole('button', { name: 'Confirm subscription' }).click()
    await page.waitForURL(/\/newsletter\/confirmed$/)
    await context.close()
  }

  /** Presses a form's button once Payload has checked the change to `path` (see admin-screens.e2e.ts). */
  const typeThenSave = async (page: Page, path: string, type: () => Promise<void>, expected: string) => {
    await changeChecked(page, path, (value) => JSON.stringify(value).includes(expected), type)
  }

  test('a new reader subscribes and confirms; the coach writes an issue, previews it, sends a test, then sends it: each reader gets one copy, and leaves with one click', async () => {
    test.setTimeout(180_000)
    const run = Date.now()
    const readers = [`reader.one.${run}@example.com`, `reader.two.${run}@example.com`]
    await readerSignsUpInTheFooter(readers[0]!)
    await confirmedSubscriber(readers[1]!, `198.51.100.${run % 200}`)
    const api = await coachApi()
    const { context, page } = await coachPage()

    // A new issue: its subject and a paragraph in the editor, saved.
    const subject = `Letter of spring ${run}`
    const paragraph = `Small steps, taken often, ${run}.`
    await page.goto(`${site.url}/admin/collections/newsletters/create`)
    await page.locator('form[data-form-ready="true"]:visible').first().waitFor()
    await expect.poll(() => page.getByText('Save the issue to preview it').count()).toBe(1)
    const editor = page.locator('[data-field-path="body"] [contenteditable="true"]')
    await typeThenSave(
      page,
      'body',
      async () => {
        await page.locator('#field-subject').fill(subject)
        await editor.click()
        await page.keyboard.press('ControlOrMeta+A') // typed again over itself if the admin dropped it
        await page.keyboard.type(paragraph)
      },
      paragraph,
    )
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL(/\/admin\/collections\/newsletters\/\d+$/, { timeout: 15_000 })
    const id = /\/(\d+)$/.exec(page.url())![1]
    const sending = page.getByRole('region', { name: 'Sending' })
    await sending.getByText('Draft: not sent').waitFor()
    // The time to schedule at is typed in the coach's zone, and its label names it.
    expect(await sending.getByLabel(/^Send at \(time in [\w/+-]+\)$/).getAttribute('type')).toBe('datetime-local')
    // axe on what this site adds to the screen (Payload's own fields are Payload's).
    await expectNoSeriousA11yViolations(
      page,
      "a newsletter issue's sending",
      'section[aria-labelledby="issue-sending-heading"]',
    )

    // The preview: the mail as it arrives, in a frame, and its plain-text version.
    await sending.getByRole('button', { name: 'Preview' }).click()
    const framed = page.frameLocator('iframe[title="Preview of the issue as it arrives"]')
    await framed.getByText(paragraph).waitFor()
    const text = await page.request.get(`${site.url}/cms-api/newsletters/${id}/preview?part=text`, {
      headers: { origin: site.url },
    })
    expect(await text.text()).toContain(paragraph)
    const html = await page.request.get(`${site.url}/cms-api/newsletters/${id}/preview?part=html`, {
      headers: { origin: site.url },
    })
    expect([html.headers()['content-security-policy'], html.headers()['x-frame-options']]).toEqual([
      "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      'SAMEORIGIN',
    ])

    // A test to the coach alone: one mail, "[Test] " before the subject.
    await sending.getByRole('button', { name: 'Send a test to me' }).click()
    await sending.getByText(`A test was sent to ${COACH.email}.`).waitFor()
    await expect.poll(async () => (await mailsTo(COACH.email, `[Test] ${subject}`)).length, { timeout: 15_000 }).toBe(1)
    for (const reader of readers) expect(await mailsTo(reader, subject)).toEqual([])

    // Scheduled for a time typed in the coach's zone, then back to a draft.
    await sending.getByLabel(/^Send at/).fill('2099-01-02T09:30')
    await sending.getByRole('button', { name: 'Schedule', exact: true }).click()
    await sending.getByText(/^Scheduled, for \w{3},? 2 Jan 2099, 09:30 \([\w/+-]+\)$/).waitFor()
    await sending.getByText('The issue is scheduled.').waitFor()
    await sending.getByRole('button', { name: 'Unschedule' }).click()
    await sending.getByText('Draft: not sent').waitFor()

    // Send now, confirmed: the progress follows until the issue is sent to both readers.
    await sending.getByRole('button', { name: 'Send now' }).click()
    // The question names whom it would reach: the confirmed subscribers now (this file's own site's).
    const reach = await confirmedCount(api)
    expect(reach).toBeGreaterThanOrEqual(2)
    await sending.getByText(`Send to all ${reach} confirmed subscribers now?`).waitFor()
    await sending.getByRole('button', { name: 'Yes, send now' }).click()
    await sending.locator('[data-issue-status="sent"]').waitFor({ timeout: 30_000 })
    await expect
      .poll(() => sending.locator('[data-issue-progress]').textContent(), { timeout: 15_000 })
      .toBe(`${reach} of ${reach} sent · 0 deferred · 0 failed · 0 uncertain`)
    const deliveries = sending.getByRole('link', { name: 'Each recipient’s delivery' })
    expect(await deliveries.getAttribute('href')).toBe(
      `/admin/collections/newsletter-deliveries?where[newsletter][equals]=${id}`,
    )

    // Each reader: exactly one copy, with the one-click unsubscribe; the coach none but the test.
    for (const reader of readers) {
      const copies = await mailsTo(reader, subject)
      expect(copies, reader).toHaveLength(1)
      const header = copies[0]!.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? ''
      expect(header).toMatch(/^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[\w%-]+>$/)
      expect(copies[0]!.text).toContain(paragraph)
    }
    expect(await mailsTo(COACH.email, subject)).toEqual([])

    // The new reader leaves with the mail program's one-click unsubscribe (RFC 8058): one POST, no page.
    const oneClick = new URL(
      /^<([^>]+)>$/.exec(
        (await mailsTo(readers[0]!, subject))[0]!.headers.find((h) => h.key === 'list-unsubscribe')!.value,
      )![1]!,
    )
    const left = await fetch(`${site.url}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(left.status).toBe(200)
    const stored = (await (
      await api(`/subscribers?where[email][equals]=${encodeURIComponent(readers[0]!)}`)
    ).json()) as { docs: { status: string }[] }
    expect(stored.docs.map((d) => d.status)).toEqual(['unsubscribed'])

    await context.close()
    expect(serverErrorLines(site.logFile)).toEqual([])
  })
  test('the coach pauses and resumes an issue going out, reads each recipient’s delivery, and retries the failed one', async () => {
    test.setTimeout(180_000)
    const run = Date.now()
    const readers = Array.from({ length: 5 }, (_, i) => `reader.${i}.${run}@example.org`)
    await Promise.all(readers.map((email, i) => confirmedSubscriber(email, `203.0.113.${(run % 50) + i}`)))
    const api = await coachApi()
    const subject = `Letter of autumn ${run}`
    const body = paragraphs('Rest, then go on.')
    const created = await api('/newsletters', { method: 'POST', body: JSON.stringify({ subject, body }) })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }
    const reach = await confirmedCount(api)

    // The peer takes its time over each mail, and refuses one reader's mail for its content (554) until told.
    const refused = readers[2]!
    let refusing = true
    smtp.behaviour.dataDelayMs = 700
    smtp.behaviour.data = (to) =>
      refusing && to.includes(refused) ? { code: 554, message: '5.7.1 Message content rejected' } : undefined
    const copies = () => smtp.mails.filter((m) => m.subject === subject)

    const { context, page } = await coachPage()
    try {
      await page.goto(`${site.url}/admin/collections/newsletters/${doc.id}`)
      const sending = page.getByRole('region', { name: 'Sending' })
      await sending.getByText('Draft: not sent').waitFor()
      await sending.getByRole('button', { name: 'Send now' }).click()
      await sending.getByText(`Send to all ${reach} confirmed subscribers now?`).waitFor()
      await sending.getByRole('button', { name: 'Yes, send now' }).click()
      await sending.locator('[data-issue-status="sending"]').waitFor()

      // Paused while under way: the mail being handed over finishes, then nothing more goes out.
      await sending.getByRole('button', { name: 'Pause' }).click()
      await sending.locator('[data-issue-status="paused"]').waitFor()
      await sending.getByText('Paused by you.').waitFor()
      const progress = async () =>
        (
          (await (await api(`/newsletters/${doc.id}/progress`)).json()) as {
            progress: Record<'sent' | 'queued' | 'failed', number>
          }
        ).progress
      // Settled: nothing is being handed over (what the peer accepted is what the issue counts as sent).
      await expect
        .poll(async () => (await progress()).queued > 0 && (await progress()).sent === copies().length)
        .toBe(true)
      const whilePaused = await progress()
      expect(whilePaused.sent + whilePaused.failed).toBeLessThan(reach)

      // Resumed: the rest go out, the refused one is counted as failed, and the issue ends sent.
      await sending.getByRole('button', { name: 'Resume' }).click()
      await sending.locator('[data-issue-status="sent"]').waitFor({ timeout: 60_000 })
      await expect
        .poll(() => sending.locator('[data-issue-progress]').textContent())
        .toBe(`${reach - 1} of ${reach} sent · 0 deferred · 1 failed · 0 uncertain`)
      expect(copies()).toHaveLength(reach - 1)

      // Each recipient's delivery, in the admin's list: the refused one with the server's answer.
      await sending.getByRole('link', { name: 'Each recipient’s delivery' }).click()
      await page.waitForURL(/\/admin\/collections\/newsletter-deliveries\?/)
      const row = page.locator('table tbody tr').filter({ hasText: refused })
      await row.waitFor()
      expect(await row.innerText()).toMatch(/Failed[\s\S]*554[\s\S]*Message content rejected/)
      expect(await page.locator('table tbody tr').filter({ hasText: 'Sent' }).count()).toBeGreaterThanOrEqual(reach - 1)

      // "Retry failed": the refused reader's mail goes out again, now taken; nobody else gets a second copy.
      refusing = false
      await page.goto(`${site.url}/admin/collections/newsletters/${doc.id}`)
      await sending.getByRole('button', { name: 'Retry failed' }).click()
      await sending.getByText('One failed mail is being tried again.').waitFor()
      await expect
        .poll(() => sending.locator('[data-issue-progress]').textContent(), { timeout: 30_000 })
        .toBe(`${reach} of ${reach} sent · 0 deferred · 0 failed · 0 uncertain`)
      await sending.locator('[data-issue-status="sent"]').waitFor()
      const perReader = new Map<string, number>()
      for (const m of copies()) perReader.set(m.to![0]!.address!, (perReader.get(m.to![0]!.address!) ?? 0) + 1)
      expect(perReader.size).toBe(reach)
      expect([...perReader.values()].every((n) => n === 1)).toBe(true)
      for (const reader of readers) expect(perReader.get(reader), reader).toBe(1)
    } finally {
      smtp.behaviour.dataDelayMs = 0
      smtp.behaviour.data = undefined
      await context.close()
    }
    expect(serverErrorLines(site.logFile)).toEqual([])
  })

  test('the coach turns the archive on by clicking; a sent issue has its page and its feed entry, without any reader’s link, and the sign-up forms link to it', async () => {
    test.setTimeout(180_000)
    const run = Date.now()
    const reader = `archive.reader.${run}@example.com`
    await confirmedSubscriber(reader, `192.0.2.${run % 200}`)
    const api = await coachApi()
    const publicPage = async (path: string) => {
      const res = await fetch(`${site.url}${path}`)
      return { status: res.status, text: await res.text() }
    }

    // Off, as every site starts: no archive, no feed, and the sign-up forms exactly as the spec has them.
    for (const path of ['/newsletter', '/newsletter/feed.xml', '/newsletter/rss.xml']) {
      expect((await publicPage(path)).status, path).toBe(404)
    }
    const notThere = await publicPage('/newsletter')
    expect(notThere.text).toContain('<h1>Page not found</h1>')
    expect((await publicPage('/')).text).not.toContain('Read past issues')

    // An issue, sent to the confirmed readers (the clicks for that are the first test's).
    const subject = `Letter of summer ${run}`
    const paragraph = `Long days, short lists, ${run}.`
    const body = paragraphs(paragraph)
    const created = await api('/newsletters', { method: 'POST', body: JSON.stringify({ subject, body }) })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
    expect(doc.slug).toBe(`letter-of-summer-${run}`)
    const issuePath = `/newsletter/${doc.slug}`

    // The coach turns the archive on: Newsletter → Archive on the site, one box, Save.
    const { context, page } = await coachPage()
    try {
      await page.goto(`${site.url}/admin/globals/newsletter-archive`)
      await page.locator('form[data-form-ready="true"]:visible').first().waitFor()
      await changeChecked(
        page,
        'enabled',
        (value) => value === true,
        () => page.getByLabel('Show past issues on the site').check(),
      )
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Updated successfully.').first().waitFor()
    } finally {
      await context.close()
    }
    await expect.poll(async () => (await publicPage('/newsletter')).status).toBe(200)
    // Not sent yet: not in the archive, and no page of its own.
    expect((await publicPage('/newsletter')).text).not.toContain(subject)
    expect((await publicPage(issuePath)).status).toBe(404)

    // Sent: the archive shows it on a next request, once the sender has finished (no edit in between).
    expect((await api(`/newsletters/${doc.id}/send`, { method: 'POST', body: '{}' })).status).toBe(200)
    await expect
      .poll(async () => ((await (await api(`/newsletters/${doc.id}`)).json()) as { status: string }).status, {
        timeout: 30_000,
      })
      .toBe('sent')
    await expect.poll(async () => (await publicPage('/newsletter')).text, { timeout: 15_000 }).toContain(subject)

    // A visitor follows the footer's link to the archive, then the issue's.
    const visitorContext = await browser.newContext({ viewport: DESKTOP })
    const visitor = await visitorContext.newPage()
    try {
      await visitor.goto(`${site.url}/`)
      await visitor.locator('footer').getByRole('link', { name: 'Read past issues' }).click()
      await visitor.waitForURL(/\/newsletter$/)
      expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Past Newsletters')
      await expectNoSeriousA11yViolations(visitor, 'the newsletter archive')
      await visitor.getByRole('link', { name: subject }).click()
      await visitor.waitForURL(new RegExp(`${issuePath}$`))
      expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(subject)
      await visitor.getByText(paragraph).waitFor()
      await expectNoSeriousA11yViolations(visitor, 'an issue in the archive')
    } finally {
      await visitorContext.close()
    }
    expect((await publicPage('/workshops')).text).toContain('<a href="/newsletter">Read past issues</a>')

    // The feed: Atom, linked from the pages, with the issue's absolute address.
    const index = await publicPage('/newsletter')
    const issue = await publicPage(issuePath)
    for (const html of [index.text, issue.text]) {
      expect(html).toMatch(
        /<link rel="alternate" type="application\/atom\+xml" href="http[^"]+\/newsletter\/feed\.xml"/,
      )
    }
    const feed = await fetch(`${site.url}/newsletter/feed.xml`)
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const atom = await feed.text()
    expect(atom).toMatch(new RegExp(`<link href="https?://[^"]+${issuePath}"/>`))
    expect((await publicPage('/sitemap.xml')).text).toContain(`${issuePath}</loc>`)

    // The reader's copy held their unsubscribe link; no page or feed of the archive does.
    await expect.poll(async () => (await mailsTo(reader, subject)).length, { timeout: 15_000 }).toBe(1)
    const token = /[?&]token=([\w%-]+)>$/.exec(
      (await mailsTo(reader, subject))[0]!.headers.find((h) => h.key === 'list-unsubscribe')!.value as string,
    )![1]!
    for (const text of [index.text, issue.text, atom]) {
      expect(text).not.toContain(decodeURIComponent(token))
      expect(text).not.toContain(reader)
      expect(text).not.toMatch(/unsubscribe/i)
    }
    expect(
      checkHtml(
        new Map([
          ['/newsletter', index.text],
          [issuePath, issue.text],
        ]),
      ),
    ).toEqual([])

    expect(serverErrorLines(site.logFile)).toEqual([])
  })
})
