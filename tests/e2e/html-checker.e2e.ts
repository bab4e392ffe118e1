import { expect, test } from './fixtures'

import { checkHtml } from '../support/html-checker'
import { mailsWritten } from '../support/mail-files'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string, SEEDED_DATA_DIR: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
  SEEDED_DATA_DIR = seeded.dataDir
})

/** The shape of a real newsletter token (24 random bytes, base64url) that belongs to nobody. */
const UNKNOWN_TOKEN = 'A'.repeat(32)

/** Every page a visitor can be shown, with the status it answers. */
const PAGES: [string, number][] = [
  ['/', 200],
  ['/about', 200],
  ['/coaching', 200],
  ['/books', 200],
  ['/blog', 200],
  ['/workshops', 200],
  ['/schedule-and-contact', 200],
  ['/scheduling', 200],
  // The pages the newsletter mails' links open (route handlers), with a token and with a malformed one.
  [`/newsletter/confirm/${UNKNOWN_TOKEN}`, 200],
  [`/newsletter/unsubscribe/${UNKNOWN_TOKEN}`, 200],
  ['/newsletter/confirm/not-a-token', 404],
  ['/newsletter/unsubscribe/not-a-token', 404],
  // Where their buttons lead.
  ['/newsletter/confirmed', 200],
  ['/newsletter/unsubscribed', 200],
  ['/newsletter/link-invalid', 200],
  ['/newsletter/try-again', 200],
  // The newsletter's archive while it is off, as it starts (its pages when on: newsletter.e2e.ts).
  ['/newsletter', 404],
  ['/newsletter/no-such-issue', 404],
  ['/no-such-page', 404],
]

test.describe('the HTML of every page', () => {
  test('has no error and no warning from the W3C Nu Html Checker', async () => {
    const html = new Map<string, string>()
    // A booked call's private page (and the booking page answering a refusal, and a forged manage link).
    const slots = [...(await (await fetch(`${SEEDED}/scheduling`)).text()).matchAll(/name="slot" value="([^"]+)"/g)]
    const booked = await fetch(`${SEEDED}/api/discovery-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
      body: JSON.stringify({
        slot: slots.at(-1)![1],
        name: 'Checker',
        email: 'html.checker@example.com',
        timeZone: 'Europe/Paris',
      }),
    })
    expect(booked.status).toBe(200)
    // The call's own page is reached by the link in its confirmation mail (the answer carries no link).
    const manageLink = async () => {
      for (const mail of await mailsWritten(SEEDED_DATA_DIR)) {
        if (mail.to?.[0]?.address !== 'html.checker@example.com') continue
        return /\/scheduling\/manage\/\d+-\d+\.[\w-]+/.exec(mail.text ?? '')?.[0]
      }
      return undefined
    }
    await expect.poll(manageLink, { timeout: 20_000 }).toBeDefined()
    const pages: [string, number][] = [
      ...PAGES,
      [(await manageLink())!, 200],
      ['/scheduling?sent=1', 200],
      ['/scheduling?problem=taken', 200],
      ['/scheduling/manage/1-1795447369633.forged-token-forged-token-forged-token-forg', 404],
    ]
    for (const [page, status] of pages) {
      const res = await fetch(`${SEEDED}${page}`)
      expect(res.status, page).toBe(status)
      html.set(page, await res.text())
    }
    expect(checkHtml(html)).toEqual([])
  })
})
