'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useSyncExternalStore, type ReactNode } from 'react'

import { ErrorSummary } from '@/components/forms/ErrorSummary'
import { FormField } from '@/components/forms/FormField'
import { Honeypot } from '@/components/forms/Honeypot'
import { PersonFields } from '@/components/forms/PersonFields'
import { useFormPost } from '@/components/forms/useFormPost'
import type { FormResult } from '@/platform/forms/results'
import { fieldErrors } from '@/platform/forms/rules'
import { bookAction } from './actions'
import { BOOKING_INVALID, bookingSchema, type BookingField } from './rules'
import { SlotPicker } from './SlotPicker'

const FORM_ID = 'book-call'
const noSubscription = () => () => {}
const LABELS: Partial<Record<BookingField, string>> = { slot: 'Time', name: 'Name', email: 'Email', note: 'Note' }

function validate(data: Record<string, FormDataEntryValue>): FormResult<BookingField> | null {
  const parsed = bookingSchema.safeParse(data)
  if (parsed.success) return null
  return {
    status: 'invalid',
    message: BOOKING_INVALID,
    errors: fieldErrors<BookingField>(parsed.error),
    values: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  }
}

/** Pick a time, say who you are, book: the whole booking on one page, with or without JavaScript. */
export function BookingForm({
  slots,
  coachTimeZone,
  more,
}: {
  slots: string[]
  coachTimeZone: string
  /** Links to earlier or later days, under the times. */
  more?: ReactNode
}) {
  const { state, formAction, onSubmit, pending, attempt } = useFormPost(
    '/api/discovery-calls',
    bookAction,
    validate,
    FORM_ID,
  )
  // Without JavaScript the browser checks the fields (required, e-mail) before sending; once the page is
  // interactive the form checks them itself with the server's rules and shows the messages in place.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  // A refused time (just taken, or no longer open): the page fetches the times afresh, keeping what was typed.
  const router = useRouter()
  useEffect(() => {
    if (state?.status === 'conflict') router.refresh()
  }, [state, router])
  const errors = state?.status === 'invalid' ? state.errors : {}
  const values = state && state.status !== 'ok' ? state.values : {}
  const problem = state && state.status !== 'ok' ? state : null
  const faulty = (Object.keys(LABELS) as BookingField[]).filter((f) => errors[f])

  return (
    <form
      id={FORM_ID}
      className="booking-form"
      noValidate={hydrated}
      action={formAction}
      onSubmit={onSubmit}
      aria-labelledby="book-heading"
    >
      <ErrorSummary
        message={problem?.message ?? null}
        items={faulty.map((f) => ({
          href: f === 'slot' ? '#book-slots' : `#book-${f}`,
          text: `${LABELS[f]}: ${errors[f]}`,
        }))}
        attempt={attempt}
      />
      <h2 id="book-heading">Choose a time</h2>
      <div id="book-slots">
        <SlotPicker
          slots={slots}
          coachTimeZone={coachTimeZone}
          idPrefix="book"
          error={errors.slot}
          selected={values.slot}
        />
      </div>
      {more}
      <h2>Your details</h2>
      <Honeypot />
      <PersonFields idPrefix="book" errors={errors} values={values} />
      <FormField
        id="book-note"
        label="Note (optional)"
        error={errors.note}
        multiline
        name="note"
        rows={3}
        maxLength={1000}
        defaultValue={values.note}
      />
      <button type="submit" className="button button--primary button--large" disabled={pending}>
        {pending ? 'Booking...' : 'Book this time'}
      </button>
    </form>
  )
}
