'use server'

import { redirect } from 'next/navigation'
import { after } from 'next/server'
import type { Payload } from 'payload'

import { formFields } from '@/platform/forms/action'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import {
  bookSession,
  cancelSession,
  clientByToken,
  moveSession,
  SESSION_DONE_CODES,
  type Client,
  type SessionOutcome,
} from './sessions'

/*
 * The client page's session forms: plain POSTs (no JavaScript needed), each answered with a redirect back to
 * the page, which says what was done (`?done=`) or why not (`?problem=`): fixed codes, never the text itself.
 */

const text = (fields: Record<string, unknown>, name: string) => {
  const v = fields[name]
  return typeof v === 'string' ? v : ''
}

function back(token: string, outcome: SessionOutcome): never {
  const path = `/client/${encodeURIComponent(token)}`
  if ((SESSION_DONE_CODES as readonly string[]).includes(outcome)) redirect(`${path}?done=${outcome}#sessions-notice`)
  redirect(`${path}?problem=${outcome}#sessions-notice`)
}

type Change = (fields: Record<string, unknown>, payload: Payload, client: Client) => Promise<SessionOutcome>

/** The client from the form's token (none: back to their page, which says the link is not valid), then the change. */
async function run(formData: FormData, change: Change): Promise<never> {
  const fields = formFields(formData)
  const token = text(fields, 'token')
  const payload = await payloadClient()
  const client = await clientByToken(payload, token)
  // A link that names no client: its page says so.
  if (!client) redirect(`/client/${encodeURIComponent(token)}`)
  const outcome = await change(fields, payload, client)
  // The change queued its mails: sent right after the answer.
  after(() => kickOutbox(payload))
  back(token, outcome)
}

export async function bookSessionAction(_prev: null, formData: FormData): Promise<null> {
  return run(formData, (fields, payload, client) =>
    bookSession(payload, client, new Date(text(fields, 'slot')), new Date(), { phone: text(fields, 'phone') }),
  )
}

export async function cancelSessionAction(_prev: null, formData: FormData): Promise<null> {
  return run(formData, (fields, payload, client) => cancelSession(payload, client, Number(text(fields, 'session'))))
}

export async function moveSessionAction(_prev: null, formData: FormData): Promise<null> {
  return run(formData, (fields, payload, client) =>
    moveSession(payload, client, Number(text(fields, 'session')), new Date(text(fields, 'slot'))),
  )
}
