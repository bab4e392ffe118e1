import { after } from 'next/server'

import { payloadClient } from '@/content/payload'
import { kickOutbox } from '@/mail/worker'
import type { FormClient } from './client'
import { submitContact } from './contact'
import { keptValues, type FormResult } from './results'
import { subscribe } from './subscribe'

export type FormName = 'contact' | 'subscribe'

const UNAVAILABLE =
  'Sorry, this could not be sent right now. Nothing was lost on your side: please try again in a few minutes.'

/**
 * The one path every form post takes, from the page (server action) or the HTTP API: the form's own rules,
 * then, once the post is stored with its mail, the outbox is asked to deliver right after the response.
 * A database failure becomes a clear "try again" answer, with what was typed kept.
 */
export async function handleForm(
  form: FormName,
  raw: Record<string, unknown>,
  client: FormClient,
): Promise<FormResult> {
  try {
    const payload = await payloadClient()
    const result =
      form === 'contact'
        ? await submitContact(payload, raw, client)
        : await subscribe(payload, raw, raw.source === 'workshops' ? 'workshops' : 'footer', client)
    if (result.status === 'ok') after(() => kickOutbox(payload))
    return result
  } catch (error) {
    console.error(`The ${form} form could not be handled:`, error instanceof Error ? error.message : error)
    return {
      status: 'unavailable',
      message: UNAVAILABLE,
      values: keptValues(raw, ['name', 'email', 'inquiryType', 'message']),
    }
  }
}
