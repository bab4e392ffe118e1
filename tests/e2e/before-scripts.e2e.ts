import type { BrowserContext, Page } from 'playwright-core'

import { expect, test } from './fixtures'

import { CONTACT_SUCCESS } from '@/features/contact/texts'
import { FAQ_PAGES } from '@/domain/faq-pages'
import type { RunningSite } from '../../scripts/lib/server'
import { DESKTOP, PHONE } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { descriptionOf, holdScripts } from '../support/held-scripts'
import { sitesOfThisFile } from '../support/own-sites'

// A server of this file's own: it books and moves calls and edits an FAQ, which must not change what the
// shared seeded servers offer other files' visitors while they run.
const own = sitesOfThisFile(
  'held',
  { OUTBOX_INTERVAL_MS: '500', TRUST_PROXY_HOPS: '1' },
  { on: 'SQLite', provenBy: ['booking/booking', 'contact/contact', 'content/content'] },
)

/**
 * Nothing a person does before a screen is ready is lost (issue 39): each control is acted on once, with the
 * page's scripts held back as on a slow phone, then the scripts are let go, and the effect follows with no
 * second action. A control either works without its script (a real form post), or is drawn disabled and
 * described as "Loading…" until it works (a press then waits, as a person waits for it); what was typed,
 * ticked or chosen before the script took over counts.
 */
for (const database of own.databases)
  test.describe(`before the scripts have run, on ${database}`, () => {
    let site: RunningSite
    let token = ''
    let clients = 0
    const contexts: BrowserContext[] = []

    test.beforeAll(async () => {
      site = own.site(database)
      ;({ token } = await logInAsCoach(site.url))
    })
    test.afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
    })

    const newPage = async (viewport: { width: number; height: number }, coach: boolean): Promise<Page> => {
      const context = await own.browser().newContext({
        viewport,
        timezoneId: 'UTC',
        extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${++clients}` },
      })
      contexts.push(context)
      context.setDefaultTimeout(30_000)
      if (coach) await context.addCookies([{ name: 'payload-token', value: token, url: site.url }])
      return context.newPage()
    }
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${site.url}/cms-api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}`, ...init.headers },
      })

    /** The open times the booking page offers now. */
    const openTimes = async (): Promise<string[]> => {
      const html = await (await fetch(`${site.url}/scheduling`)).text()
      return [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!)
    }
    /** A visitor books `slot`: answers the call's id. */
    const aBooking = async (slot: string, name: string, email: string): Promise<number> => {
      const booked = await fetch(`${site.url}/api/discovery-calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++clients}` },
        body: JSON.stringify({ slot, name, email, timeZone: 'UTC' }),
      })
      expect(booked.status, `booking ${slot}`).toBe(200)
      const found = (await (
        await api(`/discovery-calls?where[email][equals]=${encodeURIComponent(email)}`)
      ).json()) as {
        docs: { id: number }[]
      }
      return found.docs[0]!.id
    }

    test.describe('the public site', () => {
      test('a message sent before the page’s script has run is sent: the form posts without it', async () => {
        const page = await newPage(DESKTOP, false)
        const scripts = await holdScripts(page)
        await scripts.open(`${site.url}/schedule-and-contact`)
        await page.fill('#contact-name', 'Early Bird')
        await page.fill('#contact-email', 'early.bird@example.com')
        await page.selectOption('#contact-inquiryType', 'general')
        await page.fill('#contact-message', 'Typed and sent before the page was ready.')
        await page.getByRole('button', { name: 'Send Message' }).click()
        scripts.release()
        await expect.poll(() => page.locator('#contact-form [role="status"]').textContent()).toBe(CONTACT_SUCCESS)
      })

      test('the Menu button is drawn not ready until it works, and a press made then opens the menu once it does', async () => {
        const page = await newPage(PHONE, false)
        const scripts = await holdScripts(page)
        await scripts.open(`${site.url}/`)
        const menu = page.getByRole('button', { name: 'Menu' })
        await menu.waitFor()
        expect(await menu.isDisabled()).toBe(true)
        expect(await descriptionOf(page, 'button.site-nav__toggle')).toBe('Loading…')
        // The press is made now; it lands once the button works (as a person's, who waits for it).
        const pressed = menu.click()
        scripts.release()
        await pressed
        await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
        expect(await page.getByRole('link', { name: 'About' }).isVisible()).toBe(true)
        expect(await page.locator('button.site-nav__toggle').getAttribute('aria-describedby')).toBeNull()
      })
    })

    test.describe('the admin', () => {
      test('a call moved with a time chosen, a line typed and the button pressed before the screen was ready is moved', async () => {
        const slots = await openTimes()
        const id = await aBooking(slots[0]!, 'Early Mover', `early.mover.${database.toLowerCase()}@example.com`)
        const page = await newPage(DESKTOP, true)
        const scripts = await holdScripts(page)
        await scripts.open(`${site.url}/admin/collections/discovery-calls/${id}`)
        const panel = page.locator('#move-call')
        await panel.getByLabel('New time', { exact: true }).selectOption(slots[1]!)
        await panel.getByLabel('A line to the visitor (optional)').fill('See you a little later.')
        const move = panel.getByRole('button', { name: 'Move the call', exact: true })
        expect(await move.isDisabled()).toBe(true)
        expect(await descriptionOf(page, '#move-call button.btn--style-primary')).toBe('Loading…')
        const pressed = move.click()
        scripts.release()
        await pressed
        await expect
          .poll(() => page.locator('#move-call-outcome').textContent(), { timeout: 30_000 })
          .toMatch(/^Moved to .+\. Early Mover gets the new time by mail with your line, with an updated invite\.$/)
        const call = (await (await api(`/discovery-calls/${id}`)).json()) as { startsAt: string }
        expect(call.startsAt).toBe(slots[1])
      })

      test('"Outside my open hours" ticked before the screen was ready stays ticked and shows the date and time', async () => {
        const slots = await openTimes()
        const id = await aBooking(
          slots[slots.length - 1]!,
          'Early Ticker',
          `early.ticker.${database.toLowerCase()}@example.com`,
        )
        const page = await newPage(DESKTOP, true)
        const scripts = await holdScripts(page)
        await scripts.open(`${site.url}/admin/collections/discovery-calls/${id}`)
        const panel = page.locator('#move-call')
        await panel.getByLabel('Outside my open hours').check()
        scripts.release()
        // The date and time appear only once the screen's code has taken the tick in.
        await panel.getByLabel('Date', { exact: true }).waitFor()
        expect(await panel.getByLabel('Outside my open hours').isChecked()).toBe(true)
        expect(await panel.getByLabel('New time', { exact: true }).count()).toBe(0)
      })

      test('a field of Payload’s is drawn not ready until it works; typed into once it does, one press of Save saves it', async () => {
        const created = await api('/faqs', {
          method: 'POST',
          body: JSON.stringify({ question: 'Asked early?', answer: 'Yes.', page: FAQ_PAGES[0]!.value }),
        })
        expect(created.status).toBe(201)
        const { doc } = (await created.json()) as { doc: { id: number } }
        const page = await newPage(DESKTOP, true)
        const scripts = await holdScripts(page)
        await scripts.open(`${site.url}/admin/collections/faqs/${doc.id}`)
        const question = page.locator('#field-question')
        const save = page.locator('#action-save')
        await question.waitFor()
        expect(await question.isDisabled()).toBe(true)
        expect(await save.isDisabled()).toBe(true)
        // Typed now, it lands once the field works (as a person's typing, who waits for it); Save follows at once.
        const typed = question.fill('Typed as soon as the screen was ready?')
        scripts.release()
        await typed
        await save.click()
        await expect
          .poll(() => page.locator('.payload-toast-container').textContent())
          .toContain('Updated successfully.')
        const saved = (await (await api(`/faqs/${doc.id}`)).json()) as { question: string }
        expect(saved.question).toBe('Typed as soon as the screen was ready?')
      })
    })
  })
