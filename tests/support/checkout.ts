import type { Page } from 'playwright-core'
import { expect } from 'vitest'

import { expectNoSeriousA11yViolations } from './browser'

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
  await page.check('#agreement-accept')
  await page.getByRole('button', { name: 'Accept and continue' }).click()

  await page.getByRole('heading', { name: 'A few questions before we start' }).waitFor()
  expect(await page.locator('.checkout-step').innerText()).toBe('Step 4 of 5: Questions')
  await expectNoSeriousA11yViolations(page, 'step 4: questions')
  await page.fill('#intake-q0', 'Finding focus after a career change.')
  await moreAnswers()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
}
