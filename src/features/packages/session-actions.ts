'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { after } from 'next/server'

import { formFields } from '@/platform/forms/action'
import { clientFromHeaders } from '@/platform/forms/client'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import { postSessionChange, type SessionChange } from './posts'

/*
 * The client page's session forms: plain POSTs (no JavaScript needed), each answered with a redirect back to
 * the page, which says what was done (`?done=`) or why not (`?problem=`): fixed codes, never the text itself.
 * What a post does, once per post and within the limit, is ./posts.ts.
 */

async function run(change: SessionChange, formData: FormData): Promise<never> {
  const payload = await payloadClient()
  const page = await postSessionChange(payload, change, formFields(formData), clientFromHeaders(await headers()))
  // The change queued its mails: sent right after the answer.
  after(() => kickOutbox(payload))
  redirect(page)
}

export async function bookSessionAction(_prev: null, formData: FormData): Promise<null> {
  return run('book', formData)
}

export async function cancelSessionAction(_prev: null, formData: FormData): Promise<null> {
  return run('cancel', formData)
}

export async function moveSessionAction(_prev: null, formData: FormData): Promise<null> {
  return run('move', formData)
}
