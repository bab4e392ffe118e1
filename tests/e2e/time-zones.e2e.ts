import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { DESKTOP, expectNoSeriousA11yViolations, PHONE } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { mailsWritten } from '../support/mail-files'
import { sitesOfThisFile } from '../support/own-sites'
import { aConfirmedReader } from '../support/scenarios'

// What the coach reads under a workshop's date and the banner's end, word for word.
const zoneNote = (zone: string, more: string) =>
  `Times are in ${zone}, your time zone (set in Booking → Availability). ${more}`
const WORKSHOP_DATE_NOTE = zoneNote('America/New_York', 'The site shows the same time.')
const BANNER_END_NOTE = zoneNote('America/New_York', 'The banner disappears by itself after this moment.')

/** How the admin writes `iso` in `zone`: on a document's screen, and in a list (ending with the zone's short name). */
const SHOWN_IN = (iso: string, zone: string) => {
  const there = new TZDate(iso, zone)
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')!.value
  return { screen: format(there, 'MMM d, yyy h:mm a'), list: `${format(there, 'MMMM do yyyy, h:mm a')} ${short}` }
}

/** A January day of next year (winter in New York: UTC−5), with its weekday as the site writes it. */
const YEAR = new Date().getUTCFullYear() + 1
const day = (d: number) => ({
  typed: `Jan ${d}, ${YEAR} 1:00 PM`,
  instant: `${YEAR}-01-${String(d).padStart(2, '0')}T18:00:00.000Z`,
  weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(YEAR, 0, d, 12)),
  ),
})

// A server of this file's own: the coach's zone changes here, which would change the times other files read
// on the worker's seeded server. Clicked on SQLite only: the stored instants and the zone are proven on both
// databases below the browser.
const own = sitesOfThisFile('zones', {}, { on: 'SQLite', provenBy: ['booking/booking', 'content/content'] })

/**
 * The coach's time zone is one setting, Booking → Availability: on a site of this file's own, the coach (in
 * New York, their browser in Berlin) types a workshop at 1:00 PM beside the zone the date field names; it is
 * stored as the instant meant (18:00 UTC in winter), listed at 1:00 PM in the admin and shown at 1:00 PM EST
 * on the public workshops page and to a visitor in Tokyo; when the coach moves to Berlin the page follows at
 * once (7:00 PM). At 1280 and 390 pixels, on SQLite; the server's log stays free of error lines.
 */
for (const database of own.databases)
  test.describe(`the coach’s time zone, on ${database}`, () => {
    let site: RunningSite
    let token = ''
    const contexts: BrowserContext[] = []
    const auth = () => ({ authorization: `JWT ${token}`, 'content-type': 'application/json' })

    test.beforeAll(async () => {
      site = own.site(database)
      ;({ token } = await logInAsCoach(site.url))
      await setZone('America/New_York')
    })
    test.afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
    })

    async function setZone(timeZone: string) {
      const res = await fetch(`${site.url}/cms-api/globals/availability`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({ timeZone, timeZoneChosen: true }),
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }

    /** A page of the site in a browser set to `timezoneId`, as the coach when `coach`. */
    async function newPage(viewport: { width: number; height: number }, timezoneId: string, coach: boolean) {
      const context = await own.browser().newContext({ viewport, timezoneId })
      contexts.push(context)
      context.setDefaultTimeout(20_000)
      if (coach) await context.addCookies([{ name: 'payload-token', value: token, url: site.url }])
      return context.newPage()
    }

    /** The workshops page's text of the workshop called `title`, as a visitor's browser shows it. */
    async function shownOnSite(page: Page, title: string): Promise<string> {
      await page.goto(`${site.url}/workshops`)
      return page.locator('.card', { hasText: title }).locator('time').innerText()
    }

    /** The coach types a workshop at 1:00 PM on Jan `d` in the admin; answers its stored date. */
    async function typeWorkshop(page: Page, title: string, d: number, name: string): Promise<string> {
      await page.goto(`${site.url}/admin/collections/workshops/create`)
      // The zone the date is typed in is named beside it: the coach's, not the browser's (Berlin).
      const dateField = page.locator('#field-date')
      const zone = page.locator('.timezone-picker-wrapper', { has: page.locator('#date-timezone-picker') })
      await expect.poll(() => zone.innerText()).toMatch(/^Time zone\s*\*?\s*America\/New_York$/)
      const note = page.locator('[data-zone-note]')
      await expect.poll(() => note.innerText()).toBe(WORKSHOP_DATE_NOTE)
      await note.scrollIntoViewIfNeeded()
      // Our words under the date (the date picker and the zone's list beside it are Payload's own widgets).
      await expectNoSeriousA11yViolations(page, `${name}: a new workshop's date`, '[data-zone-note]')

      const date = dateField.locator('input').first()
      await page.locator('#field-title').fill(title)
      await page.locator('#field-format').fill('Online (Zoom)')
      await page.locator('#field-description').fill('An afternoon on saying no.')
      await page.locator('#field-registerLink').fill('https://example.com/register')
      await date.fill(day(d).typed)
      await page.keyboard.press('Escape')
      await page.locator('#action-save:visible').click()
      await page.waitForURL(/\/admin\/collections\/workshops\/\d+$/)
      // Opened again, it reads as typed, in the coach's zone.
      await page.reload()
      await expect.poll(() => date.inputValue()).toBe(day(d).typed)
      const id = /\/workshops\/(\d+)$/.exec(page.url())![1]
      const doc = (await (await fetch(`${site.url}/cms-api/workshops/${id}`, { headers: auth() })).json()) as {
        date: string
      }
      return doc.date
    }

    test('a workshop typed at 1:00 PM in New York from a browser in Berlin is stored as 18:00 UTC and shown at 1:00 PM, at 1280 and 390 px', async () => {
      for (const [viewport, d, name] of [
        [DESKTOP, 14, '1280 px'],
        [PHONE, 15, '390 px'],
      ] as const) {
        const title = `Saying no ${name} ${database}`
        const coach = await newPage(viewport, 'Europe/Berlin', true)
        expect(await typeWorkshop(coach, title, d, name)).toBe(day(d).instant)

        // The admin's list says 1:00 PM too.
        await coach.goto(`${site.url}/admin/collections/workshops`)
        const row = coach.locator('tbody tr', { hasText: title })
        await expect.poll(() => row.innerText()).toContain(`January ${d}th ${YEAR}, 1:00 PM`)

        // The public page: 1:00 PM in New York, for the coach in Berlin and a visitor in Tokyo alike.
        const expected = `${day(d).weekday}, January ${d}, ${YEAR} at 1:00 PM EST`
        expect(await shownOnSite(coach, title)).toBe(expected)
        const visitor = await newPage(viewport, 'Asia/Tokyo', false)
        expect(await shownOnSite(visitor, title)).toBe(expected)
        await coach.context().close()
        await visitor.context().close()
      }
    })

    test('the banner’s end names the coach’s zone; a new zone reaches the workshops page and the admin at once', async () => {
      const coach = await newPage(DESKTOP, 'Europe/Berlin', true)
      await coach.goto(`${site.url}/admin/globals/announcement`)
      const zone = coach.locator('.timezone-picker-wrapper', { has: coach.locator('#endsAt-timezone-picker') })
      await expect.poll(() => zone.innerText()).toMatch(/^Time zone\s*\*?\s*America\/New_York$/)
      await expect.poll(() => coach.locator('[data-zone-note]').innerText()).toBe(BANNER_END_NOTE)
      await expectNoSeriousA11yViolations(coach, 'the banner’s end', '[data-zone-note]')

      // The coach moves to Berlin (the same instant is 7:00 PM there): the cached page follows.
      const title = `Saying no 1280 px ${database}`
      try {
        await setZone('Europe/Berlin')
        expect(await shownOnSite(coach, title)).toBe(`${day(14).weekday}, January 14, ${YEAR} at 7:00 PM GMT+1`)
        await coach.goto(`${site.url}/admin/collections/workshops`)
        const row = coach.locator('tbody tr', { hasText: title })
        await expect.poll(() => row.innerText()).toContain(`January 14th ${YEAR}, 7:00 PM`)
      } finally {
        await setZone('America/New_York')
      }
      expect(await shownOnSite(coach, title)).toBe(`${day(14).weekday}, January 14, ${YEAR} at 1:00 PM EST`)
      await coach.context().close()
    })

    /** A visitor's message through the contact form; answers its id and when it was received. */
    async function aMessage(email: string): Promise<{ id: number; at: string }> {
      const sent = await fetch(`${site.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada Zone', email, inquiryType: 'general', message: 'When is good for you?' }),
      })
      expect(sent.status, 'sending the message').toBe(200)
      const found = (await (
        await fetch(`${site.url}/cms-api/contact-messages?where[email][equals]=${encodeURIComponent(email)}`, {
          headers: auth(),
        })
      ).json()) as { docs: { id: number; receivedAt: string }[] }
      expect(found.docs).toHaveLength(1)
      return { id: found.docs[0]!.id, at: found.docs[0]!.receivedAt }
    }

    /** A reader who signs up in the footer and confirms with the mailed link; answers its id and consent time. */
    async function aSubscriber(email: string): Promise<{ id: number; at: string }> {
      await aConfirmedReader(site.url, email, async () =>
        (await mailsWritten(site.dataDir)).find(
          (m) => m.to?.[0]?.address === email && /confirm your subscription/i.test(m.subject ?? ''),
        ),
      )
      const found = (await (
        await fetch(`${site.url}/cms-api/subscribers?where[email][equals]=${encodeURIComponent(email)}`, {
          headers: auth(),
        })
      ).json()) as { docs: { id: number; consentAt: string }[] }
      expect(found.docs).toHaveLength(1)
      return { id: found.docs[0]!.id, at: found.docs[0]!.consentAt }
    }

    /**
     * On a document's screen: the date field `name` as it reads, and the zone named beside it (Payload marks the
     * zone of a required date with "*").
     */
    async function dateOnScreen(page: Page, url: string, name: string) {
      await page.goto(url)
      const date = page.locator(`#field-${name} input`).first()
      const zone = page.locator('.timezone-picker-wrapper', { has: page.locator(`#${name}-timezone-picker`) })
      await expect.poll(() => date.inputValue()).not.toBe('')
      await expect.poll(() => zone.innerText()).toMatch(/^Time zone\s*\S/)
      return { date: await date.inputValue(), zone: (await zone.innerText()).replace(/^Time zone\s*\*?\s*/, '') }
    }

    test('the dates the admin only shows (a message’s received time, a subscriber’s consent) read in the coach’s zone and name it, on the screen and in the list, at 1280 and 390 px', async () => {
      for (const [viewport, name] of [
        [DESKTOP, '1280'],
        [PHONE, '390'],
      ] as const) {
        const tag = `${name}-${database.toLowerCase()}-${Date.now()}`
        const message = await aMessage(`ada.zone.${tag}@example.com`)
        const subscriberEmail = `consent.${tag}@example.com`
        const subscriber = await aSubscriber(subscriberEmail)
        const coach = await newPage(viewport, 'Europe/Berlin', true)

        const received = SHOWN_IN(message.at, 'America/New_York')
        expect(
          await dateOnScreen(coach, `${site.url}/admin/collections/contact-messages/${message.id}`, 'receivedAt'),
        ).toEqual({
          date: received.screen,
          zone: 'America/New_York',
        })
        await coach.goto(`${site.url}/admin/collections/contact-messages`)
        const messageRow = coach.locator('tbody tr', { hasText: `ada.zone.${tag}@example.com` })
        await expect.poll(() => messageRow.innerText()).toContain(received.list)

        const consent = SHOWN_IN(subscriber.at, 'America/New_York')
        expect(
          await dateOnScreen(coach, `${site.url}/admin/collections/subscribers/${subscriber.id}`, 'consentAt'),
        ).toEqual({
          date: consent.screen,
          zone: 'America/New_York',
        })
        await coach.goto(`${site.url}/admin/collections/subscribers`)
        const subscriberRow = coach.locator('tbody tr', { hasText: subscriberEmail })
        await expect.poll(() => subscriberRow.innerText()).toContain(consent.list)
        await coach.context().close()
      }
    })

    test('leaves no error lines in the server’s log', () => {
      expect(serverErrorLines(site.logFile)).toEqual([])
    })
  })
