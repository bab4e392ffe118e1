'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { after } from 'next/server'

import { formFields } from '@/platform/forms/action'
import { clientFromHeaders } from '@/platform/forms/client'
import { submitForm } from '@/platform/forms/pipeline'
import type { FormResult } from '@/platform/forms/results'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import { registrationForm, type RegistrationField } from './form'
import { confirmRegistration } from './confirm'
import { CONFIRM_PREFIX } from './confirm-token'
import { registrationByToken } from './registration'
import { cancelRegistration, confirmOffer } from './seats'
import { answerCode, problemCode } from './answers'
import { registerPath } from './texts'

const text = (formData: FormData, name: string) => {
  const v = formFields(formData)[name]
  return typeof v === 'string' ? v : ''
}

/**
 * The registration form's post (the same with JavaScript on and off: the page has no client runtime). The
 * page is rendered per request and Next does not hand an action's result back to it, so every outcome is a
 * redirect back to the page with a fixed code (`?done=` or `?problem=`), never the text itself.
 */
export async function registerAction(
  _prev: FormResult<RegistrationField> | null,
  formData: FormData,
): Promise<FormResult<RegistrationField>> {
  const slug = text(formData, 'workshop')
  const path = /^[a-z0-9-]{1,80}$/.test(slug) ? registerPath(slug) : '/workshops'
  const result = await submitForm(registrationForm, formFields(formData), clientFromHeaders(await headers()))
  if (result.status === 'ok') redirect(`${path}?done=${answerCode(result.message)}#register-heading`)
  redirect(`${path}?problem=${problemCode(result)}#register-heading`)
}

/** The manage page's "Cancel my registration". */
export async function cancelRegistrationAction(_prev: null, formData: FormData): Promise<null> {
  const token = text(formData, 'token')
  const payload = await payloadClient()
  const r = await registrationByToken(payload, token)
  if (!r) redirect('/workshops')
  const settle = text(formData, 'settle')
  const outcome = await cancelRegistration(
    payload,
    r,
    'attendee',
    new Date(),
    settle === 'refund' || settle === 'credit' ? settle : undefined,
  ).catch((error: unknown) => {
    // A card refund Stripe did not take: nothing changed; the visitor may try again.
    console.error(`Registration ${r.id} could not be cancelled:`, error instanceof Error ? error.message : error)
    return 'unavailable' as const
  })
  // The cancellation, and the offer to the next person waiting, go out right after the answer.
  after(() => kickOutbox(payload))
  const done = outcome === 'cancelled' || outcome === 'refunded' || outcome === 'credited'
  redirect(`/workshops/manage/${encodeURIComponent(token)}?${done ? `done=${outcome}` : `problem=${outcome}`}`)
}

/** The manage page's "Take the seat", reached from the offer's mail. */
export async function confirmSeatAction(_prev: null, formData: FormData): Promise<null> {
  const token = text(formData, 'token')
  const payload = await payloadClient()
  const r = await registrationByToken(payload, token)
  if (!r) redirect('/workshops')
  const outcome = await confirmOffer(payload, r, new Date())
  after(() => kickOutbox(payload))
  redirect(
    `/workshops/manage/${encodeURIComponent(token)}?${outcome === 'registered' || outcome === 'already' ? 'done=confirmed' : `problem=${outcome}`}`,
  )
}

/** The confirmation page's "Confirm my registration", reached from the mail the registration form sent. */
export async function confirmRegistrationAction(_prev: null, formData: FormData): Promise<null> {
  const token = text(formData, 'token')
  const payload = await payloadClient()
  const result = await confirmRegistration(payload, token, new Date())
  after(() => kickOutbox(payload))
  if ('problem' in result) redirect(`${CONFIRM_PREFIX}${encodeURIComponent(token)}?problem=${result.problem}`)
  redirect(`${result.path}${result.done ? `?done=${result.done}` : ''}`)
}
