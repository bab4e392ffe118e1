import type { Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { followLink } from '../support/admin-forms'
import { desktopPages, expectNoSeriousA11yViolations } from '../support/browser'
import { aPlanOnSale, askForTheCode, buyPlanInBrowser, signAndAnswer } from '../support/checkout'
import { logInAsCoach, logInToAdminAsCoach } from '../support/coach'
import { mailTo } from '../support/mail-files'
import { sitesOfThisFile } from '../support/own-sites'
import { stripeStandInForTests } from '../support/stripe-stand-in'

// The Stripe stand-in first (the sites are started with its address and keys in their environment).
const standIn = stripeStandInForTests()

// Sites of this file's own, with Stripe keys set: the shared seeded servers sell by bank transfer.
const own = sitesOfThisFile('stripe', standIn.env, {
  on: 'SQLite',
  provenBy: ['packages/stripe', 'packages/refunds', 'packages/instalment-cards'],
})

/**
 * The whole card path a new buyer takes on a site whose coach has set Stripe keys (against the stand-in, which
 * the site reaches through the SDK's host settings), axe on every step: the coaching page's Buy, the e-mail
 * and the mailed code, the agreement, the questions, step 5's "Pay with Stripe", Stripe's page (left once
 * without paying; Stripe not answering once; then paid), back on the checkout page with the payment arrived while Stripe's signed webhook
 * reaches the site at the same moment; the client's page from the mailed link with the session ready and the
 * receipt by card. Then a part refunded in Stripe's dashboard is recorded from its webhook; the coach refunds
 * the rest from the purchase's screen in /admin (a part of more than is left refused in words first), Stripe's
 * `charge.refunded` for it changes nothing, and the client is mailed a receipt; the client's page in People shows
 * the purchase, the agreement, the answers and the credits. Unsigned or wrongly signed
 * posts to the webhook address are refused with 400. On one database (`own.databases`).
 */
for (const database of own.databases)
  test.describe(`buying the Starter Session by card, on ${database}`, () => {
    const site = own.siteOn(database)
    const newPage = desktopPages()

    /** A page of the coach logged in to /admin. */
    const coachInAdmin = async (): Promise<Page> => {
      const coach = await newPage()
      await logInToAdminAsCoach(coach, site.url)
      return coach
    }

    test('buy, pay on Stripe’s page, the client’s page; a refund recorded; forged webhooks refused', async () => {
      test.setTimeout(300_000)
      const address = `ada.card.${database.toLowerCase()}.${Date.now()}@example.com`
      const page = await newPage()

      await page.goto(`${site.url}/coaching`)
      await page.getByRole('link', { name: 'Buy the Starter Session' }).click()
      await page.waitForURL(/\/coaching\/buy\/\d+$/)
      await askForTheCode(page, address)
      const code = /Your code to buy the Starter Session: (\d{6})/.exec(
        (await mailTo(site, address, 'Your code: ')).text ?? '',
      )![1]!
      await page.fill('#checkout-code-input', code)
      await page.getByRole('button', { name: 'Confirm my e-mail' }).click()

      await signAndAnswer(page)

      // Step 5: a card payment on Stripe's page, no bank details.
      await page.getByRole('heading', { name: 'Pay $150 by card' }).waitFor()
      const checkoutUrl = page.url().replace(/#.*$/, '')
      expect(await page.locator('.checkout-step').innerText()).toBe('Step 5 of 5: Payment')
      expect(await page.locator('.payment-details').count()).toBe(0)
      await expectNoSeriousA11yViolations(page, 'step 5: payment by card')
      await page.getByRole('link', { name: 'Pay $150 with Stripe' }).click()

      // Stripe's page (the stand-in's): left once without paying.
      await page.waitForURL(new RegExp(`^${standIn.url}/c/pay/cs_test_\\w+$`))
      const sessionId = /(cs_test_\w+)$/.exec(page.url())![1]!
      expect(standIn.sessions.get(sessionId)).toMatchObject({ amount_total: 15000, currency: 'usd', status: 'open' })
      await expectNoSeriousA11yViolations(page, 'Stripe’s page (stand-in)')
      await page.getByRole('link', { name: 'Back without paying' }).click()
      await page.waitForURL(`${checkoutUrl}?payment=cancelled`)
      expect(await page.locator('.form-notice').innerText()).toBe(
        'You left the payment page without paying: nothing was charged. You can pay whenever you are ready.',
      )
      await expectNoSeriousA11yViolations(page, 'step 5: back from Stripe without paying')

      // Stripe not answering: the buyer is back on step 5, told so, and nothing is charged.
      standIn.failing = true
      await page.getByRole('link', { name: 'Pay $150 with Stripe' }).click()
      await page.waitForURL(`${checkoutUrl}?problem=stripe-unavailable#checkout-heading`)
      expect(await page.locator('.error-summary').innerText()).toBe(
        'The card payment could not be started just now. Nothing was charged. Please try again in a minute.',
      )
      await expectNoSeriousA11yViolations(page, 'step 5: Stripe not answering')
      standIn.failing = false

      // Again: the same session, now paid. Stripe sends the buyer back and its webhook at the same moment.
      await page.getByRole('link', { name: 'Pay $150 with Stripe' }).click()
      await page.waitForURL(`${standIn.url}/c/pay/${sessionId}`)
      await page.getByRole('button', { name: 'Pay $150.00' }).click()
      await page.waitForURL(`${checkoutUrl}?session_id=${sessionId}`)
      expect(await page.locator('.form-notice').innerText()).toBe(
        'Your payment has arrived. The link to your page, where you book your sessions, is in your inbox.',
      )
      await expectNoSeriousA11yViolations(page, 'back from Stripe, paid')
      const delivery = standIn.deliveries.find((d) => d.event.data.object.id === sessionId)!
      expect(await delivery.status).toBe(200)

      // The client: one mail with their page's link; one session ready; the receipt says by card.
      const ready = await mailTo(site, address, 'Your sessions are ready: Starter Session')
      const link = /\/client\/[\w-]{43}/.exec(ready.text ?? '')![0]
      const client = await newPage()
      await client.goto(`${site.url}${link}`)
      expect(await client.locator('h1').innerText()).toBe('Welcome, Ada Lovelace')
      expect(await client.locator('.credit-counts').innerText()).toMatch(
        /^Credits bought\s+1\s+Used\s+0\s+Left\s+1\s*$/,
      )
      expect(await client.locator('.client-purchase').innerText()).toContain('$150 by card')
      await expectNoSeriousA11yViolations(client, 'the client’s page')

      // What the coach's admin reads: one opening keyed by the session.
      const { token } = await logInAsCoach(site.url)
      const entries = async () =>
        (
          (await (
            await fetch(
              `${site.url}/cms-api/credit-entries?where[email][equals]=${encodeURIComponent(address)}&sort=seq`,
              {
                headers: { authorization: `JWT ${token}` },
              },
            )
          ).json()) as { docs: { type: string; key: string }[] }
        ).docs.map((e) => [e.type, e.key])
      expect(await entries()).toEqual([['purchase-opened', sessionId]])

      // A part refunded in Stripe's dashboard: its signed event over HTTP, twice, recorded once.
      const refunded = standIn.refund(sessionId, 5000)
      const webhook = `${site.url}/api/stripe/webhook`
      const post = (body: string, signature?: string) =>
        fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          body,
        })
      const signed = standIn.signed(refunded)
      expect((await post(signed.body, signed.signature)).status).toBe(200)
      expect((await post(signed.body, signed.signature)).status).toBe(200)
      expect((await entries()).map(([type]) => type)).toEqual(['purchase-opened', 'refund'])

      // The coach refunds the rest from the admin, in Chromium: the whole $100 left, and the credit (the default).
      const [purchase] = (
        (await (
          await fetch(`${site.url}/cms-api/purchases?where[email][equals]=${encodeURIComponent(address)}&depth=0`, {
            headers: { authorization: `JWT ${token}` },
          })
        ).json()) as { docs: { id: number }[] }
      ).docs
      const coach = await coachInAdmin()
      await coach.goto(`${site.url}/admin/collections/purchases/${purchase!.id}`)
      await coach.locator('#refund-heading').waitFor()
      expect(await coach.locator('#refund-state').innerText()).toBe('Paid $150, refunded $50. 1 credit left to book.')
      expect(await coach.getByLabel('The whole $100').isChecked()).toBe(true)
      expect(await coach.locator('#refund-credits').inputValue()).toBe('1')
      await expectNoSeriousA11yViolations(coach, 'the paid purchase’s refund form', '.refund-payment')
      // A part first: the amount to type, and no credits taken back unless the coach says so.
      await coach.getByLabel('A part').check()
      expect(await coach.locator('#refund-credits').inputValue()).toBe('0')
      await coach.fill('#refund-amount', '120')
      await coach.getByRole('button', { name: 'Refund…' }).click()
      await coach.getByRole('button', { name: 'Yes, refund $120' }).click()
      await coach.getByText('You can refund at most $100: that is what was paid and is not refunded yet.').waitFor()
      await expectNoSeriousA11yViolations(coach, 'a refund of more than is left, refused', '.refund-payment')
      expect((await entries()).map(([type]) => type)).toEqual(['purchase-opened', 'refund'])
      // The whole rest, asked once more, then done.
      await coach.getByLabel('The whole $100').check()
      await coach.getByRole('button', { name: 'Refund…' }).click()
      expect(await coach.locator('#refund-question').innerText()).toBe(
        'Refund $100 to the card it was paid with, through Stripe, and take back 1 credit? This cannot be undone.',
      )
      await expectNoSeriousA11yViolations(coach, 'the refund asked once more', '.refund-payment')
      await coach.getByRole('button', { name: 'Yes, refund $100' }).click()
      await coach.getByText('Refunded. The client has been mailed a receipt.').waitFor()
      await expect
        .poll(() => coach.locator('#refund-state').innerText())
        .toBe('Paid $150, refunded $150. 0 credits left to book.')
      await expectNoSeriousA11yViolations(coach, 'the purchase refunded', '.refund-payment')
      expect((await entries()).map(([type]) => type)).toEqual(['purchase-opened', 'refund', 'refund'])
      // Stripe's own charge.refunded for it reached the site (signed, over HTTP): the same fact, nothing new.
      const fromAdmin = standIn.deliveries.find((d) => d.event.type === 'charge.refunded')!
      expect(await fromAdmin.status).toBe(200)
      expect((await entries()).map(([type]) => type)).toEqual(['purchase-opened', 'refund', 'refund'])
      const receipt = await mailTo(site, address, 'Your refund: Starter Session')
      expect(receipt.text).toContain('We have refunded $100 of your payment for the Starter Session')
      expect(receipt.text).toContain('1 session was taken off this package: 0 left to book.')
      await client.reload()
      expect(await client.locator('.credit-counts').innerText()).toMatch(
        /^Credits bought\s+1\s+Used\s+0\s+Left\s+0\s+Refunded\s+1\s*$/,
      )

      // The client in the coach's People: the purchase paid and refunded, the agreement, the answers, the credits.
      await coach.goto(`${site.url}/admin/people`)
      await followLink(coach, coach.locator(`[data-person="${address}"] a`), /\/admin\/people\/[0-9a-f]{32}$/)
      const bought = await coach.locator('.person-purchase').innerText()
      expect(bought).toContain('Starter Session (PKG-')
      expect(bought).toContain('Paid · paid $150 by card · refunded $150')
      expect(bought).toMatch(/Agreement version \d+ accepted .+ by typing “Ada Lovelace”; SHA-256 [0-9a-f]{64}/)
      expect(bought).toContain('Finding focus after a career change.')
      expect(await coach.locator('.person-credits').innerText()).toBe(
        'Bought 1 · used 0 · booked 0 · left 0 · forfeited 0 · refunded 1',
      )
      await expectNoSeriousA11yViolations(coach, 'the client’s page in People', '.people')

      // Forged, unsigned: 400, nothing stored.
      const forged = standIn.signed(standIn.refund(sessionId, 1), 'whsec_someone_else')
      const refusedForged = await post(forged.body, forged.signature)
      expect(refusedForged.status).toBe(400)
      expect(await refusedForged.json()).toEqual({ error: 'The signature did not verify.' })
      expect((await post(forged.body)).status).toBe(400)
      expect((await entries()).map(([type]) => type)).toEqual(['purchase-opened', 'refund', 'refund'])
      expect((await fetch(webhook)).status).toBe(405)
    })

    /**
     * A package paid in instalments by card (decision 071): the 3-Month Program in 3 monthly payments of $400.
     * The card says the plan, step 5 the schedule; Stripe's page takes the first $400 on a subscription; back on
     * the site the payment has arrived; the client's page counts the payments; the next month's invoice.paid
     * (signed, over HTTP, twice) is recorded once; the coach's purchase shows 2 of 3. Axe on each.
     */
    test('a package paid in 3 monthly payments by card: the plan shown, the first paid on Stripe, the second by its invoice', async () => {
      test.setTimeout(300_000)
      const { token } = await logInAsCoach(site.url)
      const auth = { authorization: `JWT ${token}` }
      await aPlanOnSale(site.url, token)
      const address = `bo.plan.${database.toLowerCase()}.${Date.now()}@example.com`
      const page = await newPage()
      const checkoutUrl = await buyPlanInBrowser(page, site.url, {
        address,
        codeOf: async () =>
          /Your code to buy the 3-Month Program: (\d{6})/.exec(
            (await mailTo(site, address, 'Your code: ')).text ?? '',
          )![1]!,
      })

      // Step 5 (no questions on this package): the plan and its schedule, the first payment by card.
      await page.getByRole('heading', { name: 'Pay in 3 monthly payments of $400 by card' }).waitFor()
      expect(await page.locator('ul.instalments').innerText()).toBe(
        'Payment 1 of 3: $400, now\nPayment 2 of 3: $400, 1 month after the first\nPayment 3 of 3: $400, 2 months after the first',
      )
      await expectNoSeriousA11yViolations(page, 'step 5: a plan by card')
      await page.getByRole('link', { name: 'Pay $400 with Stripe' }).click()
      await page.waitForURL(new RegExp(`^${standIn.url}/c/pay/cs_test_\\w+$`))
      const sessionId = /(cs_test_\w+)$/.exec(page.url())![1]!
      expect(standIn.sessions.get(sessionId)).toMatchObject({ mode: 'subscription', amount_total: 40000 })
      await page.getByRole('button', { name: 'Pay $400.00' }).click()
      await page.waitForURL(`${checkoutUrl}?session_id=${sessionId}`)
      expect(await page.locator('.form-notice').innerText()).toBe(
        'Your payment has arrived. The link to your page, where you book your sessions, is in your inbox.',
      )
      // Both of Stripe's events (the session's and the first invoice's) reached the site beside the return.
      const mine = standIn.deliveries.filter(
        (d) => d.event.data.object.id === sessionId || String(d.event.type) === 'invoice.paid',
      )
      expect(await Promise.all(mine.map((d) => d.status))).toEqual(mine.map(() => 200))

      const ready = await mailTo(site, address, 'Your sessions are ready: 3-Month Program')
      expect(ready.text).toContain('Your first payment of $400 for the 3-Month Program')
      const client = await newPage()
      await client.goto(`${site.url}${/\/client\/[\w-]{43}/.exec(ready.text ?? '')![0]}`)
      expect(await client.locator('.credit-counts').innerText()).toMatch(
        /^Credits bought\s+6\s+Used\s+0\s+Left\s+6\s*$/,
      )
      expect(await client.locator('.client-purchase').innerText()).toContain(
        '$400 of $1200 by card: 1 of 3 monthly payments received',
      )
      await expectNoSeriousA11yViolations(client, 'the client’s page, a plan 1 of 3 paid')

      // The next month: Stripe's invoice.paid, signed, over HTTP, twice: one payment.
      const second = standIn.signed(standIn.invoicePaid(sessionId, 2))
      const post = () =>
        fetch(`${site.url}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': second.signature },
          body: second.body,
        }).then((r) => r.status)
      expect([await post(), await post()]).toEqual([200, 200])
      await client.reload()
      expect(await client.locator('.client-purchase').innerText()).toContain(
        '$800 of $1200 by card: 2 of 3 monthly payments received',
      )

      // The coach's purchase: 2 of 3 in, the third due, nothing to press (Stripe takes it).
      const [purchase] = (
        (await (
          await fetch(`${site.url}/cms-api/purchases?where[email][equals]=${encodeURIComponent(address)}&depth=0`, {
            headers: auth,
          })
        ).json()) as { docs: { id: number }[] }
      ).docs
      const coach = await coachInAdmin()
      await coach.goto(`${site.url}/admin/collections/purchases/${purchase!.id}`)
      await expect
        .poll(() => coach.locator('#purchase-paid-state').innerText())
        .toBe('Monthly payments received: 2 of 3. The credits are open.')
      expect(await coach.locator('#purchase-next-instalment').innerText()).toMatch(/^Payment 3 of 3, \$400, is due on /)
      await expectNoSeriousA11yViolations(coach, 'a plan’s purchase in the admin', '.mark-paid')
    })
  })
