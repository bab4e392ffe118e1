import ICAL from 'ical.js'
import type { BrowserContext, Page } from 'playwright-core'
import type { Email } from 'postal-mime'
import { expect, test } from './fixtures'

import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { changeChecked } from '../support/admin-forms'
import { BOOKED } from '../support/answers'
import { DESKTOP, expectNoSeriousA11yViolations } from '../support/browser'
import { logInAsCoach } from '../support/coach'
import { checkHtml } from '../support/html-checker'
import { fillTimeFromNow } from '../support/fill-time'
import { mailsWritten } from '../support/mail-files'
import { sitesOfThisFile } from '../support/own-sites'

// What the visitor and the coach read, word for word (not the code's constants: a changed text must fail here).
const BY_PHONE = 'We talk by phone: Jordan Ellis calls you at the phone number you give.'
const BY_VIDEO = 'We meet by video call. The link comes with your confirmation mail and invite.'
const IN_PERSON = 'We meet in person, at 12 Harbour Street, Lisbon.'
const PHONE_INVALID =
  'Please enter a phone number of 7 to 15 digits, with the country code if you are abroad (e.g. +44 20 7946 0958). Only digits, spaces, a leading +, brackets, dots and dashes are allowed.'
const PHONE_TOO_SHORT =
  'That number has only 4 digits; a phone number has at least 7. Please enter the whole number, with the area code.'
const VIDEO_LINK_MISSING = 'A video call needs its link: paste the link of your room.'

/** The invite attached to a mail, as a calendar program reads its event. */
const inviteOf = (mail: Email) => {
  const ics = mail.attachments
    .map((a) => (typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content)))
    .find((c) => c.includes('BEGIN:VCALENDAR'))!
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!)
}
const manageLink = (mail: Email) => /\/scheduling\/manage\/\d+-\d+\.[\w-]+/.exec(mail.text ?? '')![0]

// A server of this file's own, on one database (its outcomes proven on both by the booking suite): changing Where we meet on the shared
// seeded servers would change what other files' bookings say while they run.
const own = sitesOfThisFile(
  'meet',
  { OUTBOX_INTERVAL_MS: '500', TRUST_PROXY_HOPS: '1' },
  { on: 'SQLite', provenBy: ['booking/booking'] },
)

/**
 * "Where we meet", end to end in Chromium on a seeded site of this file's own: the coach sets it in Booking →
 * Availability by clicking (a video call without its link is refused in words; then a phone call); visitors
 * book at /scheduling by phone (a bad number is answered in words and kept), by video and, without JavaScript,
 * in person; the answer, the mails, the invite's LOCATION, the manage page and the coach's calendar feed say
 * how they meet. The server's log stays free of error lines.
 */
for (const database of own.databases)
  test.describe(`where we meet, on ${database}`, () => {
    let site: RunningSite
    let token = ''
    // In the visitors' addresses (the site keeps an address in lower case).
    const db = database.toLowerCase()
    let clients = 0
    const contexts: BrowserContext[] = []

    test.beforeAll(async () => {
      site = own.site(database)
      ;({ token } = await logInAsCoach(site.url))
    })
    test.afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
    })

    const newPage = async (options: { javaScriptEnabled?: boolean; coach?: boolean } = {}): Promise<Page> => {
      const context = await own.browser().newContext({
        viewport: DESKTOP,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        timezoneId: 'UTC',
        extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${++clients}` },
      })
      contexts.push(context)
      context.setDefaultTimeout(20_000)
      if (options.coach) await context.addCookies([{ name: 'payload-token', value: token, url: site.url }])
      return context.newPage()
    }
    const setMeeting = async (meeting: Record<string, string | null>) => {
      const res = await fetch(`${site.url}/cms-api/globals/availability`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ meeting }),
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    /** The one mail whose subject starts so (to `address`, or to anyone), once the outbox has sent it. */
    const mailTo = async (address: string | null, subject: string) => {
      const found = async () =>
        (await mailsWritten(site.dataDir)).filter(
          (m) => m.subject?.startsWith(subject) && (!address || m.to?.[0]?.address === address),
        )
      await expect
        .poll(async () => (await found()).length, { timeout: 20_000, message: `${subject} to ${address}` })
        .toBe(1)
      return (await found())[0]!
    }
    /** Picks the `nth` open time and types a name and an address. */
    const choose = async (page: Page, nth: number, name: string, email: string) => {
      await page.locator('input[name="slot"]').nth(nth).check()
      await page.fill('#book-name', name)
      await page.fill('#book-email', email)
    }

    test('the coach chooses a phone call by clicking; the visitor is asked for a number, a bad one is answered in words; the mails, invite and manage page say who calls whom', async () => {
      try {
        // Booking → Availability: a video call without its link is refused on the field; then a phone call.
        const coach = await newPage({ coach: true })
        await coach.goto(`${site.url}/admin/globals/availability`)
        await coach.locator('form[data-form-ready="true"]').first().waitFor()
        // Payload draws a group's fields once it scrolls into view.
        await coach.locator('#field-meeting').scrollIntoViewIfNeeded()
        const kind = coach.locator('#field-meeting__kind')
        const pick = async (label: string, value: string) => {
          await changeChecked(
            coach,
            'meeting.kind',
            (v) => v === value,
            async () => {
              await coach.locator('#field-meeting').scrollIntoViewIfNeeded()
              await kind.locator('.rs__control').click()
              await coach.locator('.rs__option', { hasText: label }).click()
            },
          )
        }
        await pick('Video call: a fixed link', 'video')
        await coach.locator('#field-meeting__link').waitFor()
        await coach.locator('#action-save:visible').click()
        await coach.getByText(VIDEO_LINK_MISSING).first().waitFor()
        // The group's own words (the select and the descriptions are Payload's widgets, with their known findings).
        await expectNoSeriousA11yViolations(coach, 'Availability, Where we meet', '#field-meeting .group-field__title')
        await pick('Phone call: you call the visitor', 'phone')
        await coach.locator('#action-save:visible').click()
        await coach.getByText('Updated successfully.').first().waitFor()
        const stored = (await (
          await fetch(`${site.url}/cms-api/globals/availability`, { headers: { authorization: `JWT ${token}` } })
        ).json()) as { meeting: { kind: string } }
        expect(stored.meeting.kind).toBe('phone')

        // /scheduling says how, and asks for the number.
        const page = await newPage()
        // The page as sent (for the HTML checker), in the browser that shows it.
        const asking = await (await page.goto(`${site.url}/scheduling`))!.text()
        const fillTimeOver = fillTimeFromNow()
        expect(await page.locator('#book-meeting').innerText()).toBe(BY_PHONE)
        const phone = page.getByLabel('Phone number')
        expect(await phone.getAttribute('required')).not.toBeNull()
        await expectNoSeriousA11yViolations(page, '/scheduling asking for a phone number')
        expect(asking).toContain('type="tel"')
        expect(checkHtml(new Map([['/scheduling (asking for a phone number)', asking]]))).toEqual([])
        await choose(page, 0, 'Ada Lovelace', `ada.phone.${db}@example.com`)
        await phone.fill('12 34')
        await fillTimeOver()
        await page.getByRole('button', { name: 'Book this time' }).click()
        await expect.poll(() => page.locator('#book-phone-error').innerText()).toBe(PHONE_INVALID)
        expect(await phone.inputValue()).toBe('12 34')
        expect(await page.locator('#book-name').inputValue()).toBe('Ada Lovelace')
        await expectNoSeriousA11yViolations(page, '/scheduling with a bad phone number')
        // The server's own rule, past the browser's check, says what is wrong in words.
        const posted = await fetch(`${site.url}/api/discovery-calls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
          body: JSON.stringify({
            slot: await page.locator('input[name="slot"]').nth(1).getAttribute('value'),
            name: 'Past The Browser',
            email: `past.${db}@example.com`,
            phone: '12 34',
          }),
        })
        expect(posted.status).toBe(422)
        expect(((await posted.json()) as { errors: unknown }).errors).toEqual({ phone: PHONE_TOO_SHORT })

        await phone.fill('+44 20 7946 0958')
        await page.getByRole('button', { name: 'Book this time' }).click()
        await expect.poll(() => page.locator('.form-notice').innerText()).toBe(`${BOOKED} ${BY_PHONE}`)
        await expectNoSeriousA11yViolations(page, '/scheduling booked by phone')

        const mail = await mailTo(`ada.phone.${db}@example.com`, 'Your discovery call is booked')
        expect(mail.text!.split('\n')).toContain('Where: By phone: Jordan Ellis calls you at +44 20 7946 0958')
        const invite = inviteOf(mail)
        expect(invite.location).toBe('+44 20 7946 0958')
        expect(invite.description).toContain('By phone: Jordan Ellis calls Ada Lovelace at +44 20 7946 0958.')
        const toCoach = await mailTo(null, 'New discovery call: Ada Lovelace')
        expect(toCoach.text!.split('\n')).toContain('Where: By phone: you call Ada Lovelace at +44 20 7946 0958')

        await page.goto(`${site.url}${manageLink(mail)}`)
        expect(await page.locator('.call-details').innerText()).toContain(
          'Where\nBy phone: Jordan Ellis calls you at +44 20 7946 0958',
        )
        await expectNoSeriousA11yViolations(page, 'manage page of a call by phone')

        // The coach's calendar feed (its address is on the Availability screen) has the number to call.
        await coach.goto(`${site.url}/admin/globals/availability`)
        const feed = (await coach.locator('[data-feed-address]').innerText()).trim()
        const feedText = await (await fetch(feed)).text()
        const event = new ICAL.Component(ICAL.parse(feedText))
          .getAllSubcomponents('vevent')
          .map((e) => new ICAL.Event(e))
          .find((e) => e.summary === 'Discovery call: Ada Lovelace')!
        expect(event.location).toBe('+44 20 7946 0958')
        expect(event.description).toContain('Where: By phone: you call Ada Lovelace at +44 20 7946 0958')
      } finally {
        await setMeeting({ kind: 'unset', link: null, address: null })
      }
    })

    test('by video with JavaScript and in person without: the answer, the mail and the invite’s LOCATION say where', async () => {
      try {
        await setMeeting({ kind: 'video', link: 'https://meet.example.com/jordan-ellis' })
        const page = await newPage()
        await page.goto(`${site.url}/scheduling`)
        const fillTimeOver = fillTimeFromNow()
        expect(await page.locator('#book-meeting').innerText()).toBe(BY_VIDEO)
        // The link goes only to whoever booked; no number is asked for.
        expect(await page.content()).not.toContain('meet.example.com')
        expect(await page.getByLabel('Phone number').count()).toBe(0)
        await choose(page, 2, 'Grace Hopper', `grace.video.${db}@example.com`)
        await fillTimeOver()
        await page.getByRole('button', { name: 'Book this time' }).click()
        await expect.poll(() => page.locator('.form-notice').innerText()).toBe(`${BOOKED} ${BY_VIDEO}`)
        const video = await mailTo(`grace.video.${db}@example.com`, 'Your discovery call is booked')
        expect(video.text!.split('\n')).toContain('Where: Video call at https://meet.example.com/jordan-ellis')
        expect(inviteOf(video).location).toBe('https://meet.example.com/jordan-ellis')

        await setMeeting({ kind: 'in-person', address: '12 Harbour Street\nLisbon' })
        const plain = await newPage({ javaScriptEnabled: false })
        await plain.goto(`${site.url}/scheduling`)
        expect(await plain.locator('#book-meeting').innerText()).toBe(IN_PERSON)
        await choose(plain, 4, 'Katherine Johnson', `katherine.room.${db}@example.com`)
        await plain.getByRole('button', { name: 'Book this time' }).click()
        await plain.waitForURL(/\/scheduling\?sent=1(#book-sent)?$/)
        expect(await plain.locator('#book-sent').innerText()).toBe(`${BOOKED} ${IN_PERSON}`)
        // axe needs the page's scripts: the same confirmation, opened with them.
        const confirmed = await (await page.goto(`${site.url}/scheduling?sent=1#book-sent`))!.text()
        expect(await page.locator('#book-sent').innerText()).toBe(`${BOOKED} ${IN_PERSON}`)
        await expectNoSeriousA11yViolations(page, '/scheduling?sent=1, in person')
        expect(checkHtml(new Map([['/scheduling?sent=1 (in person)', confirmed]]))).toEqual([])
        const room = await mailTo(`katherine.room.${db}@example.com`, 'Your discovery call is booked')
        expect(room.text!.split('\n')).toContain('Where: In person at 12 Harbour Street, Lisbon')
        expect(inviteOf(room).location).toBe('12 Harbour Street, Lisbon')

        expect(serverErrorLines(site.logFile)).toEqual([])
      } finally {
        await setMeeting({ kind: 'unset', link: null, address: null })
      }
    })
  })
