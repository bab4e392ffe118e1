'use client'

import type { ReactNode } from 'react'

import { enhancedForm } from '@/components/forms/enhance'
import { ErrorSummary, summaryFields } from '@/components/forms/ErrorSummary'
import { answeredFields, FormField } from '@/components/forms/FormField'
import { FormNotice } from '@/components/forms/FormNotice'
import { Honeypot } from '@/components/forms/Honeypot'
import { PersonFields } from '@/components/forms/PersonFields'
import { useFormPost } from '@/components/forms/useFormPost'
import { bookAction } from './actions'
import { PhoneField } from './PhoneField'
import type { BookingField } from './rules'
import { SlotPicker } from './SlotPicker'
import { BOOKING_INVALID, BOOKING_LABELS, NOTE_INPUT, SLOT_MESSAGE } from './texts'

const FORM_ID = 'book-call'
const SUMMARY = summaryFields<BookingField>(BOOKING_LABELS, 'book', { slot: '#book-slots' })

/** Pick a time, say who you are, book: the whole booking on one page, with or without JavaScript. */
export function BookingForm({
  slots,
  coachTimeZone,
  more,
  meeting,
  askPhone = false,
}: {
  slots: string[]
  coachTimeZone: string
  /** Links to earlier or later days, under the times. */
  more?: ReactNode
  /** How the two will talk (Availability → Where we meet), said under "Your details"; none when not set. */
  meeting?: string | null
  /** The coach calls the visitor: the form asks for their phone number. */
  askPhone?: boolean
}) {
  const { formAction, errors, values, problem } = useFormPost(bookAction, FORM_ID)
  const field = answeredFields('book', { errors, values })

  return (
    <form
      id={FORM_ID}
      className="booking-form"
      action={formAction}
      aria-labelledby="book-heading"
      {...enhancedForm('booking', {
        endpoint: '/api/discovery-calls',
        invalid: BOOKING_INVALID,
        sending: 'Booking...',
      })}
    >
      <ErrorSummary
        message={problem?.message ?? null}
        fields={askPhone ? SUMMARY : SUMMARY.filter((f) => f.name !== 'phone')}
        errors={errors}
        headingLevel={2}
      />
      <h2 id="book-heading">Choose a time</h2>
      {/* Fetched again from the page after a booking and after a refused time: fresh times. */}
      <div id="book-slots" data-refresh="">
        <SlotPicker
          slots={slots}
          coachTimeZone={coachTimeZone}
          idPrefix="book"
          error={errors.slot}
          messages={{ missing: SLOT_MESSAGE }}
          selected={values.slot}
        />
      </div>
      {more}
      <h2>Your details</h2>
      {meeting && <p id="book-meeting">{meeting}</p>}
      <Honeypot />
      <PersonFields idPrefix="book" errors={errors} values={values} />
      {askPhone && <PhoneField id="book-phone" error={errors.phone} value={values.phone} />}
      <FormField {...field('note')} {...NOTE_INPUT} label="Note (optional)" multiline rows={3} />
      <button type="submit" className="button button--primary button--large">
        Book this time
      </button>
      {/* Only the answer in place: without JavaScript a booking goes to /scheduling?sent=1 (BookingPage). */}
      <FormNotice state={null} />
    </form>
  )
}
