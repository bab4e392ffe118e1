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
import { postRegistrationChange, type RegistrationChange } from './manage-posts'
import { registrationAnswerPath } from './answers'

/**
 * The registration form's post (the same with JavaScript on and off: the page has no client runtime). The
 * page is rendered per request and Next does not hand an action's result back to it, so every outcome is a
 * redirect back to the page with a fixed code (`?done=` or `?problem=`), never the text itself.
 */
export async function registerAction(
  _prev: FormResult<RegistrationField> | null,
  formData: FormData,
): Promise<FormResult<RegistrationField>> {
  const posted = formFields(formData)
  const result = await submitForm(registrationForm, posted, clientFromHeaders(await headers()))
  redirect(registrationAnswerPath(posted, result))
}

/** The manage page's "Cancel my registration". */
export async function cancelRegistrationAction(_prev: null, formData: FormData): Promise<null> {
  return followChange('cancel', formData)
}

/** The manage page's "Take the seat", reached from the offer's mail. */
export async function confirmSeatAction(_prev: null, formData: FormData): Promise<null> {
  return followChange('take-seat', formData)
}

/** The confirmation page's "Confirm my registration", reached from the mail the registration form sent. */
export async function confirmRegistrationAction(_prev: null, formData: FormData): Promise<null> {
  return followChange('confirm', formData)
}

/** Each post once (./manage-posts.ts); what it mails (the next person waiting's offer too) goes out right after. */
async function followChange(what: RegistrationChange, formData: FormData): Promise<never> {
  const payload = await payloadClient()
  const path = await postRegistrationChange(payload, what, formFields(formData), clientFromHeaders(await headers()))
  after(() => kickOutbox(payload))
  redirect(path)
}
