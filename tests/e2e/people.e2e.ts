import fs from 'node:fs'

import type { Browser, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { serverErrorLines } from '../../scripts/lib/server'
import { DESKTOP, expectNoSeriousA11yViolations, PHONE, typedBeforeScripts } from '../support/browser'
import { logInAsCoach } from '../support/coach'

import { provenOnBothBy } from '../support/own-sites'

// Clicked on SQLite only: what these screens store and erase is proven on both databases below the browser.
provenOnBothBy(['people/people', 'people/clients'])

/** Our People screens inside Payload's frame (axe looks at these: Payload's own widgets are not ours to fix). */
const OURS = '.people'
const run = `${Date.now()}`

/**
 * People, clicked through as the coach in Chromium at 1280 and 390 pixels on the worker's seeded site (SQLite): one visitor writes, subscribes and books a call with their address spelled in
 * three cases; the coach finds them in People, opens their page and sees all three, writes a note, downloads
 * everything about them, is told to cancel the call ahead first, then erases them and sees them gone.
 */
test.describe('People in the admin', () => {
  let browser: Browser
  let site = ''
  let api = ''
  let logFile = ''
  let token = ''
  const auth = () => ({ authorization: `JWT ${token}`, 'content-type': 'application/json' })
  let logOffset = 0

  test.beforeAll(async ({ browser: given, seeded }) => {
    browser = given
    site = seeded.url
    api = `${site}/cms-api`
    logFile = seeded.logFile
    logOffset = fs.statSync(logFile).size
    ;({ token } = await logInAsCoach(site))
  })

  async function coachPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, acceptDownloads: true })
    await context.addCookies([{ name: 'payload-token', value: token, url: site }])
    return context.newPage()
  }

  /** How many rows of a list hold the address (any case), as the coach reads them through the API. */
  const rowsFor = async (collection: string, field: string, address: string): Promise<number> =>
    (
      (await (
        await fetch(`${api}/${collection}?where[${field}][like]=${encodeURIComponent(address)}&limit=0`, {
          headers: auth(),
        })
      ).json()) as { totalDocs: number }
    ).totalDocs

  const post = (path: string, body: object, client: number) =>
    fetch(`${site}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.26.${client}` },
      body: JSON.stringify(body),
    })

  test('a person’s page and their erasure (1280 px and 390 px)', async () => {
    const address = `pia.people.${run}@example.com`
    const name = `Pia People ${run}`

    // One visitor, three spellings of one address.
    expect(
      (
        await post(
          '/api/contact',
          { name, email: `Pia.People.${run}@Example.com`, inquiryType: 'general', message: 'Do you coach teams?' },
          1,
        )
      ).status,
    ).toBe(200)
    expect((await post('/api/subscribe', { email: `PIA.people.${run}@example.com` }, 2)).status).toBe(200)
    // A time late in the offer (other tests take the first ones); the next one if another test took it.
    const html = await (await fetch(`${site}/scheduling`)).text()
    const slots = [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!).reverse()
    let booked = 0
    for (const slot of slots.slice(0, 5)) {
      const res = await post(
        '/api/discovery-calls',
        { slot, name, email: `pia.PEOPLE.${run}@example.com`, timeZone: 'Europe/Paris' },
        3,
      )
      if (res.status === 200) {
        booked++
        break
      }
    }
    expect(booked, 'booking a call').toBe(1)
    // Someone else, whom the search leaves out.
    const other = { name: `Olga Other ${run}`, email: `olga.other.${run}@example.com`, inquiryType: 'general' }
    expect((await post('/api/contact', { ...other, message: 'Hello.' }, 4)).status).toBe(200)

    // People: found by a part of the address, one row with all three; typed before the page's script has
    // taken over the box, as on a slow phone, and still counted.
    const page = await coachPage(DESKTOP)
    const search = page.getByRole('searchbox', { name: 'Search by e-mail address or name' })
    await typedBeforeScripts(page, `${site}/admin/people`, () => search.fill(`PIA.PEOPLE.${run}`))
    const row = page.locator(`li[data-person="${address}"]`)
    await expect.poll(() => page.getByRole('list', { name: 'People' }).getByRole('listitem').count()).toBe(1)
    expect(await row.innerText()).toMatch(
      new RegExp(
        `^${name} · ${address.replace(/\./g, '\\.')}\\n1 message · 1 call · subscription not confirmed · last contact \\w+day, \\w+ \\d+, \\d{4}$`,
      ),
    )
    expect(page.url()).toBe(`${site}/admin/people`)
    await expectNoSeriousA11yViolations(page, 'People at 1280 px', OURS)

    // Their page: the message, the call (booked, ahead), the subscription; no address in the page's URL.
    await row.getByRole('link', { name }).click()
    await page.waitForURL(/\/admin\/people\/[0-9a-f]{32}$/)
    const personUrl = page.url()
    expect(personUrl).not.toContain('@')
    await expect.poll(() => page.locator('h1:visible').allInnerTexts()).toEqual([name])
    await page.goto(personUrl)
    await expect.poll(() => page.locator('h1:visible').allInnerTexts()).toEqual([name])
    const section = (heading: string) => page.getByRole('region', { name: heading })
    expect(await section('Messages (1)').innerText()).toContain('Do you coach teams?')
    expect(await section('Discovery calls (1)').innerText()).toMatch(/· Booked$/)
    expect(await section('Newsletter').innerText()).toMatch(
      /^Newsletter\n+subscription not confirmed · asked .+ · 0 issues sent to them$/,
    )
    await expectNoSeriousA11yViolations(page, 'a person’s page at 1280 px', OURS)

    // From the message's screen and back: its sidebar links to the person.
    await section('Messages (1)').getByRole('link').click()
    await page.waitForURL(/\/admin\/collections\/contact-messages\/\d+$/)
    await page.getByRole('link', { name: 'All about this person' }).click()
    await page.waitForURL(personUrl)
    await expect.poll(() => page.locator('h1:visible').allInnerTexts()).toEqual([name])

    // A note, saved where it is written (typed before the page's script has taken over: it is what is saved),
    // and there again after a reload.
    const notesBox = page.getByRole('textbox', { name: 'Notes about this person (only you and your team see them)' })
    await typedBeforeScripts(page, personUrl, () => notesBox.fill('Leads a team of twelve.'))
    await page.getByRole('button', { name: 'Save notes' }).click()
    await page.getByText('Notes saved.').waitFor()
    await page.reload()
    await expect
      .poll(() =>
        page.getByRole('textbox', { name: 'Notes about this person (only you and your team see them)' }).inputValue(),
      )
      .toBe('Leads a team of twelve.')

    // Everything about them as one JSON file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download all about this person (JSON)' }).click(),
    ])
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      email: string
      messages: { message: string }[]
      discoveryCalls: { status: string }[]
      subscriber: { status: string }
      notes: { notes: string }
    }
    expect(data.email).toBe(address)
    expect(data.messages.map((m) => m.message)).toEqual(['Do you coach teams?'])
    expect(data.discoveryCalls.map((c) => c.status)).toEqual(['booked'])
    expect(data.subscriber.status).toBe('pending')
    expect(data.notes.notes).toBe('Leads a team of twelve.')

    // The call still ahead must be cancelled first (the visitor gets the usual cancellation).
    expect(await page.locator('#erase-blocked').innerText()).toMatch(
      /^To erase this person, first cancel their booked call/,
    )
    const call = (
      (await (
        await fetch(`${api}/discovery-calls?where[email][equals]=${encodeURIComponent(address)}`, { headers: auth() })
      ).json()) as { docs: { id: number }[] }
    ).docs[0]!
    const cancelled = await fetch(`${api}/discovery-calls/${call.id}`, {
      method: 'PATCH',
      headers: auth(),
      body: JSON.stringify({ status: 'cancelled' }),
    })
    expect(cancelled.status).toBe(200)
    // The mail to them is sent before they are erased (what the outbox holds for them goes with them).
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(
                `${api}/mail-outbox?where[to][like]=${encodeURIComponent(address)}&where[status][in]=queued,sending&limit=0`,
                { headers: auth() },
              )
            ).json()) as { totalDocs: number }
          ).totalDocs,
        { timeout: 40_000, intervals: [500] },
      )
      .toBe(0)
    await page.context().close()

    // On a phone: the list and the page fit the screen; the erasure names what goes, then says what went.
    const phone = await coachPage(PHONE)
    await phone.goto(`${site}/admin/people`)
    await phone.getByRole('searchbox', { name: 'Search by e-mail address or name' }).fill(name)
    await expect.poll(() => phone.getByRole('list', { name: 'People' }).getByRole('listitem').count()).toBe(1)
    // Nothing to scroll sideways, once Payload's layout has settled (its menu drawer closes on a phone after
    // the page has hydrated).
    const fits = () => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    await expect.poll(fits).toBe(true)
    await expectNoSeriousA11yViolations(phone, 'People at 390 px', OURS)
    await phone.goto(personUrl)
    await expect.poll(() => phone.locator('h1:visible').innerText()).toBe(name)
    await expect.poll(fits).toBe(true)
    await phone.getByRole('button', { name: 'Erase this person…' }).click()
    const warning = phone.getByRole('alertdialog')
    expect(await warning.innerText()).toContain(`Erase everything about ${address}? This cannot be undone`)
    expect(await warning.locator('li').allInnerTexts()).toEqual([
      '1 message',
      '1 discovery call',
      'their subscription and 0 newsletter delivery records',
      'your notes about them',
      expect.stringMatching(/^\d+ mails? to them in the outbox \(sent or waiting\)$/),
    ])
    await expectNoSeriousA11yViolations(phone, 'the erasure’s warning at 390 px', OURS)
    await phone.getByRole('button', { name: 'Erase for good' }).click()
    const erased = phone.locator('#person-erased')
    await erased.waitFor()
    expect(await erased.innerText()).toContain('This person was erased. Deleted:')
    // Nothing of them stays on the screen: neither their page nor their name or address.
    expect(await phone.locator('[data-person-page]').count()).toBe(0)
    const screen = await phone.locator('body').innerText()
    expect([screen.includes(address), screen.includes(name)]).toEqual([false, false])
    await expectNoSeriousA11yViolations(phone, 'what was erased at 390 px', OURS)

    // Gone: from the lists, from People, and their page no longer opens.
    for (const [collection, field] of [
      ['contact-messages', 'email'],
      ['discovery-calls', 'email'],
      ['subscribers', 'email'],
      ['person-notes', 'email'],
      ['mail-outbox', 'to'],
    ] as const) {
      expect(await rowsFor(collection, field, address), collection).toBe(0)
    }
    await phone.getByRole('link', { name: 'Back to People' }).click()
    await phone.waitForURL(`${site}/admin/people`)
    await phone.getByRole('searchbox', { name: 'Search by e-mail address or name' }).fill(address)
    await phone.getByText(`0 people matching “${address}”`).waitFor()
    await phone.goto(personUrl)
    await phone.getByText('Nothing found', { exact: true }).waitFor()
    await phone.context().close()

    {
      const log = fs.readFileSync(logFile).subarray(logOffset).toString('utf8')
      const tmp = `${logFile}.people-${run}`
      fs.writeFileSync(tmp, log)
      expect(serverErrorLines(tmp)).toEqual([])
      fs.rmSync(tmp)
    }
  })
})
