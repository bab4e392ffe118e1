import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { clientFromHeaders } from './client'
import type { FormDefinition, FormSchema } from './pipeline'
import { submitForm } from './pipeline'
import type { FormResult } from './results'

/**
 * The server action of a form: what it posts when JavaScript is off (Next answers the plain POST with the
 * page and the result). With JavaScript the form calls its HTTP endpoint, which takes the same path.
 * Each feature exports it from its own 'use server' file.
 */
export async function formAction<Schema extends FormSchema, Field extends string>(
  form: FormDefinition<Schema, Field>,
  formData: FormData,
): Promise<FormResult<Field>> {
  const result = await submitForm(form, formFields(formData), clientFromHeaders(await headers()))
  // Without JavaScript the browser follows the redirect (303) to the page the form leads to.
  if (result.status === 'ok' && result.redirectTo) redirect(result.redirectTo)
  return result
}

/**
 * The fields of a form an action was sent. Anyone can call a server action with any arguments, not only the
 * page's form: anything but a form counts as an empty one.
 */
export const formFields = (formData: unknown): Record<string, unknown> =>
  formData instanceof FormData ? Object.fromEntries(formData) : {}
