import type { Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { desktopPages, expectNoSeriousA11yViolations } from '../support/browser'
import { logInAsCoach, logInToAdminAsCoach } from '../support/coach'
import { mailTo } from '../support/mail-files'
import { sitesOfThisFile } from '../support/own-sites'
import { stripeStandInForTests } from '../support/stripe-stand-in'

// The Stripe stand-in first (the sites are started with its address and keys in their environment).
const standIn = stripeStandInForTests()

// Sites of this file's own, with Stripe keys set: the shared seeded servers take bank transfers.
const own = sitesOfThisFile('workshop-seats', standIn.env, { on: 'SQLite', provenBy: ['workshops/card-seats'] })

/**
 * A paid workshop seat by card (issue 28; decision 070), against the Stripe stand-in, axe on every step: the
 * visitor registers for a $40 workshop and is told the seat is held until they pay; from the mailed link they
 * pay on Stripe's page and come back with the seat theirs (the webhook reaching the site at the same moment);
 * then they cancel, choosing the refund, and the card is refunded once. On one database (`own.databases`).
 */
for (const database of own.databases)
  test.describe(`a paid workshop seat by card, on ${database}`, () => {
    const site = own.siteOn(database)
    const newPage = desktopPages()

    /** A $40 online workshop with a few seats, registered on the site: answers its address. */
    async function paidWorkshop(title: string): Promise<string> {
      const { token } = await logInAsCoach(site.url)
      const made = await fetch(`${site.url}/cms-api/workshops`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `JWT ${token}` },
        body: JSON.stringify({
          title,
          date: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString(),
          format: 'Online, 2 hours',
          description: 'A paid circle.',
          attendance: 'online',
          onlineLink: 'https://example.com/meet/paid-circle',
          seats: 3,
          price: 40,
          published: true,
        }),
      })
      expect(made.status).toBe(201)
      return ((await made.json()) as { doc: { slug: string } }).doc.slug
    }

    /**
     * A visitor registers on the workshop's page and confirms from the mailed link (decision 080): answers the
     * page, on their registration's page after the answer.
     */
    async function registerOn(slug: string, title: string, name: string, address: string): Promise<Page> {
      const page = await newPage()
      await page.goto(`${site.url}/workshops/${slug}/register`)
      expect(await page.locator('.call-details').innerText()).toContain('$40')
      await page.fill('#register-name', name)
      await page.fill('#register-email', address)
      await page.getByRole('button', { name: 'Register', exact: true }).click()
      await expect
        .poll(() => page.locator('#register-done').innerText())
        .toBe(
          'Almost done: we have sent a link to the e-mail address you gave. Open it within 24 hours to confirm your registration.',
        )
      const link = await mailTo(site, address, `Please confirm your registration: ${title}`)
      await page.goto(`${site.url}${/\/workshops\/confirm\/[\w-]+\.[\w-]{43}/.exec(link.text ?? '')![0]}`)
      await page.getByRole('button', { name: 'Confirm my registration' }).click()
      await expect
        .poll(() => page.locator('.form-notice').innerText())
        .toBe(
          'A seat is held for you until you pay for it. We have e-mailed you how to pay and the link to your registration.',
        )
      return page
    }

    test('register, pay on Stripe’s page, the seat is theirs; cancel with a refund to the card', async () => {
      test.setTimeout(300_000)
      const run = `${database.toLowerCase()}-${Date.now().toString(36)}`
      const title = `Paid circle ${run}`
      const address = `ada.seat.${run}@example.com`
      const slug = await paidWorkshop(title)
      const page = await registerOn(slug, title, 'Ada Lovelace', address)

      await expectNoSeriousA11yViolations(page, 'registration page after confirming a paid seat')

      const held = await mailTo(site, address, `Your seat is held until you pay: ${title}`)
      expect(held.text).toContain("To keep it, pay $40 by card on your registration's page.")
      const manage = /\/workshops\/manage\/\d+-\d+\.[\w-]{43}/.exec(held.text ?? '')![0]
      await page.goto(`${site.url}${manage}`)
      await page.getByRole('heading', { name: 'Pay $40 to keep your seat' }).waitFor()
      expect(await page.locator('.call-details').innerText()).toContain('Seat offered')
      await expectNoSeriousA11yViolations(page, 'manage page: seat held until paid')
      await page.getByRole('link', { name: 'Pay $40 by card' }).click()

      // Stripe's page (the stand-in's): paid; the webhook and the return reach the site at the same moment.
      await page.waitForURL(new RegExp(`^${standIn.url}/c/pay/cs_test_\\w+$`))
      const sessionId = /(cs_test_\w+)$/.exec(page.url())![1]!
      expect(standIn.sessions.get(sessionId)).toMatchObject({ amount_total: 4000, currency: 'usd' })
      await page.getByRole('button', { name: 'Pay $40.00' }).click()
      await page.waitForURL(`${site.url}${manage}?session_id=${sessionId}`)
      expect(await page.locator('.form-notice').innerText()).toBe(
        'Thank you: your payment has arrived and the seat is yours. We have sent the details and a calendar invite to your e-mail.',
      )
      expect(await page.locator('.call-details').innerText()).toMatch(/Status\s+Registered/)
      expect(await page.locator('.call-details').innerText()).toContain('$40 (paid)')
      await expectNoSeriousA11yViolations(page, 'manage page: paid')
      const delivery = standIn.deliveries.find((d) => d.event.data.object.id === sessionId)!
      expect(await delivery.status).toBe(200)
      const registered = await mailTo(site, address, `You are registered: ${title}`)
      expect(registered.text).toContain('Where: https://example.com/meet/paid-circle')

      // Cancel with the refund: the choice is asked, the card refunded once.
      await page.goto(`${site.url}${manage}`)
      await page.getByRole('radio', { name: 'Refund my $40 to my card' }).check()
      await expectNoSeriousA11yViolations(page, 'manage page: refund or credit')
      const before = standIn.refundsMade.length
      await page.getByRole('button', { name: 'Cancel my registration' }).click()
      await expect
        .poll(() => page.locator('.form-notice').innerText())
        .toBe('Your registration is cancelled and your payment is being refunded. We have e-mailed you a confirmation.')
      await expectNoSeriousA11yViolations(page, 'manage page: refunded')
      expect(standIn.refundsMade).toHaveLength(before + 1)
      expect(standIn.refundsMade.at(-1)!.refund).toMatchObject({
        amount: 4000,
        payment_intent: standIn.sessions.get(sessionId)!.payment_intent,
      })
      const cancelled = await mailTo(site, address, `Cancelled: ${title}`)
      expect(cancelled.text).toContain('Your payment of $40 is refunded to your card')
    })

    test('the coach marks a held seat’s payment received in the admin, then cancels it with a credit', async () => {
      test.setTimeout(300_000)
      const run = `${database.toLowerCase()}-${Date.now().toString(36)}`
      const title = `Paid circle by transfer ${run}`
      const address = `bob.seat.${run}@example.com`
      const slug = await paidWorkshop(title)
      await registerOn(slug, title, 'Bob Marley', address)
      const { token } = await logInAsCoach(site.url)
      const found = (await (
        await fetch(`${site.url}/cms-api/workshop-registrations?where[email][equals]=${encodeURIComponent(address)}`, {
          headers: { authorization: `JWT ${token}` },
        })
      ).json()) as { docs: { id: number; status: string }[] }
      expect(found.docs.map((d) => d.status)).toEqual(['offered'])

      const coach = await newPage()
      await logInToAdminAsCoach(coach, site.url)
      await coach.goto(`${site.url}/admin/collections/workshop-registrations/${found.docs[0]!.id}`)
      const markPaid = coach.getByRole('button', { name: 'Mark payment received' })
      await markPaid.waitFor()
      await expectNoSeriousA11yViolations(coach, 'a held seat in the admin', '.seat-paid')
      await markPaid.click()
      await coach
        .getByText('Payment received. The seat is Bob Marley’s; they have been sent the details and the invite.')
        .waitFor()
      await mailTo(site, address, `You are registered: ${title}`)

      await coach.reload()
      await coach.getByRole('button', { name: 'Cancel this registration' }).click()
      await coach.getByRole('button', { name: 'Yes, cancel and give a credit' }).click()
      await coach
        .getByText(
          'Cancelled. Bob Marley has been told by e-mail; a freed seat goes to the first person waiting. They have a credit of $40 for a later workshop.',
        )
        .waitFor()
      await expectNoSeriousA11yViolations(coach, 'the seat cancelled with a credit', '.coach-cancels')
      const cancelled = await mailTo(site, address, `Cancelled: ${title}`)
      expect(cancelled.text).toContain('You have a credit of $40 for a later workshop')
    })
  })
