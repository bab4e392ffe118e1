import { z } from 'zod'

import { EMAIL_MAX, EMAIL_MESSAGES, NAME_MAX, NAME_MESSAGES } from './fields'

// Zod compiles object checks with `new Function` unless told not to, and first probes whether it may; the
// site's Content-Security-Policy allows no eval (the probe shows up as a policy violation in the browser).
z.config({ jitless: true })

/**
 * What every form shares on the server: the spam defences' limits, the answers they give, the rules of the
 * fields every form has, and the way field errors are reported. Each form's own schema lives with its feature
 * (src/features/<feature>/rules.ts), its texts beside it (texts.ts) where the browser needs them too. Only
 * the server loads this module: the browser checks fields with its own constraint validation.
 */

export const RATE_LIMITED = 'Too many messages from you in a short time. Please wait a few minutes and try again.'
export const TOO_FAST = 'That was very quick. Please check your entries and send the form again.'
export const UNAVAILABLE =
  'Sorry, this could not be sent right now. Nothing was lost on your side: please try again in a few minutes.'

/** Spam defences: a minimum time between showing a form and sending it (fields: ./fields.ts). */
export const MIN_FILL_MS = 2000
/** About 5 posts per 10 minutes per client (and per e-mail address), on each form. */
export const RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const

/** Line breaks in a one-line field could smuggle headers into a mail; they are refused. */
export const noLineBreaks = (s: string): boolean => !/[\r\n]/.test(s)

/** An e-mail address field: trimmed, at most 254 characters, one line, a valid address. */
export const emailField = (messages: { missing: string; tooLong: string; invalid: string }) =>
  z
    .string({ error: messages.missing })
    .trim()
    .min(1, messages.missing)
    .max(EMAIL_MAX, messages.tooLong)
    .refine(noLineBreaks, messages.invalid)
    .pipe(z.email(messages.invalid))

/** A person's name, as the contact and booking forms ask for it: one line, no markup, at most 100 characters. */
export const personNameField = () =>
  z
    .string({ error: NAME_MESSAGES.missing })
    .trim()
    .min(1, NAME_MESSAGES.missing)
    .max(NAME_MAX, NAME_MESSAGES.tooLong)
    .refine(noLineBreaks, NAME_MESSAGES.lineBreaks)
    // A name never needs angle brackets; refusing them keeps markup out of mail subjects and the admin.
    .refine((s) => !/[<>]/.test(s), NAME_MESSAGES.invalid)

/** A person's e-mail address, as the contact and booking forms ask for it, each fault with its own text. */
export const personEmailField = () => emailField(EMAIL_MESSAGES)

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** The first message for each faulty field, in a shape a form can show next to its inputs. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: Partial<Record<string, string>> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !out[key]) out[key] = issue.message
  }
  return out as FieldErrors<K>
}
