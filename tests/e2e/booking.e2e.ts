import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Email } from 'postal-mime'
import { expect, test } from './fixtures'

import { BOOKED } from '../support/answers'
import { browserVisitors, expectNoSeriousA11yViolations } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { fillTimeFromNow } from '../support/fill-time'
import { mailsWrittenTo } from '../support/mail-files'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string, SEEDED_LOG_FILE: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
  SEEDED_LOG_FILE = seeded.logFile
})

const newVisitor = browserVisitors('203.0.113')

/** A visitor in a time zone of their own, with or without JavaScript, with their own client address. */
const visitor = (timezoneId: string, javaScriptEnabled: boolean) => newVisitor({ timezoneId, javaScriptEnabled })

/** The call's private link in a mail, as a path. */
const manageLink = (mail: Email) => /\/scheduling\/manage\/\d+-\d+\.[\w-]+/.exec(mail.text ?? '')![0]

/** A booking posted to the HTTP endpoint as the page's script posts it: its status and body, and its time. */
const post = async (fields: Record<string, string>, from: string) => {
  const started = performance.now()
  const res = await fetch(`${SEEDED}/api/discovery-calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ timeZone: 'UTC', ...fields }),
  })
  return { answer: `${res.status} ${await res.text()}`, ms: performance.now() - started }
}

const invite = (mail: Email) =>
  mail.attachments
    .map((a) => (typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content)))
    .find((c) => c.includes('BEGIN:VCALENDAR'))

/**
 * How the site labels a time: "9:05 AM", "12:30 PM", "12:15 AM" (12-hour clock, hour without a leading zero).
 * Written out here, not with the site's own formatter options: only the hour and minute in the zone come from
 * Intl (24-hour numbers), so a changed label fails.
 */
function expectedLabel(iso: string, timeZone: string): string {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .split(':')
    .map(Number) as [number, number]
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}

/** The seeded site is in UTC (no COACH_TIME_ZONE): a visitor in Berlin sees every time one or two hours later. */
test.describe('booking a discovery call at /scheduling', () => {
  test('with JavaScript, from the home page, in the visitor’s zone: book, get the invite and the link, see it with both times, cancel', async () => {
    const page = await visitor('Europe/Berlin', true)
    await page.goto(`${SEEDED}/`)
    await page.getByRole('link', { name: 'Schedule a Call' }).first().click()
    await page.waitForURL(`${SEEDED}/scheduling`)
    const fillTimeOver = fillTimeFromNow()
    await expect.poll(() => page.locator('.slot-picker__zone').innerText()).toBe('Times shown in Europe/Berlin')
    await expectNoSeriousA11yViolations(page, '/scheduling')

    const first = page.locator('input[name="slot"]').first()
    const slot = (await first.getAttribute('value'))!
    const berlinTime = expectedLabel(slot, 'Europe/Berlin')
    expect((await page.locator('label.slot').first().innerText()).trim()).toBe(berlinTime)

    // The list of zones holds the visitor's and the coach's until the visitor goes to it; then every zone.
    const zones = page.getByLabel('Show times in another time zone')
    expect(await zones.locator('option').allInnerTexts()).toEqual(['Europe/Berlin', 'UTC'])
    await zones.focus()
    await expect.poll(() => zones.locator('option').count()).toBeGreaterThan(300)
    await zones.selectOption('Asia/Tokyo')
    await expect.poll(() => page.locator('.slot-picker__zone').innerText()).toBe('Times shown in Asia/Tokyo')
    expect((await page.locator('label.slot').first().innerText()).trim()).toBe(expectedLabel(slot, 'Asia/Tokyo'))
    await zones.selectOption('Europe/Berlin')
    await expect.poll(() => page.locator('label.slot').first().innerText()).toContain(berlinTime)

    await first.check()
    await page.fill('#book-name', 'Ada Lovelace')
    await page.fill('#book-email', 'ada.booking@example.com')
    await page.fill('#book-note', 'Thinking about a career change.')
    await fillTimeOver()
    await page.getByRole('button', { name: 'Book this time' }).click()
    // The answer in place names no time and no link (an address with a call gets the same words): the
    // form is emptied and the times are fetched again, without the one just booked.
    await expect.poll(() => page.locator('.form-notice').innerText()).toBe(BOOKED)
    expect(page.url()).toBe(`${SEEDED}/scheduling`)
    await expect.poll(() => page.locator(`input[name="slot"][value="${slot}"]`).count()).toBe(0)
    expect(await page.inputValue('#book-email')).toBe('')
    await expectNoSeriousA11yViolations(page, '/scheduling after booking')

    // The confirmation mail: the same instant, an invite in UTC with METHOD:REQUEST, and the manage link.
    await expect.poll(async () => (await mailsWrittenTo('ada.booking@example.com')).length, { timeout: 20_000 }).toBe(1)
    const [mail] = await mailsWrittenTo('ada.booking@example.com')
    const ics = invite(mail!)!
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain(`DTSTART:${slot.replace(/[-:]/g, '').replace('.000', '')}`)
    await page.goto(`${SEEDED}${manageLink(mail!)}`)
    const details = await page.locator('.call-details').innerText()
    expect(details).toContain('(Europe/Berlin)')
    expect(details).toContain('(UTC)')
    await expectNoSeriousA11yViolations(page, 'manage page')

    // Someone else tries another time with Ada's address: in their browser, word for word what Ada saw, and
    // over HTTP the same status and body as a fresh address's booking. Ada is mailed the call she has.
    const prober = await visitor('America/New_York', true)
    await prober.goto(`${SEEDED}/scheduling`)
    const proberFillTimeOver = fillTimeFromNow()
    await prober.locator('input[name="slot"]').nth(2).check()
    await prober.fill('#book-name', 'Mallory')
    await prober.fill('#book-email', 'ada.booking@example.com')
    await proberFillTimeOver()
    await prober.getByRole('button', { name: 'Book this time' }).click()
    await expect.poll(() => prober.locator('.form-notice').innerText()).toBe(BOOKED)
    const times = [...(await (await fetch(`${SEEDED}/scheduling`)).text()).matchAll(/name="slot" value="([^"]+)"/g)]
    const [probe, fresh] = [
      await post({ slot: times.at(-1)![1]!, name: 'Mallory', email: 'ada.booking@example.com' }, '203.0.113.201'),
      await post({ slot: times.at(-2)![1]!, name: 'Frank', email: 'frank.booking@example.com' }, '203.0.113.202'),
    ]
    expect(probe.answer).toBe(fresh.answer)
    expect(probe.answer).toBe(`200 ${JSON.stringify({ status: 'ok', message: BOOKED })}`)
    // Nor does the time tell: both answers wait for the same floor (storing a call takes longer than not).
    expect([probe.ms, fresh.ms].map((ms) => ms >= 1000)).toEqual([true, true])
    await expect
      .poll(async () => (await mailsWrittenTo('ada.booking@example.com')).map((m) => m.subject).sort(), {
        timeout: 20_000,
      })
      .toEqual([
        'Your discovery call is booked | Jordan Ellis Coaching',
        'Your discovery call | Jordan Ellis Coaching',
        'Your discovery call | Jordan Ellis Coaching',
      ])
    const toldAda = (await mailsWrittenTo('ada.booking@example.com')).filter(
      (m) => m !== mail && !/booked/.test(m.subject ?? ''),
    )
    expect(toldAda).toHaveLength(2)
    for (const told of toldAda) {
      expect(manageLink(told)).toBe(manageLink(mail!))
      expect(told.text).not.toContain('Mallory')
    }
    await expect
      .poll(async () => (await mailsWrittenTo('frank.booking@example.com')).map((m) => m.subject), { timeout: 20_000 })
      .toEqual(['Your discovery call is booked | Jordan Ellis Coaching'])

    // The time is gone from the list for everyone else.
    const other = await visitor('America/New_York', true)
    await other.goto(`${SEEDED}/scheduling`)
    expect(await other.locator(`input[name="slot"][value="${slot}"]`).count()).toBe(0)

    await page.getByRole('button', { name: 'Cancel this call' }).click()
    await page.waitForURL(/done=cancelled(#.*)?$/)
    expect(await page.getByRole('status').innerText()).toContain('Your call is cancelled.')
    expect(await page.locator('.call-details').innerText()).toContain('Cancelled')
    await expect
      .poll(async () => (await mailsWrittenTo('ada.booking@example.com')).map((m) => m.subject), { timeout: 20_000 })
      .toContain('Your discovery call was cancelled | Jordan Ellis Coaching')
    const cancelled = (await mailsWrittenTo('ada.booking@example.com')).find((m) => /cancelled/.test(m.subject ?? ''))!
    expect(invite(cancelled)).toContain('METHOD:CANCEL')
    await other.reload()
    expect(await other.locator(`input[name="slot"][value="${slot}"]`).count()).toBe(1)
  })

  test('with JavaScript, a time taken while the visitor typed: “That time was just taken”, fresh times, nothing typed lost', async () => {
    const page = await visitor('America/New_York', true)
    await page.goto(`${SEEDED}/scheduling`)
    const fillTimeOver = fillTimeFromNow()
    await expect.poll(() => page.locator('.slot-picker__zone').innerText()).toBe('Times shown in America/New_York')
    const wanted = page.locator('input[name="slot"]').nth(7)
    const slot = (await wanted.getAttribute('value'))!
    await wanted.check()
    await page.fill('#book-name', 'Katherine Johnson')
    await page.fill('#book-email', 'katherine.booking@example.com')
    // Someone else books that time first.
    const other = await fetch(`${SEEDED}/api/discovery-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.250' },
      body: JSON.stringify({ slot, name: 'Quicker Visitor', email: 'quicker.booking@example.com', timeZone: 'UTC' }),
    })
    expect(other.status).toBe(200)
    await fillTimeOver()
    await page.getByRole('button', { name: 'Book this time' }).click()
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toContain('That time was just taken. Please pick another.')
    await expect.poll(() => page.locator(`input[name="slot"][value="${slot}"]`).count()).toBe(0)
    expect(await page.locator('input[name="slot"]').count()).toBeGreaterThan(0)
    expect(await page.inputValue('#book-name')).toBe('Katherine Johnson')
    expect(await page.inputValue('#book-email')).toBe('katherine.booking@example.com')
  })

  test('without JavaScript, in the coach’s zone: book, land on the same page as an address that has a call, then move the call', async () => {
    const page = await visitor('Asia/Tokyo', false)
    expect((await page.goto(`${SEEDED}/scheduling`))?.status()).toBe(200)
    expect(await page.locator('.slot-picker__zone').innerText()).toBe('Times shown in UTC')
    const slots = page.locator('input[name="slot"]')
    const chosen = (await slots.nth(5).getAttribute('value'))!
    await slots.nth(5).check()
    await page.fill('#book-name', 'Grace Hopper')
    await page.fill('#book-email', 'grace.booking@example.com')
    await page.getByRole('button', { name: 'Book this time' }).click()
    await page.waitForURL(/\/scheduling\?sent=1(#book-sent)?$/)
    expect(await page.locator('#book-sent').innerText()).toBe(BOOKED)
    expect(await page.locator('#book-sent').getAttribute('role')).toBe('status')

    // A second booking with the same address lands on the same page with the same words; the link is
    // mailed again, and the time tried stays open.
    const again = await visitor('Asia/Tokyo', false)
    await again.goto(`${SEEDED}/scheduling`)
    const tried = (await again.locator('input[name="slot"]').nth(9).getAttribute('value'))!
    await again.locator('input[name="slot"]').nth(9).check()
    await again.fill('#book-name', 'Grace Hopper')
    await again.fill('#book-email', 'grace.booking@example.com')
    await again.getByRole('button', { name: 'Book this time' }).click()
    await again.waitForURL(/\/scheduling\?sent=1(#book-sent)?$/)
    expect(await again.locator('#book-sent').innerText()).toBe(BOOKED)
    expect(await again.locator(`input[name="slot"][value="${tried}"]`).count()).toBe(1)
    expect(await again.locator(`input[name="slot"][value="${chosen}"]`).count()).toBe(0)

    await expect
      .poll(async () => (await mailsWrittenTo('grace.booking@example.com')).length, { timeout: 20_000 })
      .toBe(2)
    const [booked, told] = await mailsWrittenTo('grace.booking@example.com').then((m) =>
      ['Your discovery call is booked | Jordan Ellis Coaching', 'Your discovery call | Jordan Ellis Coaching'].map(
        (subject) => m.find((x) => x.subject === subject)!,
      ),
    )
    expect(manageLink(told!)).toBe(manageLink(booked!))
    await page.goto(`${SEEDED}${manageLink(booked!)}`)
    expect(await page.locator('.call-details').innerText()).toContain('(UTC)')

    const target = (await page.locator('.manage-move input[name="slot"]').nth(3).getAttribute('value'))!
    expect(target).not.toBe(chosen)
    await page.locator('.manage-move input[name="slot"]').nth(3).check()
    await page.getByRole('button', { name: 'Move to this time' }).click()
    await page.waitForURL(/done=moved(#.*)?$/)
    expect(await page.getByRole('status').innerText()).toContain('Your call has a new time.')
    await expect
      .poll(async () => (await mailsWrittenTo('grace.booking@example.com')).map((m) => m.subject).sort(), {
        timeout: 20_000,
      })
      .toEqual(
        [
          'Your discovery call | Jordan Ellis Coaching',
          'Your discovery call is booked | Jordan Ellis Coaching',
          'Your discovery call was moved | Jordan Ellis Coaching',
        ].sort(),
      )
    const moved = (await mailsWrittenTo('grace.booking@example.com')).find((m) => /moved/.test(m.subject ?? ''))!
    expect(invite(moved)).toContain('SEQUENCE:1')
    expect(invite(moved)).toContain(`DTSTART:${target.replace(/[-:]/g, '').replace('.000', '')}`)
  })
})

test.describe('the coach’s own calendar address, read by the running site', () => {
  test('is never read from this machine: the address is refused before any connection, editors read why, the log has the host', async () => {
    // A canary calendar on loopback, reached by a name: the site resolves it, sees 127.0.0.1 and stops there.
    let connections = 0
    const canary = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' })
      response.end('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n')
    })
    canary.on('connection', () => connections++)
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve))
    const address = `http://localhost:${(canary.address() as AddressInfo).port}/private-5f2d8c0a9b/basic.ics`
    const { token } = await logInAsCoach()
    const auth = { 'content-type': 'application/json', Authorization: `JWT ${token}` }
    const availability = `${SEEDED}/cms-api/globals/availability`
    const logOffset = fs.statSync(SEEDED_LOG_FILE).size
    try {
      const saved = await fetch(availability, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ busyCalendarUrl: address }),
      })
      expect(saved.status).toBe(200)
      // Saving a new address reads it at once (in half a second).
      await expect
        .poll(
          async () =>
            ((await (await fetch(availability, { headers: auth })).json()) as { busyCalendar?: { lastError?: string } })
              .busyCalendar?.lastError,
          { timeout: 15_000, intervals: [250] },
        )
        .toBe('The calendar address points to a private network address, which is not allowed.')
      expect(connections).toBe(0)
      const log = fs.readFileSync(SEEDED_LOG_FILE).subarray(logOffset).toString('utf8')
      const line = log.split('\n').find((l) => l.includes('could not be read'))
      expect(line).toContain('refused: localhost is or resolves to an address that is not public')
      expect(line).not.toMatch(/127\.0\.0\.1|private-5f2d8c0a9b/)
    } finally {
      await fetch(availability, { method: 'POST', headers: auth, body: JSON.stringify({ busyCalendarUrl: null }) })
      await new Promise<void>((resolve) => canary.close(() => resolve()))
    }
  })
})
