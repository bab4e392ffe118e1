'use server'

import { formAction } from '@/platform/forms/action'
import type { FormResult } from '@/platform/forms/results'
import { clientLinkForm } from './client-link'

/** "Mail me my link" without JavaScript (with it, the form calls POST /api/client-link). */
export async function clientLinkAction(_prev: FormResult<'email'> | null, formData: FormData) {
  return formAction(clientLinkForm, formData)
}
