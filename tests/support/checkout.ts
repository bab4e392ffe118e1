import type { Payload } from 'payload'
import { expect } from 'vitest'

import type { Purchase } from '@/payload-types'
import { mailsAsSent } from './outbox'

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
