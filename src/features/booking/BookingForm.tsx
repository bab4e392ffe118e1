'use client'

import type { ReactNode } from 'react'

import { ErrorSummary } from '@/components/forms/ErrorSummary'
import { FormField } from '@/components/forms/FormField'
import { Honeypot } from '@/components/forms/Honeypot'
import { PersonFields } from '@/components/forms/PersonFields'
import { useFormPost } from '@/components/forms/useFormPost'
import { bookAction } from './actions'
import type { BookingField } from './rules'
import { SlotPicker } from './SlotPicker'
import { BOOKING_LABELS, NOTE_MAX } from './texts'

const FORM_ID = 'book-call'
const LABELS: Partial<Record<BookingField, string>> = BOOKING_LABELS

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
  const { state, formAction } = useFormPost(bookAction, FORM_ID)
  const errors = state?.status === 'invalid' ? state.errors : {}
  const values = state && state.status !== 'ok' ? state.values : {}
  const problem = state && state.status !== 'ok' ? state : null
  const faulty = (Object.keys(LABELS) as BookingField[]).filter((f) => errors[f])

  return (
    <form
      id={FORM_ID}
      className="booking-form"
      action={formAction}
      data-enhance="booking"
      aria-labelledby="book-heading"
    >
      <ErrorSummary
        message={problem?.message ?? null}
        items={faulty.map((f) => ({
          href: f === 'slot' ? '#book-slots' : `#book-${f}`,
          text: `${LABELS[f]}: ${errors[f]}`,
        }))}
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
        maxLength={NOTE_MAX}
        defaultValue={values.note}
      />
      <button type="submit" className="button button--primary button--large">
        Book this time
      </button>
    </form>
  )
}
