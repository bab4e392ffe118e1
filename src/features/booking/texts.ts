import { FIELDS_INVALID, PERSON_LABELS, tooLongText, type FieldMessages } from '@/platform/forms/fields'

/** The booking form's texts the browser needs too (the other answers are in ./rules.ts, on the server). */
export const BOOKING_INVALID = FIELDS_INVALID
export const SLOT_MESSAGE = 'Please pick a time.'
/** How the error summary names each field ("Time: Please pick a time."). */
export const BOOKING_LABELS = {
  slot: 'Time',
  ...PERSON_LABELS,
  phone: 'Phone number',
  note: 'Note',
} as const
export const NOTE_MAX = 1000
export const NOTE_MESSAGES = {
  tooLong: tooLongText('Your note', NOTE_MAX),
  invalid: 'Your note must be text.',
} as const satisfies FieldMessages
/** The note as the browser is told of it (as PersonFields does for name and e-mail). */
export const NOTE_INPUT = { maxLength: NOTE_MAX, messages: NOTE_MESSAGES } as const
