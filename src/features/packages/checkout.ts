import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'
import { z } from 'zod'

import {
  agreementHash,
  checkIntake,
  CODE_MINUTES,
  CODE_TRIES,
  formatCents,
  instalmentAmounts,
  instalmentSchedule,
  instalmentPlanText,
  type IntakeFault,
  newCheckoutCode,
  tidyCode,
  transferReference,
} from '@/domain/packages'
import { hashToken } from '@/domain/tokens'
import { composeMail } from '@/features/mail-texts/compose'
import type { Purchase } from '@/payload-types'
import { FormRefusal, type FormDefinition } from '@/platform/forms/pipeline'
import { personEmailField, personNameField } from '@/platform/forms/rules'
import { composedFromSite } from '@/platform/mail/envelope'
import { enqueueMail } from '@/platform/mail/outbox'
import { mailSettings, type MailSettings } from '@/platform/mail/settings'
import { stripeEnabled } from '@/platform/stripe'
import { inTransaction } from '@/platform/transaction'
import { currentAgreement, packageOnSale } from './catalogue'
import { CHECKOUT_TEXTS, type CheckoutProblem } from './texts'
import { paymentLines } from './payment-lines'
import { checkoutPath, clientKeyOf, verifiedCheckoutToken } from './tokens'

/*
 * The checkout of a package (decision 055), in at most five steps, each a plain POST: the buyer's e-mail
 * (a code is mailed), the code, the agreement (typed name and tick), the intake answers, and the payment.
 * Each step moves the purchase's `status` one place on; a step posted out of order changes nothing.
 *
 * Payment methods: by card through Stripe Checkout when the coach has set Stripe's keys (./stripe.ts, decision
 * 066), else by bank transfer. Whatever confirms a payment ends in `settlePurchase` (./paid.ts) with the fact's
 * own key (the bank transfer's "mark paid": `bank-transfer:<purchase id>`; Stripe: the Checkout Session's id).
 */

const MINUTE = 60 * 1000

export const buySchema = z.object({
  email: personEmailField(),
  package: z.coerce.number().int().positive(),
})
export type BuyField = 'email'

/** The purchase a checkout token names (null for a forged one, or one whose purchase is gone). */
export async function purchaseByToken(payload: Payload, token: string, req?: Partial<PayloadRequest>) {
  const key = verifiedCheckoutToken(token)
  if (!key) return null
  const found = await payload
    .findByID({
      collection: 'purchases',
      id: key.id,
      depth: 0,
      overrideAccess: true,
      // The code's hash and tries are hidden from every reader but the checkout.
      showHiddenFields: true,
      disableErrors: true,
      ...(req ? { req } : {}),
    })
    .catch(() => null)
  return found && new Date(found.createdAt).getTime() === key.createdAtMs ? found : null
}

const codeMail = (s: MailSettings, to: string, code: string, title: string) =>
  composedFromSite(s, to, composeMail(s, 'packageCode', { package: title, code }))

/** Step 1: the buyer's e-mail. A purchase is started and a six-digit code mailed to the address. */
export const buyForm: FormDefinition<typeof buySchema, BuyField> = {
  name: 'package-checkout',
  schema: buySchema,
  fields: ['email'],
  answers: { ok: CHECKOUT_TEXTS.codeSent, invalid: CHECKOUT_TEXTS.invalid },
  accept: async (payload, input, { req, now }) => {
    const sale = await packageOnSale(payload, input.package, req)
    if (!sale) throw new FormRefusal(CHECKOUT_TEXTS.notOnSale)
    const code = newCheckoutCode()
    const purchase = await payload.create({
      collection: 'purchases',
      data: {
        reference: transferReference(),
        status: 'code-sent',
        email: input.email,
        package: sale.id,
        packageTitle: sale.title,
        amount: sale.amount,
        sessions: sale.sessions,
        sessionMinutes: sale.sessionMinutes,
        validityDays: sale.validityDays,
        instalments: sale.instalments,
        codeHash: hashToken(code),
        codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * MINUTE).toISOString(),
        codeTries: 0,
        clientKey: clientKeyOf(input.email),
        createdAt: now.toISOString(),
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
    const settings = await mailSettings(payload, req)
    await enqueueMail(
      payload,
      {
        kind: 'checkout-code',
        mail: codeMail(settings, purchase.email, code, sale.title),
        now,
        reference: `purchases:${purchase.id}`,
      },
      req,
    )
    return { redirectTo: checkoutPath(purchase) }
  },
}

/** A step done, refused for a reason, or the intake refused: the questions refused, by index, each with why. */
type StepOutcome = 'done' | CheckoutProblem | { problem: 'intake'; fields: { index: number; fault: IntakeFault }[] }

const update = (payload: Payload, id: number, data: Partial<Purchase>, req: PayloadRequest) =>
  payload.update({ collection: 'purchases', id, data, depth: 0, overrideAccess: true, req })

/**
 * Takes one of the code's tries for purchase `id`, in one statement the database runs one at a time: the
 * number of this try (1 to CODE_TRIES), or null when none is left or the code is no longer awaited. Taken
 * before the code is compared, so guesses sent at the same instant each spend a try of their own (read
 * first and written after, they could all have counted as the first).
 */
async function takeCodeTry(payload: Payload, id: number): Promise<number | null> {
  const db = payload.db as unknown as {
    name: string
    drizzle: {
      execute?: (q: unknown) => Promise<{ rows: { code_tries: unknown }[] }>
      all?: (q: unknown) => Promise<{ code_tries: unknown }[]>
    }
  }
  const update = sql`UPDATE purchases SET code_tries = COALESCE(code_tries, 0) + 1
    WHERE id = ${id} AND status = 'code-sent' AND COALESCE(code_tries, 0) < ${CODE_TRIES}
    RETURNING code_tries`
  const rows = db.name === 'postgres' ? (await db.drizzle.execute!(update)).rows : await db.drizzle.all!(update)
  return rows.length ? Number(rows[0]!.code_tries) : null
}

/** Step 2: the mailed code. Five wrong tries, or 30 minutes, and the purchase needs a new start. */
export async function confirmCode(
  payload: Payload,
  purchase: Purchase,
  typed: string,
  now = new Date(),
): Promise<StepOutcome> {
  if (purchase.status !== 'code-sent') return 'done'
  const expired = !purchase.codeExpiresAt || new Date(purchase.codeExpiresAt).getTime() <= now.getTime()
  if (expired || !purchase.codeHash) return 'code-expired'
  const taken = await takeCodeTry(payload, purchase.id)
  if (taken === null) return 'code-expired'
  if (hashToken(tidyCode(typed)) !== purchase.codeHash) return taken >= CODE_TRIES ? 'code-expired' : 'code-wrong'
  await payload.update({
    collection: 'purchases',
    id: purchase.id,
    data: { status: 'verified', codeHash: null, codeExpiresAt: null },
    depth: 0,
    overrideAccess: true,
  })
  return 'done'
}

const typedName = personNameField()

const agreementCopyMail = (
  s: MailSettings,
  p: Purchase,
  version: { title: string; text: string; number: number; hash: string },
) =>
  composedFromSite(
    s,
    p.email,
    composeMail(s, 'packageAgreementCopy', {
      package: p.packageTitle,
      name: p.agreedName ?? '',
      email: p.agreedEmail ?? p.email,
      agreement: version.title,
      agreedAt: new Date(p.agreedAt!).toUTCString(),
      agreementVersion: `Version ${version.number}, SHA-256 ${version.hash}.`,
      agreementText: version.text,
    }),
  )

/**
 * What the buyer is asked to pay and how, once the agreement (and the questions, if any) are done: by card
 * through Stripe Checkout when the coach has set Stripe's keys (the page then sends them to Stripe; nothing is
 * mailed until the payment arrives), else by bank transfer, whose details are shown and mailed.
 */
async function awaitPayment(payload: Payload, p: Purchase, now: Date, req: PayloadRequest) {
  if (stripeEnabled()) return update(payload, p.id, { status: 'awaiting-payment', paymentMethod: 'stripe' }, req)
  const updated = await update(payload, p.id, { status: 'awaiting-payment', paymentMethod: 'bank-transfer' }, req)
  const details = await payload.findGlobal({ slug: 'payment-details', depth: 0, overrideAccess: true, req })
  const settings = await mailSettings(payload, req)
  await enqueueMail(
    payload,
    {
      kind: 'payment-details',
      now,
      reference: `purchases:${p.id}`,
      idempotencyKey: `payment-details:${p.id}`,
      mail: composedFromSite(
        settings,
        p.email,
        p.instalments
          ? composeMail(settings, 'packageInstalmentDetails', {
              package: p.packageTitle,
              plan: instalmentPlanText(p.amount, p.instalments),
              firstAmount: formatCents(instalmentAmounts(p.amount, p.instalments)[0]!),
              reference: p.reference ?? '',
              paymentDetails: paymentLines(details, p.reference ?? '').join('\n'),
              schedule: instalmentSchedule(p.amount, p.instalments).join('\n'),
            })
          : composeMail(settings, 'packagePaymentDetails', {
              package: p.packageTitle,
              amount: formatCents(p.amount),
              reference: p.reference ?? '',
              paymentDetails: paymentLines(details, p.reference ?? '').join('\n'),
            }),
      ),
    },
    req,
  )
  return updated
}

export { paymentLines, paymentRows } from './payment-lines'

/** Step 3: the agreement, accepted by a typed name and a tick, for the exact version shown (`versionId`). */
export async function acceptAgreement(
  payload: Payload,
  purchase: Purchase,
  posted: { name: unknown; accept: unknown; version: unknown },
  now = new Date(),
): Promise<StepOutcome> {
  if (purchase.status !== 'verified') return 'done'
  const name = typedName.safeParse(typeof posted.name === 'string' ? posted.name : '')
  if (!name.success) return 'name'
  if (posted.accept !== 'yes') return 'tick'
  const sale = await packageOnSale(payload, Number(purchase.package))
  if (!sale) return 'not-on-sale'
  const version = await currentAgreement(payload, sale.agreementId)
  if (!version || String(version.id) !== String(posted.version) || agreementHash(version.text) !== version.hash) {
    return 'agreement-changed'
  }
  await inTransaction(payload, async (req) => {
    const agreed = await update(
      payload,
      purchase.id,
      {
        status: 'agreed',
        agreementVersion: version.id,
        agreementHash: version.hash,
        agreedName: name.data,
        agreedAt: now.toISOString(),
        agreedEmail: purchase.email,
      },
      req,
    )
    const settings = await mailSettings(payload, req)
    await enqueueMail(
      payload,
      {
        kind: 'agreement-copy',
        now,
        reference: `purchases:${purchase.id}`,
        idempotencyKey: `agreement-copy:${purchase.id}`,
        mail: agreementCopyMail(settings, agreed, version),
      },
      req,
    )
    if (sale.questions.length === 0) await awaitPayment(payload, agreed, now, req)
  })
  return 'done'
}

/** Step 4: the intake answers (answers `q0`, `q1`, … by question). */
export async function answerIntake(
  payload: Payload,
  purchase: Purchase,
  posted: Record<string, unknown>,
  now = new Date(),
): Promise<StepOutcome> {
  if (purchase.status !== 'agreed') return 'done'
  const sale = await packageOnSale(payload, Number(purchase.package))
  if (!sale) return 'not-on-sale'
  const { answers, faults } = checkIntake(sale.questions, posted)
  const wrong = Object.entries(faults).map(([k, fault]) => ({ index: Number(k.slice(1)), fault }))
  if (wrong.length) return { problem: 'intake', fields: wrong }
  await inTransaction(payload, async (req) => {
    const answered = await update(payload, purchase.id, { intakeAnswers: answers.map((a) => ({ ...a })) }, req)
    await awaitPayment(payload, answered, now, req)
  })
  return 'done'
}
