'use server'

import { redirect } from 'next/navigation'
import { after } from 'next/server'

import { formAction, formFields } from '@/platform/forms/action'
import type { FormResult } from '@/platform/forms/results'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import { acceptAgreement, answerIntake, buyForm, confirmCode, purchaseByToken, type BuyField } from './checkout'

/** Step 1 without JavaScript: the form pipeline (spam guards, rate limit, validation), then to the checkout. */
export async function buyAction(_prev: FormResult<BuyField> | null, formData: FormData): Promise<FormResult<BuyField>> {
  return formAction(buyForm, formData)
}

const text = (fields: Record<string, unknown>, name: string) => {
  const v = fields[name]
  return typeof v === 'string' ? v : ''
}

type Outcome = Awaited<ReturnType<typeof confirmCode>>

/** Back to the checkout, saying what went wrong (the page reads `?problem=` and `?fields=`). */
function back(token: string, outcome: Outcome): never {
  const path = `/coaching/checkout/${encodeURIComponent(token)}`
  if (outcome === 'done') redirect(`${path}#checkout-heading`)
  if (typeof outcome === 'object')
    redirect(`${path}?problem=intake&fields=${outcome.fields.join('-')}#checkout-heading`)
  redirect(`${path}?problem=${outcome}#checkout-heading`)
}

/** One checkout step's post: the purchase from the token (none: back to the coaching page), then the step. */
async function step(formData: FormData, run: (fields: Record<string, unknown>) => Promise<never>): Promise<null> {
  return run(formFields(formData))
}

async function purchaseOf(fields: Record<string, unknown>) {
  const token = text(fields, 'token')
  const payload = await payloadClient()
  const purchase = await purchaseByToken(payload, token)
  if (!purchase) redirect('/coaching')
  // A step may queue a mail (the agreement's copy, the payment details): sent right after the answer.
  after(() => kickOutbox(payload))
  return { payload, purchase, token }
}

export async function codeAction(_prev: null, formData: FormData): Promise<null> {
  return step(formData, async (fields) => {
    const { payload, purchase, token } = await purchaseOf(fields)
    back(token, await confirmCode(payload, purchase, text(fields, 'code')))
  })
}

export async function agreementAction(_prev: null, formData: FormData): Promise<null> {
  return step(formData, async (fields) => {
    const { payload, purchase, token } = await purchaseOf(fields)
    back(
      token,
      await acceptAgreement(payload, purchase, { name: fields.name, accept: fields.accept, version: fields.version }),
    )
  })
}

export async function intakeAction(_prev: null, formData: FormData): Promise<null> {
  return step(formData, async (fields) => {
    const { payload, purchase, token } = await purchaseOf(fields)
    back(token, await answerIntake(payload, purchase, fields))
  })
}
