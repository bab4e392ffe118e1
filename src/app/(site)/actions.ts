'use server'

import { headers } from 'next/headers'

import { clientFromHeaders } from '@/forms/client'
import type { ContactField } from '@/forms/contact'
import { handleForm } from '@/forms/handle'
import type { FormResult } from '@/forms/results'

/*
 * The forms' server actions: what a form posts when JavaScript is off (Next answers the plain POST with the
 * page and the result). With JavaScript the forms call the HTTP API (src/app/api/contact, /subscribe),
 * which goes through the same handleForm.
 */

export async function contactAction(
  _prev: FormResult<ContactField> | null,
  formData: FormData,
): Promise<FormResult<ContactField>> {
  const client = clientFromHeaders(await headers())
  return (await handleForm('contact', Object.fromEntries(formData), client)) as FormResult<ContactField>
}

export async function subscribeAction(
  _prev: FormResult<'email'> | null,
  formData: FormData,
): Promise<FormResult<'email'>> {
  const client = clientFromHeaders(await headers())
  return (await handleForm('subscribe', Object.fromEntries(formData), client)) as FormResult<'email'>
}
