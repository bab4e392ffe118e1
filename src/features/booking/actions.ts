'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { formFields } from '@/platform/forms/action'
import { clientFromHeaders } from '@/platform/forms/client'
import { submitForm } from '@/platform/forms/pipeline'
import { TOO_FAST } from '@/platform/forms/rules'
import type { FormResult } from '@/platform/forms/results'
import { payloadClient } from '@/platform/payload'
import { bookedAnswerFloor, bookingForm } from './book'
import { postCallChange } from './manage-posts'
import { SLOT_TAKEN, type BookingField, type BookingProblem } from './rules'

/** The code for /scheduling?problem= that says why a booking was refused. */
function problemOf(result: FormResult<BookingField>): BookingProblem {
  if (result.status === 'conflict') {
    return result.message === SLOT_TAKEN ? 'taken' : 'gone'
  }
  if (result.status === 'invalid') return result.message === TOO_FAST ? 'too-fast' : 'invalid'
  return result.status === 'rate-limited' ? 'rate-limited' : 'unavailable'
}

/**
 * The booking form's post without JavaScript (with it, the form calls POST /api/discovery-calls and shows
 * the answer in place). /scheduling is rendered whole per request, and Next does not hand an action's result
 * back to such a page, so both outcomes are a redirect back to it: saying the details were mailed, or the
 * reason with the times. Never to the call's own page: an address that already has a call must land where a
 * booking does, and the call's link goes only to the address. (The browser checks the fields itself first:
 * without JavaScript the form keeps HTML validation.)
 */
export async function bookAction(
  _prev: FormResult<BookingField> | null,
  formData: FormData,
): Promise<FormResult<BookingField>> {
  const started = performance.now()
  const result = await submitForm(bookingForm, formFields(formData), clientFromHeaders(await headers()))
  if (result.status === 'ok') {
    await bookedAnswerFloor(started)
    redirect('/scheduling?sent=1#book-sent')
  }
  redirect(`/scheduling?problem=${problemOf(result)}#book-heading`)
}

/** The manage page's "Cancel this call" button (./manage-posts.ts, once per post). */
export async function cancelCallAction(_prev: null, formData: FormData): Promise<null> {
  const payload = await payloadClient()
  redirect(await postCallChange(payload, 'cancel', formFields(formData), clientFromHeaders(await headers())))
}

/** The manage page's "Move to this time" button (./manage-posts.ts, once per post). */
export async function rescheduleCallAction(_prev: null, formData: FormData): Promise<null> {
  const payload = await payloadClient()
  redirect(await postCallChange(payload, 'move', formFields(formData), clientFromHeaders(await headers())))
}
