import type { Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { CONTACT_SUCCESS, SUBSCRIBE_SUCCESS } from '../support/answers'
import { browserVisitors, expectNoSeriousA11yViolations } from '../support/browser'
import { fillTimeFromNow } from '../support/fill-time'
import { mailsWritten } from '../support/mail-files'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string, SEEDED_DATA_DIR: string, EMPTY: string
test.beforeAll(({ seeded, empty }) => {
  SEEDED = seeded.url
  SEEDED_DATA_DIR = seeded.dataDir
  EMPTY = empty.url
})

const newVisitor = browserVisitors('198.51.100')

/** A visitor on a page: each with its own address (as a proxy would report it), so rate limits stay per test. */
async function visitor(path: string, javaScriptEnabled: boolean): Promise<Page> {
  const page = await newVisitor({ javaScriptEnabled })
  expect((await page.goto(`${SEEDED}${path}`))?.status()).toBe(200)
  return page
}

/** The mails the seeded server wrote to data/outbox (it runs without SMTP_URL, as a first run does). */
const mailTo = async (address: string, subject: RegExp) =>
  (await mailsWritten(SEEDED_DATA_DIR)).find((m) => m.to?.[0]?.address === address && subject.test(m.subject ?? ''))

let marks = 0
/**
 * Waits until the seeded server's outbox has sent what was queued before now: a sign-up made now has had its
 * confirmation mailed (the outbox sends in the order mails were queued). Only then does a missing mail show
 * that none was queued, rather than that the outbox has not run yet.
 */
async function outboxCaughtUp(): Promise<void> {
  const email = `outbox.mark.${++marks}.${Date.now()}@example.com`
  const res = await fetch(`${SEEDED}/api/subscribe`, {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${marks}` },
  })
  expect(res.status).toBe(200)
  await expect.poll(() => mailTo(email, /confirm your subscription/i), { timeout: 15_000 }).toBeDefined()
}

async function fillContact(page: Page, fields: { name: string; email: string; message: string; inquiryType?: string }) {
  await page.fill('#contact-name', fields.name)
  await page.fill('#contact-email', fields.email)
  await page.selectOption('#contact-inquiryType', fields.inquiryType ?? 'general')
  await page.fill('#contact-message', fields.message)
}

test.describe('the contact form', () => {
  test('with JavaScript: sends without a reload, says so, empties the form, and the coach is notified', async () => {
    const page = await visitor('/schedule-and-contact', true)
    const fillTimeOver = fillTimeFromNow()
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
    await fillContact(page, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'Do you coach teams?',
      inquiryType: 'partnership',
    })
    await fillTimeOver()
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe(CONTACT_SUCCESS)
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
    expect(await page.inputValue('#contact-name')).toBe('')
    await expectNoSeriousA11yViolations(page, 'contact form success')

    await expect
      .poll(() => mailTo('hello@example.com', /New message from Grace Hopper \(Partnership Opportunity\)/), {
        timeout: 15_000,
      })
      .toBeTruthy()
    const receipt = await mailTo('grace@example.com', /We received your message/)
    expect(receipt?.text).not.toContain('Do you coach teams?')
  })

  test('without JavaScript: a plain POST comes back with the errors, the input kept, then with the success text', async () => {
    const page = await visitor('/schedule-and-contact', false)
    await fillContact(page, { name: 'Alan Turing', email: 'not-an-email', message: 'Hello' })
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForLoadState('load')
    expect(await page.locator('.error-summary').innerText()).toContain('Email: Please enter a valid email address.')
    expect(await page.locator('#contact-email-error').innerText()).toBe('Please enter a valid email address.')
    expect(await page.inputValue('#contact-name')).toBe('Alan Turing')
    expect(await page.inputValue('#contact-message')).toBe('Hello')

    await page.fill('#contact-email', 'alan@example.com')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForLoadState('load')
    expect(await page.getByRole('status').textContent()).toBe(CONTACT_SUCCESS)
    await expect
      .poll(() => mailTo('hello@example.com', /New message from Alan Turing/), { timeout: 15_000 })
      .toBeTruthy()
  })
})

test.describe('the newsletter forms', () => {
  test('footer, with JavaScript: the decided answer, then a confirmation mail whose page confirms by button', async () => {
    const page = await visitor('/', true)
    const fillTimeOver = fillTimeFromNow()
    const footer = page.locator('footer')
    await footer.getByPlaceholder('Your Email Address').fill('Reader.One@Example.com')
    await fillTimeOver()
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => footer.getByRole('status').textContent()).toBe(SUBSCRIBE_SUCCESS)
    await expectNoSeriousA11yViolations(page, 'subscribe success')

    await expect
      .poll(() => mailTo('reader.one@example.com', /confirm your subscription/i), { timeout: 15_000 })
      .toBeTruthy()
    const mail = (await mailTo('reader.one@example.com', /confirm your subscription/i))!
    const confirm = new URL(/https?:\/\/\S+\/newsletter\/confirm\/[\w-]+/.exec(mail.text ?? '')![0])
    const unsubscribe = new URL(/https?:\/\/\S+\/newsletter\/unsubscribe\/[\w-]+/.exec(mail.text ?? '')![0])

    // Opening the link (as a scanner would) confirms nothing; the button does.
    const confirmPage = await visitor(`${confirm.pathname}${confirm.search}`, false)
    expect(await confirmPage.locator('h1').innerText()).toBe('Confirm your subscription')
    await confirmPage.getByRole('button', { name: 'Confirm subscription' }).click()
    await confirmPage.waitForURL(/\/newsletter\/confirmed$/)
    expect(await confirmPage.locator('h1').innerText()).toBe('You are subscribed')

    const leave = await visitor(`${unsubscribe.pathname}${unsubscribe.search}`, false)
    await leave.getByRole('button', { name: 'Unsubscribe' }).click()
    await leave.waitForURL(/\/newsletter\/unsubscribed$/)
    expect(await leave.locator('h1').innerText()).toBe('You have been unsubscribed')
  })

  test('workshops page, without JavaScript: the decided texts for a bad and a good address', async () => {
    const page = await visitor('/workshops', false)
    const form = page.locator('main form.subscribe-form')
    await form.getByPlaceholder('Your Email Address').fill('nope')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await page.waitForLoadState('load')
    expect(await page.locator('main form.subscribe-form').getByRole('alert').textContent()).toBe(
      'Please enter a valid email address.',
    )
    await page.locator('main form.subscribe-form').getByPlaceholder('Your Email Address').fill('reader.two@example.com')
    await page.locator('main form.subscribe-form').getByRole('button', { name: 'Subscribe' }).click()
    await page.waitForLoadState('load')
    expect(await page.locator('main form.subscribe-form').getByRole('status').textContent()).toBe(SUBSCRIBE_SUCCESS)
  })
})

test.describe('the forms over HTTP', () => {
  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${SEEDED}${path}`, { method: 'POST', body, headers })
  const json = (ip: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': ip })
  const message = (i: number) => JSON.stringify({ name: 'Rate Test', email: `rate${i}@example.com`, message: 'Hi' })

  test('answers the sixth post within 10 minutes from one client with 429 and a clear text', async () => {
    for (let i = 1; i <= 5; i++) expect((await post('/api/contact', message(i), json('203.0.113.7'))).status).toBe(200)
    const sixth = await post('/api/contact', message(6), json('203.0.113.7'))
    expect(sixth.status).toBe(429)
    expect(((await sixth.json()) as { message: string }).message).toBe(
      'Too many messages from you in a short time. Please wait a few minutes and try again.',
    )
  })

  test('with no proxy in front (npm start as it comes), an invented X-Forwarded-For does not make a new visitor', async () => {
    // The empty site runs with TRUST_PROXY_HOPS=0: eight posts, eight invented addresses, one client.
    const statuses: number[] = []
    for (let i = 1; i <= 8; i++) {
      const res = await fetch(`${EMPTY}/api/contact`, {
        method: 'POST',
        body: message(100 + i),
        headers: json(`198.51.100.${i}, 203.0.113.${i}`),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
  })

  test('answers invalid input 422 with a message per field, and odd requests with their own status', async () => {
    const invalid = await post(
      '/api/contact',
      JSON.stringify({ name: '', email: 'x', message: '' }),
      json('203.0.113.8'),
    )
    expect(invalid.status).toBe(422)
    expect(((await invalid.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      message: 'Please enter a message.',
    })
    expect((await post('/api/contact', 'x'.repeat(70_000), json('203.0.113.9'))).status).toBe(413)
    expect((await post('/api/contact', '{not json', json('203.0.113.10'))).status).toBe(400)
    expect(
      (await post('/api/contact', 'hello', { 'content-type': 'text/plain', 'x-forwarded-for': '203.0.113.11' })).status,
    ).toBe(415)
    expect((await fetch(`${SEEDED}/api/contact`)).status).toBe(405)
    const bot = await post(
      '/api/subscribe',
      JSON.stringify({ email: 'bot@example.com', website: 'http://spam' }),
      json('203.0.113.12'),
    )
    expect(bot.status).toBe(200)
    await outboxCaughtUp()
    expect(await mailTo('bot@example.com', /./)).toBeUndefined()
  })

  test('answers a one-click unsubscribe (RFC 8058) with 200, and a GET to the confirm API never confirms', async () => {
    expect((await fetch(`${SEEDED}/api/newsletter/confirm?token=x`)).status).toBe(405)
    // A real sign-up's List-Unsubscribe address, posted as a mail provider does: 200 and the words, not the
    // redirect a person's button gets (not followed here, so it would show as a 303).
    const oneClickAddress = async (email: string, ip: string) => {
      const res = await post('/api/subscribe', JSON.stringify({ email }), json(ip))
      expect(res.status).toBe(200)
      await expect.poll(() => mailTo(email, /confirm your subscription/i), { timeout: 15_000 }).toBeDefined()
      const mail = (await mailTo(email, /confirm your subscription/i))!
      const header = mail.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? ''
      return /^<(https?:\/\/[^>]+)>$/.exec(header)![1]!.replace(/^https?:\/\/[^/]+/, SEEDED)
    }
    const viaForm = await fetch(await oneClickAddress(`one.click.${Date.now()}@example.com`, '203.0.113.40'), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    expect([viaForm.status, await viaForm.text()]).toEqual([200, 'You have been unsubscribed.'])
    const realMultipart = new FormData()
    realMultipart.set('List-Unsubscribe', 'One-Click')
    const viaRealMultipart = await fetch(
      await oneClickAddress(`one.click.multipart.${Date.now()}@example.com`, '203.0.113.41'),
      { method: 'POST', body: realMultipart, redirect: 'manual' },
    )
    expect([viaRealMultipart.status, await viaRealMultipart.text()]).toEqual([200, 'You have been unsubscribed.'])
    // An unknown token: 404, in either body.
    const res = await post('/api/newsletter/unsubscribe?token=unknown', 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(res.status).toBe(404)
    // RFC 8058 asks providers for multipart/form-data: read as the one-click too.
    const multipart = new FormData()
    multipart.set('List-Unsubscribe', 'One-Click')
    const viaMultipart = await fetch(`${SEEDED}/api/newsletter/unsubscribe?token=unknown`, {
      method: 'POST',
      body: multipart,
    })
    expect([viaMultipart.status, await viaMultipart.text()]).toEqual([404, 'This unsubscribe link is not valid.'])
  })

  test('refuses a post a browser sends from another site (403), and any body but JSON or a url-encoded form (415)', async () => {
    const email = `cross.site.${Date.now()}@example.com`
    const body = JSON.stringify({ name: 'Cross Site', email, message: 'Sent from elsewhere' })
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://elsewhere.example' },
    ]
    for (const headers of crossSite) {
      const res = await post('/api/contact', body, { ...json('203.0.113.30'), ...headers })
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
        403,
        'This form can only be sent from this site.',
      ])
    }
    await outboxCaughtUp()
    expect(await mailTo(email, /./)).toBeUndefined()
    // The site's own pages post from the same origin.
    const own = await post('/api/contact', body, {
      ...json('203.0.113.31'),
      'sec-fetch-site': 'same-origin',
      origin: SEEDED,
    })
    expect(own.status).toBe(200)
    for (const type of ['text/plain; note=application/json', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      expect(
        (await post('/api/contact', body, { 'content-type': type, 'x-forwarded-for': '203.0.113.32' })).status,
        type,
      ).toBe(415)
    }
  })
})
