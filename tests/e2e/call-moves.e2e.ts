import { TZDate } from '@date-fns/tz'
import type { BrowserContext, Page } from 'playwright-core'
import type { Email } from 'postal-mime'
import { expect, test } from './fixtures'

import { formatSlot } from '@/features/booking/slots'
import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { DESKTOP, expectNoSeriousA11yViolations, PHONE, typedBeforeScripts } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { mailsWritten } from '../support/mail-files'
import { sitesOfThisFile } from '../support/own-sites'

// A server of this file's own, on one database (its outcomes proven on both by the booking suite): the moves here take and free open times and
// send mail, which must not change what the shared seeded servers offer other files' visitors while they run.
const own = sitesOfThisFile(
  'move',
  { OUTBOX_INTERVAL_MS: '500', TRUST_PROXY_HOPS: '1' },
  { on: 'SQLite', provenBy: ['booking/booking'] },
)

/**
 * Moving a call from its screen in the admin, clicked through in Chromium as the coach at 1280 and 390
 * pixels on a seeded site of this file's own: the panel offers the open times (not the other visitor's), a
 * time over another call or gone by is refused in words under the button, an open time is taken with a
 * line to the visitor (who is mailed the new time with it), a time outside the open hours is taken only
 * when the coach says so, and the visitor can be sent the link to pick a new time themselves.
 */
for (const database of own.databases)
  test.describe(`moving a call in the admin, on ${database}`, () => {
    let site: RunningSite
    let token = ''
    let timeZone = 'UTC'
    let clients = 0
    const db = database.toLowerCase()
    const contexts: BrowserContext[] = []

    test.beforeAll(async () => {
      site = own.site(database)
      ;({ token } = await logInAsCoach(site.url))
      ;({ timeZone } = (await (
        await fetch(`${site.url}/cms-api/globals/availability`, { headers: { authorization: `JWT ${token}` } })
      ).json()) as { timeZone: string })
    })
    test.afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
    })

    const coachPage = async (viewport: { width: number; height: number }): Promise<Page> => {
      const context = await own.browser().newContext({ viewport, timezoneId: 'UTC' })
      contexts.push(context)
      context.setDefaultTimeout(20_000)
      await context.addCookies([{ name: 'payload-token', value: token, url: site.url }])
      return context.newPage()
    }

    /** A visitor books `slot` on the site: answers the call's id. */
    const aBooking = async (slot: string, name: string, email: string): Promise<number> => {
      const booked = await fetch(`${site.url}/api/discovery-calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++clients}` },
        body: JSON.stringify({ slot, name, email, timeZone: 'UTC' }),
      })
      expect(booked.status, `booking ${slot}`).toBe(200)
      const found = (await (
        await fetch(`${site.url}/cms-api/discovery-calls?where[email][equals]=${encodeURIComponent(email)}`, {
          headers: { authorization: `JWT ${token}` },
        })
      ).json()) as { docs: { id: number }[] }
      return found.docs[0]!.id
    }
    const startOf = async (id: number): Promise<string> =>
      (
        (await (
          await fetch(`${site.url}/cms-api/discovery-calls/${id}`, { headers: { authorization: `JWT ${token}` } })
        ).json()) as { startsAt: string }
      ).startsAt

    /** The mails to `address` whose subject starts so, once the outbox has sent `count` of them. */
    const mailsTo = async (address: string, subject: string, count = 1): Promise<Email[]> => {
      const found = async () =>
        (await mailsWritten(site.dataDir)).filter(
          (m) => m.subject?.startsWith(subject) && m.to?.[0]?.address === address,
        )
      await expect
        .poll(async () => (await found()).length, { timeout: 20_000, message: `${subject} to ${address}` })
        .toBe(count)
      return found()
    }

    /** The call's screen with its "Move this call" panel drawn. */
    const openCall = async (page: Page, id: number) => {
      await page.goto(`${site.url}/admin/collections/discovery-calls/${id}`)
      await page.getByRole('heading', { name: 'Move this call', level: 2 }).waitFor()
      return page.locator('#move-call')
    }

    /** The coach-local wall clock of an instant, as the date and time inputs take it. */
    const wall = (instant: Date) => {
      const t = new TZDate(instant.getTime(), timeZone)
      const two = (n: number) => String(n).padStart(2, '0')
      return {
        date: `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}`,
        time: `${two(t.getHours())}:${two(t.getMinutes())}`,
      }
    }

    test('refuses a move over another call and into the past in words, takes an open time with a line to the visitor, at 1280 px', async () => {
      const html = await (await fetch(`${site.url}/scheduling`)).text()
      const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!)
      expect(slots.length).toBeGreaterThanOrEqual(4)
      const ada = `ada.move.${db}@example.com`
      const lin = `lin.move.${db}@example.com`
      const adaId = await aBooking(slots[0]!, 'Ada Mover', ada)
      await aBooking(slots[2]!, 'Lin Other', lin)

      const page = await coachPage(DESKTOP)
      const panel = await openCall(page, adaId)
      // The open times in the coach's zone: Ada's own time is free to take, Lin's is not offered.
      const select = panel.getByLabel('New time', { exact: true })
      const offered = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
      expect(offered[0]).toBe('')
      expect(offered).toContain(slots[0])
      expect(offered).not.toContain(slots[2])
      expect(offered).toContain(slots[3])
      const groups = await select.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label')))
      expect(groups.length).toBeGreaterThan(0)
      expect(groups[0]).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+$/)
      expect(await panel.innerText()).toContain(`Times in ${timeZone} (Booking → Availability).`)
      // The stock date field can no longer be typed into: moving is done here.
      expect(await page.locator('#field-startsAt input').first().isEditable()).toBe(false)
      await expectNoSeriousA11yViolations(page, 'Move this call at 1280 px', '#move-call')

      const moveButton = panel.getByRole('button', { name: 'Move the call', exact: true })
      const outcome = panel.locator('#move-call-outcome')

      // Nothing picked: said so.
      await moveButton.click()
      await expect.poll(() => outcome.innerText()).toBe('Please pick one of your open times.')

      // Over Lin's call, outside the list: refused in words, naming the call it meets.
      await panel.getByLabel('Outside my open hours').check()
      const linAt = wall(new Date(slots[2]!))
      await panel.getByLabel('Date', { exact: true }).fill(linAt.date)
      await panel.getByLabel(`Time (${timeZone})`, { exact: true }).fill(linAt.time)
      await moveButton.click()
      await expect
        .poll(() => outcome.innerText())
        .toBe(
          `That time overlaps the call with Lin Other on ${formatSlot(new Date(slots[2]!), timeZone)}, or the 15 minutes kept free after a call. Pick another time.`,
        )
      expect(await outcome.getAttribute('role')).toBe('alert')
      await expectNoSeriousA11yViolations(page, 'Move this call, a refusal', '#move-call')

      // A time gone by: refused in words.
      const pastInstant = new Date(Math.floor((Date.now() - 24 * 60 * 60_000) / 3_600_000) * 3_600_000)
      const past = wall(pastInstant)
      await panel.getByLabel('Date', { exact: true }).fill(past.date)
      await panel.getByLabel(`Time (${timeZone})`, { exact: true }).fill(past.time)
      await moveButton.click()
      await expect
        .poll(() => outcome.innerText())
        .toBe(`${formatSlot(pastInstant, timeZone)} has already passed. Pick a time that is still ahead.`)
      expect(await startOf(adaId)).toBe(slots[0])

      // An open time from the list, with a line to the visitor, both entered before the screen's script has
      // taken over (as on a slow phone: they count): moved, and said so once the screen reloads.
      await typedBeforeScripts(page, page.url(), async () => {
        await panel.getByLabel('New time', { exact: true }).selectOption(slots[3]!)
        await panel.getByLabel('A line to the visitor (optional)').fill('Something came up on my side, sorry!')
      })
      await moveButton.click()
      await expect(page.locator('#move-call-outcome')).toHaveText(
        `Moved to ${formatSlot(new Date(slots[3]!), timeZone)}. Ada Mover gets the new time by mail with your line, with an updated invite.`,
        { timeout: 20_000 },
      )
      expect(await page.locator('#move-call-outcome').getAttribute('role')).toBe('status')
      expect(await startOf(adaId)).toBe(slots[3])

      // The visitor is told: the new time, the coach's line, the updated invite.
      const [moved] = await mailsTo(ada, 'Your discovery call was moved')
      const lines = moved!.text!.split('\n')
      expect(lines).toContain('Your discovery call has a new time.')
      expect(lines).toContain(`When: ${formatSlot(new Date(slots[3]!), timeZone)} (${timeZone})`)
      expect(moved!.text!.trimEnd()).toMatch(/\n\nJordan Ellis writes:\nSomething came up on my side, sorry!$/)
      expect(moved!.attachments.some((a) => String(a.mimeType).startsWith('text/calendar'))).toBe(true)
    })

    test('moves a call outside the open hours only when told so, and sends the visitor a link to pick a new time, at 390 px', async () => {
      const html = await (await fetch(`${site.url}/scheduling`)).text()
      const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!)
      const bo = `bo.move.${db}@example.com`
      const boId = await aBooking(slots[slots.length - 1]!, 'Bo Night', bo)

      const page = await coachPage(PHONE)
      let panel = await openCall(page, boId)
      await expectNoSeriousA11yViolations(page, 'Move this call at 390 px', '#move-call')
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

      // Sunday 03:00 next week, in the coach's zone: not among the open times; taken once the coach says so.
      const now = new TZDate(Date.now(), timeZone)
      const sunday = new TZDate(
        now.getFullYear(),
        now.getMonth(),
        now.getDate() + (7 - now.getDay()) + 7,
        3,
        0,
        timeZone,
      )
      const sundayAt = new Date(sunday.getTime())
      const offered = await panel
        .getByLabel('New time', { exact: true })
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
      expect(offered).not.toContain(sundayAt.toISOString())
      await panel.getByLabel('Outside my open hours').check()
      expect(await panel.innerText()).toContain(
        'Any time you choose: only a time gone by, or one that overlaps another call, is refused.',
      )
      const at = wall(sundayAt)
      await panel.getByLabel('Date', { exact: true }).fill(at.date)
      await panel.getByLabel(`Time (${timeZone})`, { exact: true }).fill(at.time)
      await panel.getByRole('button', { name: 'Move the call', exact: true }).click()
      await expect(page.locator('#move-call-outcome')).toHaveText(
        `Moved to ${formatSlot(sundayAt, timeZone)}. Bo Night gets the new time by mail, with an updated invite.`,
        { timeout: 20_000 },
      )
      expect(await startOf(boId)).toBe(sundayAt.toISOString())
      const [moved] = await mailsTo(bo, 'Your discovery call was moved')
      expect(moved!.text).not.toContain('writes:')

      // The link to pick a new time: mailed, said so on the screen.
      panel = page.locator('#move-call')
      await panel.getByLabel('A line to the visitor (optional)').fill('Would another day suit you better?')
      await panel.getByRole('button', { name: 'Send them a link to pick a new time', exact: true }).click()
      const linked = panel.locator('#send-link-outcome')
      await expect
        .poll(() => linked.innerText())
        .toBe(`A link to pick a new time is on its way to ${bo}. The call keeps its time until they pick one.`)
      await expectNoSeriousA11yViolations(page, 'Move this call, link sent', '#move-call')
      const [mail] = await mailsTo(bo, 'Please pick a new time for your discovery call')
      const lines = mail!.text!.split('\n')
      expect(lines).toContain(`When: ${formatSlot(sundayAt, timeZone)} (${timeZone})`)
      expect(lines).toContain('Until you do, the call keeps this time. The same page lets you cancel it.')
      expect(lines).toContain('Would another day suit you better?')
      const link = /Pick a new time here: (\S+)/.exec(mail!.text!)![1]!
      const manage = await fetch(link.replace(/^https?:\/\/[^/]+/, site.url))
      expect(manage.status).toBe(200)
      expect(await manage.text()).toContain('Move to this time')
      expect(await startOf(boId)).toBe(sundayAt.toISOString())
    })

    test('answers every other refusal in words: a time no longer open, a line too long, the same time, too late for the link, a cancelled call', async () => {
      const html = await (await fetch(`${site.url}/scheduling`)).text()
      const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!)
      const cy = `cy.move.${db}@example.com`
      const cyId = await aBooking(slots[0]!, 'Cy Refused', cy)
      await aBooking(slots[1]!, 'Di Taken', `di.move.${db}@example.com`)
      const post = async (action: string, body: object, headers: Record<string, string> = {}) => {
        const res = await fetch(`${site.url}/cms-api/discovery-calls/${cyId}/${action}`, {
          method: 'POST',
          headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
        const json = (await res.json()) as { message?: string; errors?: { message: string }[] }
        return [res.status, json.message ?? json.errors?.[0]?.message]
      }

      const unsigned = await fetch(`${site.url}/cms-api/discovery-calls/${cyId}/move`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ startsAt: slots[2] }),
      })
      expect(unsigned.status).toBe(401)
      expect((await post('move', { startsAt: slots[2] }, { origin: 'https://elsewhere.example' }))[0]).toBe(403)
      expect(await post('move', { startsAt: slots[1] })).toEqual([
        409,
        'That time is not open any more. Pick another one, or tick “Outside my open hours” to choose any time.',
      ])
      expect(await post('move', { startsAt: slots[2], line: 'x'.repeat(501) })).toEqual([
        422,
        'The line to the visitor has 501 characters; it can have at most 500.',
      ])
      expect(await post('move', { startsAt: slots[0] })).toEqual([
        422,
        'The call is at that time already. Pick another time.',
      ])
      expect(await post('move', { outsideHours: true, date: '2026-02-30', time: '10:00' })).toEqual([
        422,
        'There is no 2026-02-30 in the calendar. Please check the date.',
      ])
      expect(await startOf(cyId)).toBe(slots[0])

      // Moved by the coach to three hours from now: the link would no longer let the visitor change it.
      const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / (5 * 60_000)) * 5 * 60_000)
      const at = wall(soon)
      expect((await post('move', { outsideHours: true, ...at }))[0]).toBe(200)
      const tooLate =
        'Less than 24 hours before the call, the link no longer lets them change it. Pick a new time for them above instead.'
      expect(await post('send-link', {})).toEqual([409, tooLate])
      const page = await coachPage(DESKTOP)
      const panel = await openCall(page, cyId)
      expect(await panel.innerText()).toContain(tooLate)
      expect(await panel.getByRole('button', { name: 'Send them a link to pick a new time' }).count()).toBe(0)

      // A cancelled call cannot be moved, and its screen offers no move.
      const cancelled = await fetch(`${site.url}/cms-api/discovery-calls/${cyId}`, {
        method: 'PATCH',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'cancelled' }),
      })
      expect(cancelled.status).toBe(200)
      expect(await post('move', { outsideHours: true, ...wall(new Date(soon.getTime() + 3_600_000)) })).toEqual([
        409,
        'This call is cancelled, so it cannot be moved.',
      ])
      expect(await post('send-link', {})).toEqual([409, 'This call is cancelled: there is no time left to change.'])
      await page.reload()
      await page.locator('#field-coachNotes').waitFor()
      expect(await page.locator('#move-call').count()).toBe(0)

      // What the coach did in this file left no error lines in the server's log.
      expect(serverErrorLines(site.logFile)).toEqual([])
    })
  })
