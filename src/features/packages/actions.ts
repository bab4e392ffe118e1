'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { after } from 'next/server'

import { formAction, formFields } from '@/platform/forms/action'
import { clientFromHeaders } from '@/platform/forms/client'
import type { FormResult } from '@/platform/forms/results'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import { buyForm, type BuyField } from './checkout'
import { postCheckoutStep, type CheckoutStep } from './posts'

/** Step 1 without JavaScript: the form pipeline (spam guards, rate limit, validation), then to the checkout. */
export async function buyAction(_prev: FormResult<BuyField> | null, formData: FormData): Promise<FormResult<BuyField>> {
  return formAction(buyForm, formData)
}

/** One checkout step's post (./posts.ts, once per post), then to the page it answers. */
async function step(which: CheckoutStep, formData: FormData): Promise<never> {
  const payload = await payloadClient()
  const page = await postCheckoutStep(payload, which, formFields(formData), clientFromHeaders(await headers()))
  // A step may queue a mail (the agreement's copy, the payment details): sent right after the answer.
  after(() => kickOutbox(payload))
  redirect(page)
}

export async function codeAction(_prev: null, formData: FormData): Promise<null> {
  return step('code', formData)
}

export async function agreementAction(_prev: null, formData: FormData): Promise<null> {
  return step('agreement', formData)
}

export async function intakeAction(_prev: null, formData: FormData): Promise<null> {
  return step('intake', formData)
}
