import { TZDate } from '@date-fns/tz'
import type { Browser, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { upcomingGroup, whenLabel } from '@/features/booking/upcoming'
import { COACHING_COPY } from '@/features/pages/defaults'
import { withDefaults } from '@/features/pages/copy'
import { changeChecked } from '../support/admin-forms'
import { DESKTOP, expectNoSeriousA11yViolations, PHONE } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { provenOnBothBy } from '../support/own-sites'

// Clicked on SQLite only: the calls' and prices' outcomes are proven on both databases below the browser.
provenOnBothBy(['booking/booking', 'content/content'])

const run = `${Date.now()}`
const MINUTE = 60_000

/**
 * The coach's calls and prices, clicked through in Chromium on the worker's seeded site (SQLite): Discovery calls opens on the calls ahead under Today, This week and Later in the
 * coach's time zone, readable at 390 pixels with no filter builder; a new price typed on Pages → Coaching
 * reaches the page's search description, its pricing card and an FAQ that names it by placeholder on the next
 * request, and the screen lists a text that still names the old price. Everything made here is removed, and
 * the coaching page is published back as it was.
 */
test.describe('the coach’s calls and prices', () => {
  let browser: Browser
  let site = ''
  let api = ''
  let token = ''
  const auth = () => ({ authorization: `JWT ${token}`, 'content-type': 'application/json' })
  const calls: number[] = []
  const faqs: number[] = []

  test.beforeAll(async ({ browser: given, seeded }) => {
    browser = given
    site = seeded.url
    api = `${site}/cms-api`
    ;({ token } = await logInAsCoach(site))
  })
  test.afterAll(async () => {
    // A call still ahead is cancelled before it may be deleted (the visitor is told, as for any cancel).
    for (const id of calls) {
      await fetch(`${api}/discovery-calls/${id}`, {
        method: 'PATCH',
        headers: auth(),
        body: JSON.stringify({ status: 'cancelled' }),
      })
      await fetch(`${api}/discovery-calls/${id}`, { method: 'DELETE', headers: auth() })
    }
    for (const id of faqs) await fetch(`${api}/faqs/${id}`, { method: 'DELETE', headers: auth() })
  })

  async function coachPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport })
    await context.addCookies([{ name: 'payload-token', value: token, url: site }])
    return context.newPage()
  }

  /** A visitor books `slot` on the site: answers the call's id. */
  async function aBooking(slot: string, i: number): Promise<number> {
    const email = `calls.${run}.${i}@example.com`
    const booked = await fetch(`${site}/api/discovery-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(Number(run) + i) % 250}` },
      body: JSON.stringify({ slot, name: `Caller ${i} ${run}`, email, timeZone: 'UTC' }),
    })
    expect(booked.status, `booking ${slot}`).toBe(200)
    const found = (await (
      await fetch(`${api}/discovery-calls?where[email][equals]=${encodeURIComponent(email)}`, { headers: auth() })
    ).json()) as { docs: { id: number }[] }
    calls.push(found.docs[0]!.id)
    return found.docs[0]!.id
  }

  const patchCall = async (id: number, data: Record<string, unknown>) => {
    const res = await fetch(`${api}/discovery-calls/${id}`, {
      method: 'PATCH',
      headers: auth(),
      body: JSON.stringify(data),
    })
    expect(res.status, `${JSON.stringify(data)}: ${await res.clone().text()}`).toBe(200)
  }

  test('opens Discovery calls on the calls ahead under Today, This week and Later, in the coach’s zone, at 1280 and 390 px', async () => {
    const { timeZone } = (await (await fetch(`${api}/globals/availability`, { headers: auth() })).json()) as {
      timeZone: string
    }
    // Four visitors book open times on four days (the last ones shown, which other tests leave alone).
    const html = await (await fetch(`${site}/scheduling`)).text()
    const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!).reverse()
    const onDays = slots.filter((s, i) => slots.findIndex((t) => t.slice(0, 10) === s.slice(0, 10)) === i)
    expect(onDays.length).toBeGreaterThanOrEqual(4)
    const ids: number[] = []
    for (const [i, slot] of onDays.slice(0, 4).entries()) ids.push(await aBooking(slot, i))

    // The coach moves three: later today, in three days and in three weeks (early in the morning, outside
    // the booking hours, where no visitor's booking can be), and cancels the fourth.
    const now = new TZDate(Date.now(), timeZone)
    const local = (days: number, hour: number, minute: number) =>
      new Date(new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute, timeZone).getTime())
    const moves = [
      new Date(Math.ceil((Date.now() + 20 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE),
      local(3, 5, 10),
      local(21, 5, 40),
    ]
    for (const [i, start] of moves.entries()) await patchCall(ids[i]!, { startsAt: start.toISOString() })
    await patchCall(ids[3]!, { status: 'cancelled' })
    const cancelledAt = new Date(onDays[3]!)
    const expected = [
      ...moves.map((start, i) => ({ id: ids[i]!, start, status: 'Booked' })),
      { id: ids[3]!, start: cancelledAt, status: 'Cancelled by you' },
    ]

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await coachPage(viewport)
      await page.goto(`${site}/admin/collections/discovery-calls`)
      await page.waitForURL(/\/admin\/collections\/discovery-calls\/upcoming$/)
      await page.getByRole('heading', { name: 'Upcoming discovery calls', level: 1 }).waitFor()
      const seenAt = new Date()
      for (const call of expected) {
        const group = upcomingGroup(call.start, seenAt, timeZone)
        const item = page
          .locator('section', { has: page.getByRole('heading', { name: group, exact: true, level: 2 }) })
          .locator(`[data-upcoming-call="${call.id}"]`)
        await expect.poll(() => item.count(), { message: `call ${call.id} under ${group}` }).toBe(1)
        const text = (await item.innerText()).replace(/\s+/g, ' ')
        expect(text).toContain(whenLabel(call.start, group, timeZone))
        expect(text).toContain(`Caller ${ids.indexOf(call.id)} ${run}`)
        expect(text).toContain(call.status)
        // The status is on the screen, not cut off at its right edge (once the admin has laid itself out).
        const status = item.locator('[data-call-status]')
        expect(await status.isVisible()).toBe(true)
        await expect
          .poll(async () => {
            const box = (await status.boundingBox())!
            return box.x >= 0 && box.x + box.width <= viewport.width
          })
          .toBe(true)
      }
      // The groups in order; no filter builder, no table, nothing to scroll sideways.
      const headings = await page.locator('.upcoming-calls h2').allInnerTexts()
      expect(headings).toEqual(['Today', 'This week', 'Later'].filter((h) => headings.includes(h)))
      expect(await page.locator('.where-builder, .list-controls, table').count()).toBe(0)
      expect(await page.getByRole('button', { name: /filters/i }).count()).toBe(0)
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await expectNoSeriousA11yViolations(page, `upcoming calls at ${viewport.width} px`, '.upcoming-calls')

      if (viewport === DESKTOP) {
        // A call's name opens its screen; "All calls" is Payload's table, past and cancelled ones included.
        await page.getByRole('link', { name: `Caller 0 ${run}`, exact: true }).click()
        await page.waitForURL(new RegExp(`/admin/collections/discovery-calls/${ids[0]}$`))
        await page.goto(`${site}/admin/collections/discovery-calls/upcoming`)
        await page.getByRole('link', { name: 'All calls, past and cancelled ones included' }).click()
        await page.waitForURL(/\/admin\/collections\/discovery-calls\?.*sort=-startsAt/)
        await expect.poll(() => page.locator('tbody tr', { hasText: `Caller 3 ${run}` }).count()).toBe(1)
        expect(await page.getByRole('link', { name: 'Upcoming calls', exact: true }).getAttribute('href')).toBe(
          '/admin/collections/discovery-calls/upcoming',
        )
      }
      await page.context().close()
    }
  })

  test('takes a new price from Pages → Coaching to the search description, the card and an FAQ; lists a text with the old one', async () => {
    const original = (await (
      await fetch(`${api}/globals/coaching-page?depth=0`, { headers: auth() })
    ).json()) as unknown
    const restore = { ...withDefaults(original, COACHING_COPY), _status: 'published' }
    const starter = restore.pricing[0]!
    const raised = starter.price + 25
    const faq = await fetch(`${api}/faqs`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        question: `What does a first session cost? ${run}`,
        answer: `A ${starter.name} is {price: ${starter.name}}.`,
        page: 'coaching',
        published: true,
      }),
    })
    expect(faq.status).toBe(201)
    faqs.push(((await faq.json()) as { doc: { id: number } }).doc.id)
    const coaching = async () => (await fetch(`${site}/coaching`)).text()
    const description = (price: number) =>
      `<meta name="description" content="Coaching packages, what to expect, pricing from $${price} and answers to common questions."/>`
    await expect.poll(coaching).toContain(`A ${starter.name} is $${starter.price}.`)
    expect(await coaching()).toContain(description(starter.price))

    const page = await coachPage(DESKTOP)
    try {
      await page.goto(`${site}/admin/globals/coaching-page`)
      await page.locator('form[data-form-ready="true"]:visible').first().waitFor()
      const notice = page.locator('#price-mentions')
      await expect.poll(() => notice.innerText()).toContain('{lowest price}')
      expect(await page.locator('[data-price-mention]').count()).toBe(0)

      // The coach raises the first card's price and, in the introduction, writes the old one out (a check that
      // saw the introduction saw the price typed before it).
      const intro = `${restore.intro} Sessions from $${starter.price}.`
      await changeChecked(
        page,
        'intro',
        (v) => v === intro,
        async () => {
          await page.locator('#field-pricing__0__price:visible').fill(String(raised))
          await page.locator('#field-intro:visible').fill(intro)
        },
      )
      await page.getByRole('button', { name: 'Publish changes', exact: true }).click()
      await page.getByText('Updated successfully.').first().waitFor()

      // The next request: the description, the card, the FAQ and the offer's data follow the price.
      await expect.poll(coaching).toContain(description(raised))
      const html = await coaching()
      expect(html).toContain(`<p class="pricing-card__price">$${raised}</p>`)
      expect(html).toContain(`A ${starter.name} is $${raised}.`)
      expect(html).toContain(`"price":${raised}`)
      expect(html).not.toContain('{lowest price}')

      // The screen names the text that still says the old price, where it is.
      await page.reload()
      const mention = page.locator('[data-price-mention]')
      await expect
        .poll(() => mention.allInnerTexts())
        .toEqual([`“$${starter.price}” in Pages → Coaching → Introduction: no pricing card costs this now.`])
      await expectNoSeriousA11yViolations(page, 'price notice', '#price-mentions')
    } finally {
      const back = await fetch(`${api}/globals/coaching-page`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify(restore),
      })
      expect(back.status, 'publishing the coaching page back').toBe(200)
      await page.context().close()
    }
    await expect.poll(coaching).toContain(description(starter.price))
  })
})
