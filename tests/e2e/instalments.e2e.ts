import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import type { RunningSite } from '../../scripts/lib/server'
import { DESKTOP, expectNoSeriousA11yViolations } from '../support/browser'
import { aPlanOnSale, buyPlanInBrowser } from '../support/checkout'
import { logInAsCoach, logInToAdminAsCoach } from '../support/coach'
import { mailTo } from '../support/mail-files'
import { sitesOfThisFile } from '../support/own-sites'

// Sites of this file's own: the package it puts on sale would change the coaching page other files read.
const own = sitesOfThisFile('instalments', {}, { on: 'SQLite', provenBy: ['packages/instalments'] })

/**
 * A package paid in 3 monthly payments by bank transfer (decision 071), axe on each step: the plan on the
 * pricing card and the buy page, step 5's schedule with the payment details, the coach marking the first payment
 * (a double click) and then the second in the purchase's sidebar, the client's mail and page counting them. On
 * one database (`own.databases`).
 */
for (const database of own.databases)
  test.describe(`a package paid in instalments by bank transfer, on ${database}`, () => {
    let site: RunningSite
    const contexts: BrowserContext[] = []
    test.beforeAll(() => {
      site = own.site(database)
    })
    test.afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
    })
    const newPage = async (): Promise<Page> => {
      const context = await own.browser().newContext({ viewport: DESKTOP })
      contexts.push(context)
      return context.newPage()
    }

    test('the plan and its schedule, each payment marked once in the admin, the client’s page', async () => {
      test.setTimeout(300_000)
      const { token } = await logInAsCoach(site.url)
      await aPlanOnSale(site.url, token)
      const address = `cy.plan.${database.toLowerCase()}.${Date.now()}@example.com`
      const page = await newPage()
      await buyPlanInBrowser(page, site.url, {
        address,
        codeOf: async () =>
          /Your code to buy the 3-Month Program: (\d{6})/.exec(
            (await mailTo(site, address, 'Your code: ')).text ?? '',
          )![1]!,
      })
      expect(await page.locator('#pay-heading').innerText()).toBe('Pay in 3 monthly payments of $400 by bank transfer')
      expect(await page.locator('ul.instalments').innerText()).toBe(
        'Payment 1 of 3: $400, now\nPayment 2 of 3: $400, 1 month after the first\nPayment 3 of 3: $400, 2 months after the first',
      )
      const reference = /Reference\s+(PKG-[A-Z0-9]{6})/.exec(await page.locator('.payment-details').innerText())![1]!
      await expectNoSeriousA11yViolations(page, 'step 5: a plan by bank transfer')
      const details = await mailTo(site, address, 'How to pay for the 3-Month Program')
      expect(details.text).toContain('Payment 3 of 3: $400, 2 months after the first')

      const [purchase] = (
        (await (
          await fetch(`${site.url}/cms-api/purchases?where[reference][equals]=${reference}&depth=0`, {
            headers: { authorization: `JWT ${token}` },
          })
        ).json()) as { docs: { id: number }[] }
      ).docs
      const coach = await newPage()
      await logInToAdminAsCoach(coach, site.url)
      await coach.goto(`${site.url}/admin/collections/purchases/${purchase!.id}`)
      const state = coach.locator('#purchase-paid-state')
      await expect
        .poll(() => state.innerText())
        .toBe('Monthly payments received: 0 of 3. The credits open with the first.')
      await expectNoSeriousA11yViolations(coach, 'a plan awaiting its first payment', '.mark-paid')
      await coach.getByRole('button', { name: 'Mark payment 1 of 3 received ($400)' }).dblclick()
      await expect.poll(() => state.innerText()).toBe('Monthly payments received: 1 of 3. The credits are open.')
      expect(await coach.locator('#purchase-next-instalment').innerText()).toMatch(/^Payment 2 of 3, \$400, is due on /)
      await expectNoSeriousA11yViolations(coach, 'a plan with its first payment in', '.mark-paid')
      await coach.getByRole('button', { name: 'Mark payment 2 of 3 received ($400)' }).click()
      await expect.poll(() => state.innerText()).toBe('Monthly payments received: 2 of 3. The credits are open.')

      // The client: one mail with their page, the six sessions open, two payments counted.
      const ready = await mailTo(site, address, 'Your sessions are ready: 3-Month Program')
      expect(ready.text).toContain(`Your first payment of $400 for the 3-Month Program (reference ${reference}`)
      const client = await newPage()
      await client.goto(`${site.url}${/\/client\/[\w-]{43}/.exec(ready.text ?? '')![0]}`)
      expect(await client.locator('.credit-counts').innerText()).toMatch(
        /^Credits bought\s+6\s+Used\s+0\s+Left\s+6\s*$/,
      )
      expect(await client.locator('.client-purchase').innerText()).toContain(
        '$800 of $1200 by bank transfer: 2 of 3 monthly payments received',
      )
      await expectNoSeriousA11yViolations(client, 'the client’s page, a plan 2 of 3 paid')
    })
  })
