import type { Browser, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { DESKTOP, expectNoSeriousA11yViolations, PHONE, typedBeforeScripts } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { provenOnBothBy } from '../support/own-sites'

// Clicked on SQLite only: what these screens store is proven on both databases below the browser.
provenOnBothBy(['content/content', 'contact/contact', 'workshops/workshops'])

/** Our own parts of Payload's screens (axe looks at these: Payload's own widgets are not ours to fix). */
const OURS = '.coach-admin'
const run = `${Date.now()}`

/**
 * The coach's day in the admin, clicked through in Chromium at 1280 and 390 pixels on the worker's seeded site
 * (SQLite): a message read as text, answered with "Reply" and marked handled
 * (the count beside "Messages" follows), the list of messages unhandled first in words, the admin's words
 * (Live, Preview, View site, no API tab, two Workshops entries named apart), workshops in date order on
 * the site and in the admin, and the dashboard opening on Today.
 */
test.describe('the coach’s day in the admin', () => {
  let browser: Browser
  let site = ''
  let api = ''
  let token = ''
  const auth = () => ({ authorization: `JWT ${token}`, 'content-type': 'application/json' })
  const made: { collection: string; id: number }[] = []

  test.beforeAll(async ({ browser: given, seeded }) => {
    browser = given
    site = seeded.url
    api = `${site}/cms-api`
    ;({ token } = await logInAsCoach(site))
  })
  test.afterAll(async () => {
    for (const { collection, id } of made)
      await fetch(`${api}/${collection}/${id}`, { method: 'DELETE', headers: auth() })
  })

  /** A page of the admin as the logged-in coach, at `viewport`. */
  async function coachPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport })
    await context.addCookies([{ name: 'payload-token', value: token, url: site }])
    return context.newPage()
  }

  /** A visitor's message through the contact form; answers its id. */
  async function aMessage(name: string, email: string, message: string, client: number): Promise<number> {
    const sent = await fetch(`${site}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${client}` },
      body: JSON.stringify({ name, email, inquiryType: 'partnership', message }),
    })
    expect(sent.status, 'sending the message').toBe(200)
    const found = (await (
      await fetch(`${api}/contact-messages?where[email][equals]=${encodeURIComponent(email)}`, { headers: auth() })
    ).json()) as { docs: { id: number }[] }
    expect(found.docs).toHaveLength(1)
    made.push({ collection: 'contact-messages', id: found.docs[0]!.id })
    return found.docs[0]!.id
  }

  const unhandledCount = async (): Promise<number> =>
    (
      (await (
        await fetch(`${api}/contact-messages?where[handled][not_equals]=true&limit=0`, { headers: auth() })
      ).json()) as { totalDocs: number }
    ).totalDocs
  const messagesInNav = (n: number) => (n > 0 ? `Messages (${n} unhandled)` : 'Messages')

  test('reads a message as text, replies by mail and marks it handled; the count in the navigation follows (1280 px)', async () => {
    const older = await aMessage('Older Visitor', `older.${run}@example.com`, 'An older question.', 11)
    const text = 'Hello,\nI lead a team of twelve.\n\nCould we talk about a workshop in May?'
    const id = await aMessage('Ana Lima', `ana.${run}@example.com`, text, 12)
    const settings = (await (await fetch(`${api}/globals/site-settings`, { headers: auth() })).json()) as {
      brand: { siteName: string }
    }
    const page = await coachPage(DESKTOP)

    // The list: unhandled first (newest first among them), in words.
    await page.goto(`${site}/admin/collections/contact-messages`)
    const handledCells = page.locator('tbody td.cell-handled')
    await expect.poll(() => handledCells.count()).toBeGreaterThan(1)
    const words = await handledCells.allInnerTexts()
    expect(words.map((w) => w.trim()).join(' ')).toMatch(/^(No )*No( Yes)*$/)
    const rows = await page.locator('tbody tr').allInnerTexts()
    expect(rows.findIndex((r) => r.includes(`ana.${run}@example.com`))).toBe(0)
    expect(rows.findIndex((r) => r.includes(`older.${run}@example.com`))).toBe(1)
    await expectNoSeriousA11yViolations(page, 'messages list', 'tbody td.cell-handled')

    // The message's screen: its words as text, a Reply to the visitor, the count in the navigation.
    await page.goto(`${site}/admin/collections/contact-messages/${id}`)
    const message = page.locator('[data-readable="message"]')
    await expect.poll(() => message.innerText()).toBe(text)
    expect(await page.locator('textarea').count(), 'no greyed box for the message').toBe(0)
    expect(await page.locator('[data-readable="email"]').innerText()).toBe(`ana.${run}@example.com`)
    expect(await page.locator('[data-readable="inquiryType"]').innerText()).toBe('Partnership Opportunity')
    const reply = page.getByRole('link', { name: 'Reply', exact: true })
    const href = new URL((await reply.getAttribute('href'))!)
    expect(href.protocol).toBe('mailto:')
    expect(decodeURIComponent(href.pathname)).toBe(`ana.${run}@example.com`)
    expect(href.searchParams.get('subject')).toBe(`Re: your message to ${settings.brand.siteName}`)
    expect(href.searchParams.get('body')).toContain('> Could we talk about a workshop in May?')
    const before = await unhandledCount()
    const nav = page.locator('#nav-contact-messages')
    await expect.poll(() => nav.innerText()).toBe(messagesInNav(before))
    await expectNoSeriousA11yViolations(page, 'message screen', OURS)

    await page.getByRole('button', { name: 'Mark handled', exact: true }).click()
    await expect.poll(() => page.locator('#mark-handled').innerText()).toBe('Mark not handled')
    await expect.poll(() => nav.innerText()).toBe(messagesInNav(before - 1))
    const stored = (await (await fetch(`${api}/contact-messages/${id}`, { headers: auth() })).json()) as {
      handled: boolean
    }
    expect(stored.handled).toBe(true)

    // Back in the list, the handled one has moved down among the handled ones; the older one leads.
    await page.goto(`${site}/admin/collections/contact-messages`)
    await expect
      .poll(async () => (await page.locator('tbody tr').first().innerText()).includes(`older.${run}@example.com`))
      .toBe(true)
    expect(older).toBeGreaterThan(0)
    await page.context().close()
  })

  test('says Live, labels Preview, has View site and no API tab, and names the two Workshops apart (1280 px)', async () => {
    const page = await coachPage(DESKTOP)
    // A published page is "Live"; a draft saved after it is "Changes not published yet".
    const publish = (status: 'published' | 'draft') =>
      fetch(`${api}/globals/books-page${status === 'draft' ? '?draft=true' : ''}`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({ _status: status }),
      })
    expect((await publish('published')).status).toBe(200)
    await page.goto(`${site}/admin/globals/books-page`)
    const status = page.locator('#page-status')
    await expect.poll(() => status.innerText()).toBe('Live')
    expect(await page.getByText('Draft', { exact: true }).count()).toBe(0)
    const preview = page.locator('#preview-button')
    expect((await preview.innerText()).trim()).toBe('Preview')
    expect(await preview.getAttribute('href')).toBe('/preview/books')
    expect(await page.getByRole('link', { name: 'API', exact: true }).count(), 'no API tab').toBe(0)
    const viewSite = page.getByRole('link', { name: 'View site', exact: true })
    expect(await viewSite.getAttribute('href')).toBe('/')
    expect(await page.locator('#nav-workshops').innerText()).toBe('Workshops')
    expect(await page.locator('#nav-global-workshops-page').innerText()).toBe('Workshops page')
    await expectNoSeriousA11yViolations(page, 'page screen', OURS)

    expect((await publish('draft')).status).toBe(200)
    await page.reload()
    await expect.poll(() => status.innerText()).toBe('Changes not published yet')
    expect((await publish('published')).status).toBe(200)

    // No API tab on a list's item either.
    await page.goto(`${site}/admin/collections/testimonials`)
    const published = page.locator('tbody td.cell-published')
    await expect.poll(() => published.count()).toBeGreaterThan(0)
    await expect
      .poll(async () => (await published.allInnerTexts()).map((w) => w.trim()).join(' '))
      .toMatch(/^(Yes|No)( (Yes|No))*$/)
    await page.locator('tbody tr a[href*="/admin/collections/testimonials/"]').first().click()
    await page.waitForURL(/\/admin\/collections\/testimonials\/\d+/)
    await expect.poll(() => page.locator('.doc-tabs, .doc-controls').first().count()).toBe(1)
    expect(await page.getByRole('link', { name: 'API', exact: true }).count(), 'no API tab').toBe(0)
    await page.context().close()
  })

  test('opens on Today: the next call, the messages waiting and the new subscribers, each a link to act (1280 px and 390 px)', async () => {
    // A visitor books the first open time, with a note; another sends a message.
    const visitor = { name: `Noor Today ${run}`, email: `noor.${run}@example.com`, timeZone: 'Europe/Paris' }
    const html = await (await fetch(`${site}/scheduling`)).text()
    const slot = /name="slot" value="([^"]+)"/.exec(html)![1]!
    const booked = await fetch(`${site}/api/discovery-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.31' },
      body: JSON.stringify({ slot, ...visitor, note: 'About leading a new team.' }),
    })
    expect(booked.status).toBe(200)
    const mine = (await (
      await fetch(`${api}/discovery-calls?where[email][equals]=${encodeURIComponent(visitor.email)}`, {
        headers: auth(),
      })
    ).json()) as { docs: { id: number }[] }
    made.push({ collection: 'discovery-calls', id: mine.docs[0]!.id })
    await aMessage('Today Visitor', `today.${run}@example.com`, 'Do you coach in French?', 14)

    // What Today must say, read from the site's own API: the soonest booked call not yet over, the
    // messages not handled.
    const next = (
      (await (
        await fetch(
          `${api}/discovery-calls?where[status][equals]=booked&where[endsAt][greater_than]=${new Date().toISOString()}&sort=startsAt&limit=1`,
          { headers: auth() },
        )
      ).json()) as { docs: { id: number; name: string }[] }
    ).docs[0]!
    const waiting = await unhandledCount()

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await coachPage(viewport)
      await page.goto(`${site}/admin`)
      const today = page.getByRole('region', { name: 'Today' })
      await today.waitFor()
      expect(await page.locator('h1').allInnerTexts()).toEqual(['Today'])
      const nextCall = today.locator('[data-today="next-call"]')
      expect(await nextCall.innerText()).toContain(next.name)
      expect(await today.getByText(`${waiting} messages not yet handled.`).count()).toBe(1)
      expect(
        await today.getByText(/^\d+ new subscribers? (since your last visit \(.+\)|in the last 7 days)\.$/).count(),
      ).toBe(1)
      // Nothing wider than the screen (named, should something be), once Payload's layout has settled (its
      // menu drawer closes on a phone after the page has hydrated).
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll('section.today *')]
              .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
              .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
          ),
        )
        .toEqual([])
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await expectNoSeriousA11yViolations(page, `Today at ${viewport.width} px`, 'section.today')

      // Each line leads to the place to act.
      await today.getByRole('link', { name: `Open the call with ${next.name}` }).click()
      await page.waitForURL(new RegExp(`/admin/collections/discovery-calls/${next.id}$`))
      await page.goBack()
      await today.getByRole('link', { name: 'Open the messages' }).click()
      await page.waitForURL(/\/admin\/collections\/contact-messages/)
      await page.context().close()
    }
  })

  test('asks for the time zone on the dashboard until it is chosen, offering the browser’s (1280 px)', async () => {
    const availability = async () =>
      (await (await fetch(`${api}/globals/availability`, { headers: auth() })).json()) as {
        timeZone: string
        timeZoneChosen: boolean
      }
    const before = await availability()
    // As on a new site: no zone chosen yet.
    const reset = await fetch(`${api}/globals/availability`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ timeZoneChosen: false }),
    })
    expect(reset.status).toBe(200)
    expect((await availability()).timeZoneChosen).toBe(false)
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/New_York' })
    try {
      await context.addCookies([{ name: 'payload-token', value: token, url: site }])
      const page = await context.newPage()
      await page.goto(`${site}/admin`)
      const question = page.getByRole('group', { name: 'Which time zone do you work in?' })
      const zone = question.getByLabel('Time zone')
      await expect.poll(() => zone.inputValue()).toBe('America/New_York')
      await expectNoSeriousA11yViolations(page, 'the time-zone question', 'section.today')
      // Another zone, chosen before the dashboard's script has taken over (as on a slow phone): it counts.
      await typedBeforeScripts(page, `${site}/admin`, () => zone.selectOption('Asia/Tokyo'))
      await question.getByRole('button', { name: 'Use this time zone' }).click()
      await page.getByText(/ · times in Asia\/Tokyo$/).waitFor()
      expect(await question.count()).toBe(0)
      expect(await availability()).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneChosen: true })

      // Under Booking → Availability the zone is picked from the list, found by typing part of its name.
      await page.goto(`${site}/admin/globals/availability`)
      const picker = page.locator('#field-timeZone')
      await expect.poll(() => picker.innerText()).toContain('Asia/Tokyo')
      await picker.locator('input').first().fill('Berl')
      await page.keyboard.press('Enter')
      await expect.poll(() => picker.innerText()).toContain('Europe/Berlin')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect.poll(async () => (await availability()).timeZone).toBe('Europe/Berlin')
    } finally {
      await context.close()
      await fetch(`${api}/globals/availability`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({ timeZone: before.timeZone }),
      })
    }
  })

  test('lists upcoming workshops soonest first on the site, in the read API and in the admin (1280 px and 390 px)', async () => {
    // Typed in the wrong order: the later one first.
    const year = new Date().getUTCFullYear() + 2
    const later = { title: `February seminar ${run}`, date: `${year}-02-13T10:00:00.000Z` }
    const sooner = { title: `January workshop ${run}`, date: `${year}-01-10T10:00:00.000Z` }
    for (const w of [later, sooner]) {
      const res = await fetch(`${api}/workshops`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({
          ...w,
          format: 'Online (Zoom)',
          description: 'A day on boundaries.',
          registerLink: 'https://example.com/register',
          published: true,
        }),
      })
      expect(res.status).toBe(201)
      made.push({ collection: 'workshops', id: ((await res.json()) as { doc: { id: number } }).doc.id })
    }

    const listed = (await (await fetch(`${site}/api/workshops`)).json()) as { title: string; date: string }[]
    const dates = listed.map((w) => w.date)
    expect(dates).toEqual([...dates].sort())
    const titles = listed.map((w) => w.title)
    expect(titles.indexOf(sooner.title)).toBeLessThan(titles.indexOf(later.title))
    expect(titles.indexOf(sooner.title)).toBeGreaterThanOrEqual(0)

    const pageHtml = await (await fetch(`${site}/workshops`)).text()
    expect(pageHtml.indexOf(sooner.title)).toBeGreaterThan(0)
    expect(pageHtml.indexOf(sooner.title)).toBeLessThan(pageHtml.indexOf(later.title))

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await coachPage(viewport)
      await page.goto(`${site}/admin/collections/workshops`)
      const rows = page.locator('tbody tr')
      await expect.poll(() => rows.count()).toBeGreaterThan(1)
      const texts = await rows.allInnerTexts()
      const at = (title: string) => texts.findIndex((t) => t.includes(title))
      expect(at(sooner.title)).toBeGreaterThanOrEqual(0)
      expect(at(sooner.title)).toBeLessThan(at(later.title))
      await page.context().close()
    }
  })

  test('reads and answers a message on a phone (390 px)', async () => {
    const id = await aMessage('Phone Visitor', `phone.${run}@example.com`, 'Short question\nfrom a phone.', 13)
    const page = await coachPage(PHONE)
    await page.goto(`${site}/admin/collections/contact-messages/${id}`)
    const message = page.locator('[data-readable="message"]')
    await expect.poll(() => message.innerText()).toBe('Short question\nfrom a phone.')
    // Shown on the phone's screen (waited for: the screen may still be settling once the text is there).
    await message.waitFor({ state: 'visible' })
    const reply = page.getByRole('link', { name: 'Reply', exact: true })
    await reply.waitFor({ state: 'visible' })
    expect(decodeURIComponent(new URL((await reply.getAttribute('href'))!).pathname)).toBe(`phone.${run}@example.com`)
    const mark = page.getByRole('button', { name: 'Mark handled', exact: true })
    await mark.scrollIntoViewIfNeeded()
    await expectNoSeriousA11yViolations(page, 'message screen on a phone', OURS)
    await mark.click()
    await expect.poll(() => page.locator('#mark-handled').innerText()).toBe('Mark not handled')
    await page.getByRole('button', { name: 'Mark not handled', exact: true }).click()
    await expect.poll(() => page.locator('#mark-handled').innerText()).toBe('Mark handled')
    // Each press was saved before the button offered the next.
    const stored = (await (await fetch(`${api}/contact-messages/${id}`, { headers: auth() })).json()) as {
      handled: boolean
    }
    expect(stored.handled).toBe(false)
    await page.context().close()
  })
})
