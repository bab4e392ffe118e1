'use server'

import { formAction } from '@/platform/forms/action'
import type { FormResult } from '@/platform/forms/results'
import { contactForm } from './form'
import type { ContactField } from './rules'

/** The contact form's post without JavaScript (with it, the form calls POST /api/contact). */
export async function contactAction(_prev: FormResult<ContactField> | null, formData: FormData) {
  return formAction(contactForm, formData)
}
