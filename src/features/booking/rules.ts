import { z } from 'zod'

import type { DiscoveryCall } from '@/payload-types'

import { RESCHEDULE_NOTICE_HOURS } from '@/domain/business'
import { personEmailField, personNameField, RATE_LIMITED, TOO_FAST, UNAVAILABLE } from '@/platform/forms/rules'
import { NOTE_MAX, NOTE_MESSAGES, SLOT_MESSAGE } from './texts'

/** The booking form's rules and answers, on the server (the browser checks the same limits itself). */
export const SLOT_TAKEN = 'That time was just taken. Please pick another.'
export const SLOT_GONE = 'That time is no longer available. Please pick another.'
/**
 * The answer to an accepted booking, and word for word the answer to one with an address that already has a
 * call ahead (that address is mailed the call it has instead): so the form never tells anyone whether a given
 * person has a call. It therefore names no time; the mail does.
 */
export const BOOKED =
  'Thank you! Please check your inbox: we have sent the details of your discovery call, with the link to change or cancel it, to the e-mail address you gave.'

/**
 * Without JavaScript a refused booking comes back to /scheduling?problem=<code>: a fixed code in the
 * address, never the text itself (nobody can make the page say something else by crafting a link).
 */
export const BOOKING_PROBLEMS = {
  taken: SLOT_TAKEN,
  gone: SLOT_GONE,
  invalid: 'Please check your name, e-mail address and chosen time, and book again.',
  'rate-limited': RATE_LIMITED,
  'too-fast': TOO_FAST,
  unavailable: UNAVAILABLE,
} as const
export type BookingProblem = keyof typeof BOOKING_PROBLEMS

/** Visitors may move or cancel until this long before the call; after that, only the coach can. */
export const CHANGE_CUTOFF_MS = RESCHEDULE_NOTICE_HOURS * 60 * 60 * 1000

/** Whether the visitor may still move or cancel the call themselves (until 24 hours before it, as an instant). */
export const visitorMayChange = (call: Pick<DiscoveryCall, 'startsAt' | 'status'>, now: Date): boolean =>
  call.status === 'booked' && new Date(call.startsAt).getTime() - now.getTime() >= CHANGE_CUTOFF_MS

const validZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const slotField = z
  .string({ error: SLOT_MESSAGE })
  .trim()
  .min(1, SLOT_MESSAGE)
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/.test(s), SLOT_MESSAGE)
  .transform((s) => new Date(s))

export const bookingSchema = z.object({
  slot: slotField,
  name: personNameField(),
  email: personEmailField(),
  // Asked for only when the coach calls the visitor (Where we meet: phone); checked then in `accept`.
  phone: z.string().optional(),
  note: z.string({ error: NOTE_MESSAGES.invalid }).trim().max(NOTE_MAX, NOTE_MESSAGES.tooLong).optional().default(''),
  // The visitor's time zone as the browser reports it (absent without JavaScript): used for the mails.
  timeZone: z
    .string()
    .trim()
    .optional()
    .transform((s) => (s && validZone(s) ? s : undefined)),
})

export type BookingInput = z.output<typeof bookingSchema>
export const BOOKING_FIELDS = ['slot', 'name', 'email', 'phone', 'note', 'timeZone'] as const
export type BookingField = (typeof BOOKING_FIELDS)[number]
