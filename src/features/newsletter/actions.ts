'use server'

import { formAction } from '@/platform/forms/action'
import type { FormResult } from '@/platform/forms/results'
import { subscribeForm } from './form'

/** The sign-up form's post without JavaScript (with it, the form calls POST /api/subscribe). */
export async function subscribeAction(_prev: FormResult<'email'> | null, formData: FormData) {
  return formAction(subscribeForm, formData)
}
