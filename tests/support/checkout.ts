import type { Payload } from 'payload'
import type { Page } from 'playwright-core'
import { expect } from './runner'

import type { Purchase } from '@/payload-types'
import { expectNoSeriousA11yViolations } from './browser'
import { mailsAsSent } from './outbox'

/**
 * The receipt of payment `n` of THREE_MONTH_PLAN's three ($400 each) as the client gets it: the subject with the
 * site's name, the text (`left`: what it says of the next payment, by bank transfer or card; the last payment's
 * says the package is paid in full; `page`: the lines with the client's link) and its outbox key.
 */
export const instalmentReceipt = (r: {
  to: string
  n: number
  reference: string | null | undefined
  left?: string
  page: string
  siteName: string
  key: string
}) => ({
  to: r.to,
  subject: `Payment ${r.n} of 3 received: 3-Month Program | ${r.siteName}`,
  text: [
    `Your payment of $400 for the 3-Month Program (reference ${r.reference}, payment ${r.n} of 3) has arrived. Thank you!`,
    r.left ?? 'This was your last payment: the 3-Month Program is paid in full.',
    r.page,
  ].join('\n\n'),
  key: `instalment-receipt:${r.key}`,
})

/** Checkout step 1 of the Starter Session, on its buy page: `address` typed and sent; on step 2. Axe on both. */
export async function askForTheCode(page: Page, address: string): Promise<void> {
  expect(await page.locator('.checkout-step').innerText()).toBe('Step 1 of 5: Your e-mail')
  await expectNoSeriousA11yViolations(page, 'step 1: e-mail')
  await page.fill('#buy-email', address)
  await page.getByRole('button', { name: 'Send me a code to buy the Starter Session' }).click()
  await page.waitForURL(/\/coaching\/checkout\/\d+-\d+\.[\w-]{43}(#[\w-]+)?$/)
  expect(await page.locator('.checkout-step').innerText()).toBe('Step 2 of 5: Your code')
  await expectNoSeriousA11yViolations(page, 'step 2: code')
}

/**
 * Checkout steps 3 and 4, axe on each: the agreement signed by a typed name and a tick; the intake questions,
 * the first answered and `moreAnswers` given; then on to step 5.
 */
export async function signAndAnswer(page: Page, moreAnswers: () => Promise<void> = async () => {}): Promise<void> {
  await page.locator('#agreement-heading').waitFor()
  expect(await page.locator('#agreement-heading').innerText()).toBe('Coaching agreement')
  expect(await page.locator('.checkout-step').innerText()).toBe('Step 3 of 5: Agreement')
  await expectNoSeriousA11yViolations(page, 'step 3: agreement')
  await page.fill('#agreement-name', 'Ada Lovelace')
  // The tick box sits at the start of its label's line, a box of its own size, not a full-width field.
  const box = (await page.locator('#agreement-accept').boundingBox())!
  const label = (await page.locator('label[for="agreement-accept"]').boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(label.x)
  expect(box.width).toBeLessThan(label.width / 4)
  expect([box.y < label.y + label.height, box.y + box.height > label.y]).toEqual([true, true])
  await page.check('#agreement-accept')
  await page.getByRole('button', { name: 'Accept and continue' }).click()

  await page.getByRole('heading', { name: 'A few questions before we start' }).waitFor()
  expect(await page.locator('.checkout-step').innerText()).toBe('Step 4 of 5: Questions')
  await expectNoSeriousA11yViolations(page, 'step 4: questions')
  await page.fill('#intake-q0', 'Finding focus after a career change.')
  await moreAnswers()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
}

/**
 * A package bought up to its payment (step 5), as the checkout's forms post each step: the e-mail (and the
 * code mailed for it), the current agreement accepted, the intake answered with `answers` when the package
 * asks questions. Answers the purchase awaiting payment.
 */
export async function checkoutToPayment(
  payload: Payload,
  {
    packageId,
    email,
    client,
    now,
    answers = { q0: 'Focus' },
  }: { packageId: number; email: string; client: { ipHash: string }; now: Date; answers?: Record<string, string> },
): Promise<Purchase> {
  const checkout = await import('@/features/packages/checkout')
  const { runForm } = await import('@/platform/forms/pipeline')
  const purchaseOf = (id: number) => payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true })
  const result = await runForm(payload, checkout.buyForm, { email, package: String(packageId) }, client, now)
  expect(result.status).toBe('ok')
  const token = (result as { redirectTo: string }).redirectTo.replace('/coaching/checkout/', '')
  const started = (await checkout.purchaseByToken(payload, token))!
  const mail = (await mailsAsSent(payload, { kind: { equals: 'checkout-code' } })).find(
    (m) => m.reference === `purchases:${started.id}`,
  )!
  const code = /Your code to buy the .+: (\d{6})/.exec(mail.text)![1]!
  expect(await checkout.confirmCode(payload, started, code, now)).toBe('done')
  const version = (
    await payload.find({ collection: 'agreement-versions', sort: '-number', limit: 1, overrideAccess: true })
  ).docs[0]!
  expect(
    await checkout.acceptAgreement(payload, await purchaseOf(started.id), {
      name: 'Ada Lovelace',
      accept: 'yes',
      version: String(version.id),
    }),
  ).toBe('done')
  const agreed = await purchaseOf(started.id)
  if (agreed.status === 'agreed') expect(await checkout.answerIntake(payload, agreed, answers)).toBe('done')
  return purchaseOf(started.id)
}

/** The 3-Month Program ($1200 on its pricing card) as a package on sale in 3 monthly payments (decision 071). */
export const THREE_MONTH_PLAN = {
  card: '3-Month Program',
  onSale: true,
  sessions: 6,
  sessionMinutes: 60,
  validityDays: 120,
  payment: 'instalments',
  instalments: 3,
} as const

/**
 * THREE_MONTH_PLAN as the coach makes it over REST on `site` with their token, with the seeded Starter
 * Session's agreement.
 */
export async function aPlanOnSale(site: string, token: string): Promise<void> {
  const auth = { authorization: `JWT ${token}`, 'content-type': 'application/json' }
  const starter = (
    (await (await fetch(`${site}/cms-api/packages?depth=0&limit=1`, { headers: auth })).json()) as {
      docs: { agreement: number }[]
    }
  ).docs[0]!
  const made = await fetch(`${site}/cms-api/packages`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ ...THREE_MONTH_PLAN, agreement: starter.agreement }),
  })
  expect(made.status).toBe(201)
}

/**
 * A buyer in a browser from the coaching page to step 5 of the 3-Month Program made by `aPlanOnSale`: the
 * card's plan (read once it shows), Buy, the e-mail and the code mailed to it (`codeOf`), the agreement
 * accepted (the package asks no questions). Axe on the coaching page. Answers the checkout page's address.
 */
export async function buyPlanInBrowser(
  page: Page,
  site: string,
  { address, codeOf }: { address: string; codeOf: () => Promise<string> },
): Promise<string> {
  await page.goto(`${site}/coaching`)
  const card = page.locator('.pricing-card', { hasText: '3-Month Program' })
  // The coaching page follows a new package at once (its cache tag); poll in case a render was under way.
  await expect
    .poll(async () => {
      await page.reload()
      return card.locator('.pricing-card__instalments').count()
    })
    .toBe(1)
  expect(await card.locator('.pricing-card__instalments').innerText()).toBe('Paid in 3 monthly payments of $400')
  await expectNoSeriousA11yViolations(page, 'the coaching page with a plan on a card')
  await page.getByRole('link', { name: 'Buy the 3-Month Program' }).click()
  await page.waitForURL(/\/coaching\/buy\/\d+$/)
  expect(await page.locator('.call-details').innerText()).toContain('In 3 monthly payments of $400')
  await page.fill('#buy-email', address)
  await page.getByRole('button', { name: 'Send me a code to buy the 3-Month Program' }).click()
  await page.locator('#checkout-code-input').waitFor()
  await page.fill('#checkout-code-input', await codeOf())
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click()
  await page.locator('#agreement-heading').waitFor()
  await page.fill('#agreement-name', 'Bo Plan')
  await page.check('#agreement-accept')
  await page.getByRole('button', { name: 'Accept and continue' }).click()
  await page.locator('#pay-heading').waitFor()
  return page.url().replace(/#.*$/, '')
}
