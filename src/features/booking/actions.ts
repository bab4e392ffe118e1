'use server'

import { redirect } from 'next/navigation'

import { formAction } from '@/platform/forms/action'
import type { FormResult } from '@/platform/forms/results'
import { payloadClient } from '@/platform/payload'
import { cancelCall, rescheduleCall, type ChangeOutcome } from './book'
import { callByToken } from './calls'
import { bookingForm } from './book'
import type { BookingField } from './rules'

/** The booking form's post without JavaScript (with it, the form calls POST /api/discovery-calls). */
export async function bookAction(_prev: FormResult<BookingField> | null, formData: FormData) {
  return formAction(bookingForm, formData)
}

const text = (formData: FormData, name: string) => {
  const v = formData.get(name)
  return typeof v === 'string' ? v : ''
}

/** Back to the manage page, saying what happened (the page reads `?done=` / `?problem=`). */
function backToCall(token: string, outcome: ChangeOutcome, done: 'cancelled' | 'moved'): never {
  const query = outcome === 'done' ? `done=${done}` : `problem=${outcome}`
  redirect(`/scheduling/manage/${encodeURIComponent(token)}?${query}`)
}

/** The manage page's "Cancel this call" button. */
export async function cancelCallAction(formData: FormData): Promise<void> {
  const token = text(formData, 'token')
  const payload = await payloadClient()
  const call = await callByToken(payload, token)
  if (!call) redirect('/scheduling')
  backToCall(token, await cancelCall(payload, call, 'visitor'), 'cancelled')
}

/** The manage page's "Move to this time" button. */
export async function rescheduleCallAction(formData: FormData): Promise<void> {
  const token = text(formData, 'token')
  const payload = await payloadClient()
  const call = await callByToken(payload, token)
  if (!call) redirect('/scheduling')
  const slot = new Date(text(formData, 'slot'))
  if (Number.isNaN(slot.getTime())) redirect(`/scheduling/manage/${encodeURIComponent(token)}?problem=no-slot`)
  backToCall(token, await rescheduleCall(payload, call, slot), 'moved')
}
