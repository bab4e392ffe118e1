import fs from 'node:fs'

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { startSmtpPeer, type SmtpPeer } from '../../scripts/lib/smtp-peer'
import { DEVICE_COOKIE, LOGIN_LIMIT } from '@/features/accounts/login-throttle'
import { currentCode } from '@/features/accounts/totp'
import { MAIL_TEXTS } from '@/features/mail-texts/defaults'
import { ABOUT_COPY, PAGE_COPY, PAGE_GLOBALS } from '@/features/pages/defaults'
import {
  browserChecksRan,
  changeChecked,
  openAgain,
  CHECKED_IN_BROWSER_ONLY,
  formChecked,
} from '../support/admin-forms'
import { DESKTOP, expectNoSeriousA11yViolations } from '../support/browser'
import { accountOfItsOwn, COACH, logInAsCoach, removeEveryAccount, type Account } from '../support/coach'
import { checkHtml } from '../support/html-checker'
import { watchPolicyViolations } from '../support/policy-violations'
import { freePort, seededDatabase, STARTING_MS } from '../support/own-sites'
import { startTestServer } from '../support/test-server'

// What the coach reads, word for word (not the code's constants: a changed text must fail here).
const CURRENT_PASSWORD_MISSING = 'Enter your current password to change your e-mail or password.'
const LOGIN_THROTTLED = 'Too many attempts to log in. Please wait 15 minutes and try again, or use "Forgot password?".'
const PASSWORD_COMMON =
  'This password is too common: it is among the first that attackers try. Please choose another (a few unrelated words make a strong one).'
const PASSWORD_TOO_SHORT = 'A password must be at least 12 characters long.'
const TOTP_REQUIRED = 'Enter the 6-digit code from your authenticator app.'
/** How the admin writes a call's time in the coach's zone (UTC here): "Thu 3 Dec 2026, 14:00". */
const inCoachZone = (iso: string) => {
  const d = new Date(iso)
  const two = (n: number) => String(n).padStart(2, '0')
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()]
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]
  return `${day} ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

const NEW_PASSWORD = 'a-new-and-longer-coach-password'

/**
 * What each test below stores, and the integration suite (tests/integration/, run on SQLite and on
 * PostgreSQL) that proves that storage on both databases. The admin's screens are the same React on both,
 * so each click-through runs once, on SQLite, except ON_POSTGRES: one admin save on PostgreSQL, the site's
 * database in production.
 */
const PROVEN_ON_BOTH: Record<string, string> = {
  'first account, log out, log in (also to ?redirect=), edit a testimonial, forgotten password':
    "accounts-suite: the first account is the admin, the reset mail's link sets a new password; content-suite: only logged-in users write content",
  'the coach rewrites every page (headline, a price, rich text, each introduction): a draft shows only in the preview, publishing shows it to everyone':
    'content-suite: a page’s draft apart from its published copy; only published items are served',
  'the coach renames the site and writes the message receipt in their own words; the site and the mail follow':
    "content-suite: the built-in brand and mail texts; contact-suite: the receipt in the coach's words and name",
  'a booked call shows under Booking in the coach’s zone; moving and cancelling it there tells the visitor and the calendar feed':
    'booking-suite: cancelling and moving a call in the admin, the mails, the calendar feed',
  'the coach downloads everything from the dashboard: all of it as JSON, and each list as CSV':
    'content-suite: exports everything the coach owns, as JSON and each list as CSV',
  'two-step login: turned on from the account screen with an authenticator app, asked for at login, and turned off by an admin for a lost phone':
    'accounts-suite: two-step login on and off; an admin turns it off for another account',
  'the coach changes their password on the account screen: only with the current password':
    'accounts-suite: the current password is asked for one’s own changes, by every path',
  'guessing at the login: the same answer for every account, slowed per address and per account, and the coach is never locked out':
    'accounts-suite: wrong current passwords count as failed logins (the login’s hits) up to 429',
}

const ON_POSTGRES = 'first account, log out, log in (also to ?redirect=), edit a testimonial, forgotten password'

/**
 * The coach's own screens, clicked through in Chromium on a fresh seeded site (not through the REST API):
 * the first account, logging out and in, editing a testimonial, and a forgotten password. Payload's own mail
 * goes to a real SMTP peer. The server's log must stay free of error lines throughout. Each test makes what
 * it needs itself (the coach's account, a call, an account of its own: ../support/coach.ts), so the tests run
 * alone or in any order. Each runs on one database (PROVEN_ON_BOTH, ON_POSTGRES); the one on PostgreSQL
 * fails without TEST_POSTGRES_URL rather than run on SQLite.
 */
for (const database of ['SQLite', 'PostgreSQL'] as const)
  test.describe(`the admin in a browser, on ${database}`, () => {
    /** A test of this file, registered under the database it runs on. */
    const it = (title: string, body: () => Promise<void>) => {
      if (!PROVEN_ON_BOTH[title]) throw new Error(`Name the suite that proves "${title}" on both databases`)
      if ((title === ON_POSTGRES ? 'PostgreSQL' : 'SQLite') === database) test(title, body)
    }
    let smtp: SmtpPeer
    let site: RunningSite
    let browser: Browser
    let dropDatabase = async () => {}

    test.beforeAll(async ({ browser: given }) => {
      test.setTimeout(STARTING_MS)
      browser = given
      smtp = await startSmtpPeer()
      // As behind one proxy: the tests' visitors are told apart by X-Forwarded-For.
      const seeded = await seededDatabase(database)
      dropDatabase = seeded.cleanup
      const env = { SMTP_URL: smtp.url, OUTBOX_INTERVAL_MS: '500', TRUST_PROXY_HOPS: '1', ...seeded.env }
      site = await startTestServer(`e2e-admin-${database}`, await freePort(), env, { startFrom: seeded.startFrom })
    })

    test.afterAll(async () => {
      await site?.stop()
      await smtp?.close().catch(() => {})
      await dropDatabase()
    })

    /**
     * What Payload has still to check before a press of a form's button on a page counts (see submit): the
     * check of the last change made on the edit screen at `url` (../support/admin-forms.ts), and every change
     * made on that screen since it opened, in order, to make again on the screen opened anew when that check
     * never comes (each sets a field to a value, so the last one of each field wins, as it did).
     */
    const pendingChecks = new WeakMap<Page, { url: string; check: Promise<unknown>; redo: () => Promise<void> }>()
    const changesOn = new WeakMap<Page, { url: string; changes: (() => Promise<void>)[] }>()
    /** The changes made on the page's screen since it opened (a new address starts a new list). */
    const changesMade = (page: Page) => {
      const url = page.url()
      const made = changesOn.get(page)?.url === url ? changesOn.get(page)!.changes : []
      changesOn.set(page, { url, changes: made })
      return made
    }
    /** A step on the screen that later changes need (opening a part of the form), made again with them. */
    const step = async (page: Page, action: () => Promise<void>) => {
      await action()
      changesMade(page).push(action)
    }
    /**
     * The next press on this screen waits for the server's check of a change about to be made to `path`; if no
     * check of it came, the screen is opened again and its changes made again (changeChecked).
     */
    const willCheck = (page: Page, path: string, matches: (value: unknown) => boolean, change: () => Promise<void>) => {
      const url = page.url()
      const made = changesMade(page)
      made.push(change)
      const replay = async () => {
        for (const c of made) await c()
      }
      pendingChecks.set(page, {
        url,
        check: formChecked(page, path, matches),
        redo: async () => {
          await openAgain(page)
          await changeChecked(page, path, matches, replay)
        },
      })
    }

    /** Types into a field and checks it kept the value (the admin once cleared fields filled in early). */
    const fill = async (page: Page, selector: string, value: string) => {
      await page.locator('form[data-form-ready="true"]:visible').first().waitFor()
      const field = page.locator(`${selector}:visible`)
      // #field-hero__headline is the field at hero.headline (a number field's value is compared as text).
      const path = selector.replace(/^#field-/, '').replaceAll('__', '.')
      const change = () => field.fill(value)
      if (!CHECKED_IN_BROWSER_ONLY.test(page.url()))
        willCheck(page, path, (checked) => String(checked) === value, change)
      await change()
      await expect.poll(() => field.inputValue()).toBe(value)
    }
    /**
     * Presses a form's button once Payload has checked what was typed, as a person's pause lets it: pressed
     * before, it answers "Please correct invalid fields." even when all is well (and on the first account's
     * screen a check that reaches the server after the account exists is refused, and logged as an error).
     */
    const submit = async (page: Page, name: string) => {
      await checkedBeforePress(page, name)
      await page.getByRole('button', { name, exact: true }).click()
    }
    /** Waits until a press of the button `name` on the page's screen counts (see submit). */
    const checkedBeforePress = async (page: Page, name: string) => {
      const pending = pendingChecks.get(page)
      pendingChecks.delete(page)
      if (pending?.url === page.url()) await pending.check.catch(() => pending.redo())
      else if (CHECKED_IN_BROWSER_ONLY.test(page.url())) await browserChecksRan(page)
      else throw new Error(`Nothing was changed on ${page.url()} for Payload to check before "${name}"`)
    }
    /** Follows a link of the admin (one click) and waits for its address. */
    const follow = async (page: Page, link: Locator, url: string | RegExp) => {
      await link.click()
      await page.waitForURL(url)
    }
    /** Presses Save on the account screen once and returns what was sent and the server's answer. */
    const savedAccount = async (page: Page): Promise<{ status: number; sent: string }> => {
      await checkedBeforePress(page, 'Save')
      const request = page.waitForRequest(
        (r) => r.method() === 'PATCH' && /\/cms-api\/users\/[^/?]+/.test(new URL(r.url()).pathname),
      )
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      const sent = await request
      return { status: (await sent.response())!.status(), sent: sent.postData() ?? '' }
    }
    const expectDashboard = async (page: Page) => {
      await page.waitForURL(`${site.url}/admin`)
      await page.locator('a[href="/admin/collections/testimonials"]:visible').first().waitFor()
      expect(await page.locator('form:visible').count()).toBe(0)
    }
    const logIn = async (page: Page, account: Account) => {
      await fill(page, '#field-email', account.email)
      await fill(page, '#field-password', account.password)
      await submit(page, 'Login')
    }
    const logOut = async (page: Page) => {
      // "Log out" is at the foot of the menu, which starts closed.
      const openMenu = page.locator('button[aria-label="Open Menu"]:visible')
      if (await openMenu.count()) await openMenu.first().click()
      await follow(page, page.getByRole('link', { name: 'Log out' }), /\/admin\/login/)
      await page.locator('#field-email:visible').waitFor()
    }

    /** The first test's steps, in the coach's browser, from the first account's screen on. */
    const firstAccountToForgottenPassword = async (page: Page) => {
      // The first account: the dashboard follows, with no reload.
      await page.goto(`${site.url}/admin`)
      await page.waitForURL(`${site.url}/admin/create-first-user`)
      await fill(page, '#field-email', COACH.email)
      // No account yet, so no current password to ask for.
      expect(await page.locator('#field-currentPassword').count()).toBe(0)
      // A common password is refused, with the reason under the field.
      await fill(page, '#field-password', 'Password2024!')
      await fill(page, '#field-confirm-password', 'Password2024!')
      await submit(page, 'Create')
      await page.getByText(PASSWORD_COMMON).first().waitFor()
      expect(page.url()).toBe(`${site.url}/admin/create-first-user`)
      await fill(page, '#field-password', COACH.password)
      // Pressed within Payload's check of what was typed, that check would reach the server after the account
      // exists and Payload would log its refusal as an error (an upstream race that changes nothing for the
      // coach): submit waits for it, as a person's pause does.
      await fill(page, '#field-confirm-password', COACH.password)
      await submit(page, 'Create')
      await expectDashboard(page)

      // Log out: the login screen. Log in: the dashboard.
      await logOut(page)
      await logIn(page, COACH)
      await expectDashboard(page)

      // Log in from a link to another admin page: that page.
      await logOut(page)
      await page.goto(`${site.url}/admin/login?redirect=${encodeURIComponent('/admin/collections/testimonials')}`)
      await logIn(page, COACH)
      await page.waitForURL(`${site.url}/admin/collections/testimonials`)

      // Open a testimonial, change it, Save: the home page shows it at the next request.
      await follow(
        page,
        page.locator('table a[href^="/admin/collections/testimonials/"]:visible').first(),
        /\/admin\/collections\/testimonials\/\d+$/,
      )
      const quote = `Changed in the admin’s own screen at ${Date.now()}.`
      await fill(page, '#field-quote', quote)
      await page.locator('#action-save:visible').click()
      await page.getByText('Updated successfully.').first().waitFor()
      expect(await (await fetch(`${site.url}/`)).text()).toContain(quote)

      // Forgot password: the mail reaches the SMTP peer with the reset link; a new password logs the coach in.
      await logOut(page)
      await follow(page, page.getByRole('link', { name: 'Forgot password?' }), `${site.url}/admin/forgot`)
      await fill(page, '#field-email', COACH.email)
      await submit(page, 'Submit')
      await expect
        .poll(() => smtp.mails.filter((m) => m.to?.some((t) => t.address === COACH.email)).length, { timeout: 20_000 })
        .toBe(1)
      const mail = smtp.mails.find((m) => m.to?.some((t) => t.address === COACH.email))!
      const link = `${mail.text ?? ''} ${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+\/admin\/reset\/[\w-]+/)?.[0]
      expect(link, 'the reset link in the mail').toMatch(new RegExp(`^${site.url}/admin/reset/`))
      await page.goto(link!)
      // Too short: refused, with the reason under the field; the link still works for a good one.
      await fill(page, '#field-password', 'eleven-char')
      await fill(page, '#field-confirm-password', 'eleven-char')
      await submit(page, 'Reset Password')
      await page.getByText(PASSWORD_TOO_SHORT).first().waitFor()
      await fill(page, '#field-password', NEW_PASSWORD)
      await fill(page, '#field-confirm-password', NEW_PASSWORD)
      await submit(page, 'Reset Password')
      await expectDashboard(page)

      // The new password is the one that works from now on.
      await logOut(page)
      await logIn(page, { ...COACH, password: NEW_PASSWORD })
      await expectDashboard(page)
    }

    it('first account, log out, log in (also to ?redirect=), edit a testimonial, forgotten password', async () => {
      test.setTimeout(180_000)
      // A fresh install has no account yet: the coach's, if another test made it, goes (the coach's password
      // is still the one every test knows: only this test changes it, and it removes the account again).
      await removeEveryAccount(site.url, [COACH])
      const context = await browser.newContext({ viewport: DESKTOP })
      const page = await context.newPage()
      try {
        await firstAccountToForgottenPassword(page)
      } finally {
        await context.close()
        // The next test finds the site as this one did: without an account (it makes the coach's again).
        await removeEveryAccount(site.url, [{ ...COACH, password: NEW_PASSWORD }, COACH])
      }
      expect(serverErrorLines(site.logFile)).toEqual([])
    })

    /**
     * Logs a browser in with an account (the coach's unless told; made first when the site has none yet, so
     * each test runs alone or in any order): it keeps the session cookie and the device cookie.
     */
    const signIn = async (page: Page, account: Account = COACH) => {
      await logInAsCoach(site.url)
      const res = await page.request.post(`${site.url}/cms-api/users/login`, {
        data: { email: account.email, password: account.password },
        headers: { origin: site.url },
      })
      expect(res.status()).toBe(200)
    }

    /** A browser of the coach's (or of another account), signed in: its context and its page. */
    const signedIn = async (account: Account = COACH) => {
      const context = await browser.newContext({ viewport: DESKTOP })
      const page = await context.newPage()
      await signIn(page, account)
      return { context, page }
    }
    /** Closes a test's browser; the server has written no error line meanwhile. */
    const closeAndCheckLog = async (context: BrowserContext) => {
      await context.close()
      expect(serverErrorLines(site.logFile)).toEqual([])
    }

    it('the coach rewrites every page (headline, a price, rich text, each introduction): a draft shows only in the preview, publishing shows it to everyone', async () => {
      test.setTimeout(180_000)
      const { context, page } = await signedIn()
      const publicPage = async (path: string) => (await fetch(`${site.url}${path}`)).text()
      const saved = (text: string) => page.getByText(text).first().waitFor()

      // Publish a new headline: every visitor's next request shows it.
      await page.goto(`${site.url}/admin/globals/home-page`)
      const published = `Grow with courage ${Date.now()}`
      await fill(page, '#field-hero__headline', published)
      await submit(page, 'Publish changes')
      await saved('Updated successfully.')
      await expect.poll(() => publicPage('/')).toContain(`<h1>${published}</h1>`)

      // Save a draft: visitors still see the published headline; the coach's Preview shows the draft.
      const draft = `A draft headline ${Date.now()}`
      await fill(page, '#field-hero__headline', draft)
      await submit(page, 'Save Draft')
      await saved('Draft saved successfully.')
      const visitorSees = await publicPage('/')
      expect(visitorSees).toContain(`<h1>${published}</h1>`)
      expect(visitorSees).not.toContain(draft)
      const [preview] = await Promise.all([context.waitForEvent('page'), page.locator('#preview-button').click()])
      await preview.waitForURL(`${site.url}/preview/home`)
      expect(await preview.locator('h1').innerText()).toBe(draft)
      expect(await preview.getByRole('status').first().innerText()).toContain('Preview of your latest draft')
      await expectNoSeriousA11yViolations(preview, 'home page in preview')
      await preview.getByRole('link', { name: 'See the published page' }).click()
      await preview.waitForURL(`${site.url}/`)
      await expect.poll(() => preview.locator('h1:visible').allInnerTexts()).toEqual([published])
      // Nobody else sees the draft: a visitor who opens the preview is sent to log in.
      const stranger = await fetch(`${site.url}/preview/home`)
      expect(await stranger.text()).not.toContain(draft)
      const visitor = await browser.newContext({ viewport: DESKTOP })
      const visitorPage = await visitor.newPage()
      await visitorPage.goto(`${site.url}/preview/home`)
      await visitorPage.waitForURL(`${site.url}/admin/login?redirect=%2Fpreview%2Fhome`)
      await visitor.close()

      // Publish the built-in headline again (what the other tests expect).
      await fill(page, '#field-hero__headline', 'Grow into the life you actually want')
      await submit(page, 'Publish changes')
      await saved('Updated successfully.')
      await expect.poll(() => publicPage('/')).toContain('<h1>Grow into the life you actually want</h1>')

      // A new price shows on /coaching at the next request (a price that is not a whole number of dollars is
      // refused: tests/integration/content/content-suite.ts).
      await page.goto(`${site.url}/admin/globals/coaching-page`)
      await fill(page, '#field-pricing__0__price', '175')
      await submit(page, 'Publish changes')
      await saved('Updated successfully.')
      await expect.poll(() => publicPage('/coaching')).toContain('<p class="pricing-card__price">$175</p>')
      await fill(page, '#field-pricing__0__price', '150')
      await submit(page, 'Publish changes')
      await saved('Updated successfully.')
      await expect.poll(() => publicPage('/coaching')).toContain('<p class="pricing-card__price">$150</p>')

      // Every other page: its introduction as a draft (preview only), then published (everyone), then back.
      const introOf = async (where: Page) => where.locator('.page-intro .lead').innerText()
      const intros = [
        ['about', '/about'],
        ['coaching', '/coaching'],
        ['books', '/books'],
        ['workshops', '/workshops'],
        ['contact', '/schedule-and-contact'],
      ] as const
      for (const [name, path] of intros) {
        await page.goto(`${site.url}/admin/globals/${PAGE_GLOBALS[name]}`)
        const intro = `New words for ${path} at ${Date.now()}`
        await fill(page, '#field-intro', `${intro} (draft)`)
        await submit(page, 'Save Draft')
        await saved('Draft saved successfully.')
        const previewed = await context.newPage()
        await expect
          .poll(async () => {
            await previewed.goto(`${site.url}/preview/${name}`)
            return introOf(previewed)
          })
          .toBe(`${intro} (draft)`)
        await previewed.close()
        expect(await publicPage(path), path).not.toContain(intro)
        await fill(page, '#field-intro', intro)
        await submit(page, 'Publish changes')
        await expect.poll(() => publicPage(path)).toContain(`<p class="lead">${intro}</p>`)
        await fill(page, '#field-intro', PAGE_COPY[name].intro)
        await submit(page, 'Publish changes')
        await expect.poll(() => publicPage(path)).toContain(`<p class="lead">${PAGE_COPY[name].intro}</p>`)
      }

      // Rich text: the about page's journey, rewritten in the editor, shows as plain paragraphs.
      await page.goto(`${site.url}/admin/globals/about-page`)
      await page.locator('form[data-form-ready="true"]:visible').first().waitFor()
      const journey = page.locator('[data-field-path="journey"] [contenteditable="true"]')
      const typed = 'I found my way through <b>burnout</b> & back.'
      const rewrite = async () => {
        await journey.click()
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type(typed)
      }
      willCheck(page, 'journey', (checked) => JSON.stringify(checked).includes(JSON.stringify(typed)), rewrite)
      await rewrite()
      await submit(page, 'Publish changes')
      await saved('Updated successfully.')
      await expect
        .poll(() => publicPage('/about'))
        .toContain('<p>I found my way through &lt;b&gt;burnout&lt;/b&gt; &amp; back.</p>')
      const about = await publicPage('/about')
      expect(about).toContain('<h2>My Philosophy</h2><p>Change lasts when it is small')
      // The edited page, and a page in the coach's preview, are valid HTML.
      const inPreview = await (
        await page.request.get(`${site.url}/preview/coaching`, { headers: { origin: site.url } })
      ).text()
      expect(inPreview).toContain('Preview of your latest draft')
      expect(
        checkHtml(
          new Map([
            ['/about (edited)', about],
            ['/preview/coaching', inPreview],
          ]),
        ),
      ).toEqual([])
      // Back to the built-in journey for the other tests.
      const restored = await page.request.post(`${site.url}/cms-api/globals/about-page`, {
        data: { journey: ABOUT_COPY.journey, _status: 'published' },
        headers: { origin: site.url },
      })
      expect(restored.status()).toBe(200)
      await expect.poll(() => publicPage('/about')).toContain('<p>For a decade I worked in corporate leadership')

      await closeAndCheckLog(context)
    })

    it('the coach renames the site and writes the message receipt in their own words; the site and the mail follow', async () => {
      const { context, page } = await signedIn()
      const publicPage = async (path: string) => (await fetch(`${site.url}${path}`)).text()
      const saved = () => page.getByText('Updated successfully.').first().waitFor()

      try {
        // Site settings → Brand (the first tab): a new name for the coach, the site and the mails' sender.
        await page.goto(`${site.url}/admin/globals/site-settings`)
        await fill(page, '#field-brand__coachName', 'Sam Rivera')
        await fill(page, '#field-brand__siteName', 'Rivera Coaching')
        await fill(page, '#field-brand__mailFromName', 'Sam at Rivera Coaching')
        await submit(page, 'Save')
        await saved()
        await expect.poll(() => publicPage('/')).toContain('<span class="logo__text">Rivera Coaching</span>')
        const home = await publicPage('/')
        expect(home).toContain('<title>Rivera Coaching: ')
        expect(home).toMatch(/<p>© (<!-- -->)?Rivera Coaching<\/p>/)
        expect(home).not.toContain('Jordan Ellis Coaching')
        await expect.poll(() => publicPage('/about')).toContain('<h1>About Sam Rivera</h1>')
        expect(await publicPage('/blog')).toContain('<title>My Blog | Rivera Coaching</title>')

        // A logo chosen among the Images replaces the built-in mark beside the name, on the site and in the admin.
        const images = (await (await page.request.get(`${site.url}/cms-api/media?limit=1`)).json()) as {
          docs: { id: number; url: string }[]
        }
        const logo = images.docs[0]!
        await page.request.post(`${site.url}/cms-api/globals/site-settings`, {
          data: { brand: { logo: logo.id } },
          headers: { origin: site.url },
        })
        await expect.poll(() => publicPage('/')).toContain(`<img class="logo__mark" src="${logo.url}"`)
        const visitorContext = await browser.newContext({ viewport: DESKTOP })
        const visitor = await visitorContext.newPage()
        await visitor.goto(`${site.url}/`)
        expect(await visitor.getByRole('link', { name: 'Rivera Coaching, home' }).count()).toBeGreaterThan(0)
        await expectNoSeriousA11yViolations(visitor, 'home page, renamed with a logo')
        await visitorContext.close()

        // Mail texts → the receipt: a placeholder the mail does not have is refused with the ones it has.
        await page.goto(`${site.url}/admin/globals/mail-texts`)
        await fill(page, '#field-contactReceipt__body', 'Hi! {nmae}')
        await submit(page, 'Save')
        await page
          .getByText('This mail has no placeholder {nmae}. It can use {replyTime}, {coachName}, {siteName}, {siteUrl}.')
          .first()
          .waitFor()
        const words = 'Hi!\n\n{coachName} has your message and answers within {replyTime}.\n\n{siteName}'
        await fill(page, '#field-contactReceipt__body', words)
        await submit(page, 'Save')
        await saved()

        // A visitor's message: the receipt comes from the new sender in the coach's words.
        const sent = await fetch(`${site.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.88' },
          body: JSON.stringify({ name: 'Kim', email: 'kim.visitor@example.com', message: 'Hello there' }),
        })
        expect(sent.status).toBe(200)
        const receipts = () => smtp.mails.filter((m) => m.to?.some((t) => t.address === 'kim.visitor@example.com'))
        await expect.poll(() => receipts().length, { timeout: 20_000 }).toBe(1)
        const [receipt] = receipts()
        expect(receipt!.from?.name).toBe('Sam at Rivera Coaching')
        expect(receipt!.subject).toBe('We received your message | Rivera Coaching')
        expect(receipt!.text?.trim()).toBe(
          'Hi!\n\nSam Rivera has your message and answers within 2-3 business days.\n\nRivera Coaching',
        )
        expect(checkHtml(new Map([['/ (renamed)', home]]))).toEqual([])
      } finally {
        // Back to the built-in brand and receipt for the other tests, whatever happened above.
        for (const [slug, data] of [
          [
            'site-settings',
            {
              brand: {
                coachName: 'Jordan Ellis',
                siteName: 'Jordan Ellis Coaching',
                mailFromName: 'Jordan Ellis Coaching',
                logo: null,
              },
            },
          ],
          ['mail-texts', { contactReceipt: MAIL_TEXTS.contactReceipt }],
        ] as const) {
          const res = await page.request.post(`${site.url}/cms-api/globals/${slug}`, {
            data,
            headers: { origin: site.url },
          })
          expect(res.status(), slug).toBe(200)
        }
        await expect.poll(() => publicPage('/')).toContain('<span class="logo__text">Jordan Ellis Coaching</span>')
      }
      await closeAndCheckLog(context)
    })

    /** A visitor (from their own address) books the first open time: answers the time. */
    const bookFirstOpenTime = async (visitor: { name: string; email: string; timeZone: string }, from: string) => {
      const html = await (await fetch(`${site.url}/scheduling`)).text()
      const slot = /name="slot" value="([^"]+)"/.exec(html)![1]!
      const booked = await fetch(`${site.url}/api/discovery-calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ slot, ...visitor }),
      })
      expect(booked.status).toBe(200)
      return slot
    }

    it('a booked call shows under Booking in the coach’s zone; moving and cancelling it there tells the visitor and the calendar feed', async () => {
      // A visitor books the first open time.
      const slot = await bookFirstOpenTime(
        { name: 'Lin Visitor', email: 'lin.visitor@example.com', timeZone: 'Asia/Tokyo' },
        '192.0.2.77',
      )

      // The coach's browser is in Tokyo; the coach's zone (Booking → Availability) is UTC: times show in UTC.
      const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Tokyo' })
      const page = await context.newPage()
      await signIn(page)
      // Discovery calls open on the upcoming ones (tests/e2e/coach-calls.e2e.ts has the groups); all calls are a click away.
      await page.goto(`${site.url}/admin/collections/discovery-calls`)
      await page.waitForURL(/\/admin\/collections\/discovery-calls\/upcoming$/)
      const upcoming = page.locator('[data-upcoming-call]', { hasText: 'Lin Visitor' })
      await expect.poll(() => upcoming.innerText()).toContain(inCoachZone(slot).slice(-5))
      await follow(
        page,
        page.getByRole('link', { name: 'All calls, past and cancelled ones included' }),
        /sort=-startsAt/,
      )
      const row = page.locator('tbody tr', { hasText: 'Lin Visitor' })
      await expect.poll(() => row.innerText()).toContain(inCoachZone(slot))
      await follow(
        page,
        page.getByRole('link', { name: 'Lin Visitor' }).first(),
        /\/admin\/collections\/discovery-calls\/\d+$/,
      )

      // Move it a day later with "Move this call" (outside the open hours, knowingly: the next day may be a
      // weekend): the visitor gets the new time with the updated invite (tests/e2e/call-moves.e2e.ts has the rest).
      const later = new Date(Date.parse(slot) + 24 * 60 * 60 * 1000).toISOString()
      const startsAt = page.locator('#field-startsAt input:visible').first()
      // The date picker fills its input a moment after the form is ready.
      await expect.poll(() => startsAt.inputValue()).toBe(inCoachZone(slot))
      const panel = page.locator('#move-call')
      await panel.getByLabel('Outside my open hours').check()
      await panel.getByLabel('Date', { exact: true }).fill(later.slice(0, 10))
      await panel.getByLabel('Time (UTC)', { exact: true }).fill(later.slice(11, 16))
      await panel.getByRole('button', { name: 'Move the call', exact: true }).click()
      await expect(page.locator('#move-call-outcome')).toHaveText(
        /^Moved to .+\. Lin Visitor gets the new time by mail, with an updated invite\.$/,
        { timeout: 20_000 },
      )
      const mailsTo = (address: string) => smtp.mails.filter((m) => m.to?.some((t) => t.address === address))
      await expect
        .poll(() => mailsTo('lin.visitor@example.com').map((m) => m.subject), { timeout: 20_000 })
        .toContain('Your discovery call was moved | Jordan Ellis Coaching')
      const moved = mailsTo('lin.visitor@example.com').find((m) => m.subject?.includes('was moved'))!
      const inviteText = moved.attachments
        .filter((a) => a.mimeType.startsWith('text/calendar'))
        .map((a) => (typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content)))
        .join('\n')
      expect(inviteText).toContain(`DTSTART:${later.replace(/[-:]/g, '').replace('.000', '')}`)
      expect(inviteText).toContain('SEQUENCE:1')
      await expect.poll(() => startsAt.inputValue()).toBe(inCoachZone(later))

      // Cancel it.
      await changeChecked(
        page,
        'status',
        (checked) => checked === 'cancelled',
        async () => {
          await page.locator('#field-status .rs__control').click()
          await page.locator('.rs__option', { hasText: 'Cancelled' }).click()
        },
      )
      await page.locator('#action-save:visible').click()
      await page.getByText('Updated successfully.').first().waitFor()

      await expect
        .poll(
          () =>
            smtp.mails.filter((m) => m.to?.some((t) => t.address === 'lin.visitor@example.com')).map((m) => m.subject),
          {
            timeout: 20_000,
          },
        )
        .toContain('Your discovery call was cancelled | Jordan Ellis Coaching')

      // Booking → Availability shows the private feed; the call is in it, as cancelled.
      await page.goto(`${site.url}/admin/globals/availability`)
      const feed = (await page.locator('[data-feed-address]').innerText()).trim()
      expect(feed).toMatch(new RegExp(`^${site.url}/calendar/[\\w-]+\\.ics$`))
      const ics = await (await fetch(feed)).text()
      expect(ics).toContain(`DTSTART:${later.replace(/[-:]/g, '').replace('.000', '')}`)
      expect(ics).toContain('STATUS:CANCELLED')
      await closeAndCheckLog(context)
    })

    it('the coach downloads everything from the dashboard: all of it as JSON, and each list as CSV', async () => {
      // A call of its own, to find in the downloads.
      await bookFirstOpenTime(
        { name: 'Noor Download', email: 'noor.download@example.com', timeZone: 'UTC' },
        '192.0.2.78',
      )
      const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })
      const page = await context.newPage()
      await signIn(page)
      await page.goto(`${site.url}/admin`)
      await page.getByRole('heading', { name: 'Your data' }).waitFor()
      const download = async (link: string) => {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: link }).click(),
        ])
        return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') }
      }
      const all = await download('Download everything (JSON)')
      expect(all.name).toMatch(/^site-export-\d{4}-\d{2}-\d{2}\.json$/)
      const data = JSON.parse(all.text) as { collections: Record<string, { name?: string }[]>; globals: object }
      // The call booked above is there, and the coach's pages.
      expect(data.collections['discovery-calls']!.map((c) => c.name)).toContain('Noor Download')
      expect(Object.keys(data.globals)).toContain('home-page')
      expect(all.text).not.toMatch(/"[^"]*(Token|Hash|hash|salt|password)[^"]*":/)
      const calls = await download('Discovery calls (CSV)')
      expect(calls.name).toMatch(/^discovery-calls-\d{4}-\d{2}-\d{2}\.csv$/)
      expect(calls.text.split('\r\n')[0]).toContain('"startsAt"')
      expect(calls.text).toContain('"Noor Download"')
      await closeAndCheckLog(context)
    })

    it('two-step login: turned on from the account screen with an authenticator app, asked for at login, and turned off by an admin for a lost phone', async () => {
      // The coach adds a second account; its owner turns two-step login on.
      const coach = await browser.newContext({ viewport: DESKTOP })
      await signIn(await coach.newPage())
      const second = { email: 'second@example.com', password: 'a second long password' }
      const created = await coach.request.post(`${site.url}/cms-api/users`, {
        data: { ...second, role: 'editor' },
        headers: { origin: site.url },
      })
      expect(created.status()).toBe(201)
      const secondId = ((await created.json()) as { doc: { id: number | string } }).doc.id

      const context = await browser.newContext({ viewport: DESKTOP })
      // Every screen of this test runs under the admin's policy (scripts by the nonce of each answer): none of
      // them may be refused a script, a style or a frame.
      const violations = await watchPolicyViolations(context)
      const page = await context.newPage()
      const logInAs = async (code?: string) => {
        await page.goto(`${site.url}/admin/login`)
        await fill(page, '#field-email', second.email)
        await fill(page, '#field-password', second.password)
        if (code) await fill(page, '#field-totp', code)
        await submit(page, 'Login')
      }
      await logInAs()
      await expectDashboard(page)
      await page.goto(`${site.url}/admin/account`)
      const keyShown = page.locator('[data-totp-key]')
      await page.getByRole('button', { name: 'Turn on two-step login' }).click()
      await keyShown.waitFor()
      const key = (await keyShown.innerText()).replace(/\s+/g, '')
      await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1)
      await page.getByLabel('Code from your app').fill(currentCode(key))
      await page.getByRole('button', { name: 'Confirm and turn on' }).click()
      await page.getByText('Two-step login is on. You will be asked for a code each time you log in.').waitFor()

      // Logged out, the password alone no longer opens the admin; with the app's next code it does.
      await context.clearCookies({ name: 'payload-token' })
      await logInAs()
      await page.getByText(TOTP_REQUIRED).first().waitFor()
      expect(page.url()).toContain('/admin/login')
      await logInAs(currentCode(key, Date.now() + 30_000))
      await expectDashboard(page)

      // A password reset from the mail sets the new password but does not skip the code: the login screen follows.
      await context.clearCookies({ name: 'payload-token' })
      await page.goto(`${site.url}/admin/forgot`)
      await fill(page, '#field-email', second.email)
      await submit(page, 'Submit')
      const mailTo = () => smtp.mails.filter((m) => m.to?.some((t) => t.address === second.email))
      await expect.poll(() => mailTo().length, { timeout: 20_000 }).toBe(1)
      const link = `${mailTo()[0]!.text ?? ''}`.match(/https?:\/\/[^\s"'<>]+\/admin\/reset\/[\w-]+/)?.[0]
      await page.goto(link!)
      second.password = 'a renewed second password'
      await fill(page, '#field-password', second.password)
      await fill(page, '#field-confirm-password', second.password)
      await submit(page, 'Reset Password')
      await page.waitForURL(/\/admin\/login/)
      expect((await context.cookies()).map((c) => c.name)).not.toContain('payload-token')
      await logInAs()
      await page.getByText(TOTP_REQUIRED).first().waitFor()

      // Its owner has lost the phone: the coach turns two-step login off on that account's screen, and the
      // password alone opens the admin again.
      const coachPage = await coach.newPage()
      await coachPage.goto(`${site.url}/admin/collections/users/${secondId}`)
      await coachPage.getByText('Two-step login is on for this account.', { exact: false }).waitFor()
      const turnedOff = coachPage.getByText('Two-step login is off for this account.', { exact: false }).first()
      await coachPage.getByRole('button', { name: 'Turn off two-step login for this account' }).click()
      await turnedOff.waitFor()
      await coach.close()
      await logInAs()
      await expectDashboard(page)
      await context.close()
      expect(violations()).toEqual([])
      expect(serverErrorLines(site.logFile)).toEqual([])
    })

    it('the coach changes their password on the account screen: only with the current password', async () => {
      // The password changed is that of an admin account of the test's own, standing for the coach's (which
      // every other test logs in with).
      const own = await accountOfItsOwn(site.url, 'admin')
      let { context, page } = await signedIn()
      const logsIn = async (password: string, from: string) =>
        (
          await fetch(`${site.url}/cms-api/users/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: site.url, 'x-forwarded-for': from },
            body: JSON.stringify({ email: own.email, password }),
          })
        ).status

      // Not asked on a new account's screen, nor on another's (the coach manages an assistant's account).
      const created = await page.request.post(`${site.url}/cms-api/users`, {
        data: { email: 'assistant.pw@example.com', password: 'an assistant long password', role: 'editor' },
        headers: { origin: site.url },
      })
      expect(created.status()).toBe(201)
      const assistantId = ((await created.json()) as { doc: { id: number | string } }).doc.id
      for (const path of ['create', String(assistantId)]) {
        await page.goto(`${site.url}/admin/collections/users/${path}`)
        await page.locator('form[data-form-ready="true"]:visible').first().waitFor()
        expect(await page.locator('#field-currentPassword').count(), path).toBe(0)
      }
      await page.request.delete(`${site.url}/cms-api/users/${assistantId}`, { headers: { origin: site.url } })
      await context.close()

      // The account screen: "Current password", a password input the browser's password manager fills.
      ;({ context, page } = await signedIn(own))
      await page.goto(`${site.url}/admin/account`)
      const current = page.locator('#field-currentPassword:visible')
      await current.waitFor()
      expect(await current.getAttribute('type')).toBe('password')
      expect(await current.getAttribute('autocomplete')).toBe('current-password')
      await page.getByText('Needed to change your e-mail or password.').first().waitFor()
      const newPassword = page.locator('#field-password:visible')
      await step(page, async () => {
        await page.getByRole('button', { name: 'Change Password' }).click()
        await newPassword.waitFor()
      })
      const changed = 'the coach’s renewed long password'
      await fill(page, '#field-password', changed)
      await fill(page, '#field-confirm-password', changed)

      // Without the current password: refused, with the reason under its field; the old password still works.
      // The save that went out carried the new password (the screen, rendering again, could have dropped it).
      const refused = await savedAccount(page)
      expect([refused.status, refused.sent]).toEqual([400, expect.stringContaining(changed)])
      const currentField = page.locator('.field-type', { has: page.locator('#field-currentPassword') })
      await currentField.getByText(CURRENT_PASSWORD_MISSING).first().waitFor()
      expect(await logsIn(own.password, '192.0.2.121')).toBe(200)
      expect(await logsIn(changed, '192.0.2.122')).toBe(401)

      // With it: saved, and from now on the new password is the one that logs in.
      await fill(page, '#field-currentPassword', own.password)
      expect((await savedAccount(page)).status).toBe(200)
      await page.getByText('Updated successfully.').first().waitFor()
      expect(await logsIn(changed, '192.0.2.123')).toBe(200)
      expect(await logsIn(own.password, '192.0.2.124')).toBe(401)
      await closeAndCheckLog(context)
    })

    it('guessing at the login: the same answer for every account, slowed per address and per account, and the coach is never locked out', async () => {
      // The account guessed at is an admin account of the test's own, standing for the coach's: it ends
      // throttled for browsers it does not know, and every other test logs in with the coach's.
      const own = await accountOfItsOwn(site.url, 'admin')
      // Its owner logs in on their own browser: a session cookie and a device cookie, neither readable by scripts.
      const { context, page } = await signedIn(own)
      const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]))
      expect(cookies['payload-token']).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })
      expect(cookies[DEVICE_COOKIE]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/cms-api/users/login' })
      // Their session ends (the device cookie stays, as it does when one logs out).
      await context.clearCookies({ name: 'payload-token' })

      const attempt = (from: string, email: string, password: string) =>
        fetch(`${site.url}/cms-api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.url, 'x-forwarded-for': from },
          body: JSON.stringify({ email, password }),
        })
      const message = async (res: Response) =>
        ((await res.json()) as { errors: { message: string }[] }).errors[0]!.message

      // A wrong password and an account that does not exist get the same answer.
      const [wrong, nobody] = await Promise.all([
        attempt('198.51.100.1', own.email, 'not the password at all'),
        attempt('198.51.100.2', 'nobody@example.com', 'not the password at all'),
      ])
      expect([wrong.status, nobody.status]).toEqual([401, 401])
      expect(await message(wrong)).toBe('The email or password provided is incorrect.')
      expect(await message(nobody)).toBe('The email or password provided is incorrect.')

      // One address: after LOGIN_LIMIT failures it is refused, whichever account it names, even with the password.
      await Promise.all(
        Array.from({ length: LOGIN_LIMIT.max - 1 }, (_, i) => attempt('198.51.100.1', `guess${i}@example.com`, 'nope')),
      )
      const fromGuesser = await attempt('198.51.100.1', own.email, own.password)
      expect(fromGuesser.status).toBe(429)
      expect(await message(fromGuesser)).toBe(LOGIN_THROTTLED)

      // Many addresses against the account: then no browser it does not know gets an answer for it...
      await Promise.all(
        Array.from({ length: LOGIN_LIMIT.max }, (_, i) => attempt(`203.0.113.${i + 1}`, own.email, 'nope')),
      )
      expect((await attempt('192.0.2.7', own.email, own.password)).status).toBe(429)
      const strangers = await browser.newContext({ viewport: DESKTOP })
      const strangerPage = await strangers.newPage()
      await strangerPage.goto(`${site.url}/admin/login`)
      await logIn(strangerPage, own)
      await strangerPage.getByText(LOGIN_THROTTLED).first().waitFor()
      await strangers.close()

      // ...while its owner, on their own browser, logs in as usual.
      await page.goto(`${site.url}/admin/login`)
      await logIn(page, own)
      await expectDashboard(page)
      await closeAndCheckLog(context)
    })
  })
