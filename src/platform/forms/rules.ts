import { z } from 'zod'

// Zod compiles object checks with `new Function` unless told not to, and first probes whether it may; the
// site's Content-Security-Policy allows no eval (the probe shows up as a policy violation in the browser).
z.config({ jitless: true })

/**
 * What every form shares, in the browser and on the server: the spam defences' fields and limits, the
 * answers they give, and the way field errors are reported. Each form's own schema and texts live with its
 * feature (src/features/<feature>/rules.ts).
 */

export const RATE_LIMITED = 'Too many messages from you in a short time. Please wait a few minutes and try again.'
export const TOO_FAST = 'That was very quick. Please check your entries and send the form again.'
export const UNAVAILABLE =
  'Sorry, this could not be sent right now. Nothing was lost on your side: please try again in a few minutes.'

/** Spam defences: a field people never see, and a minimum time between showing a form and sending it. */
export const HONEYPOT_FIELD = 'website'
export const STARTED_AT_FIELD = 'startedAt'
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
    .max(254, messages.tooLong)
    .refine(noLineBreaks, messages.invalid)
    .pipe(z.email(messages.invalid))

/** A person's name, as the contact and booking forms ask for it: one line, no markup, at most 100 characters. */
export const personNameField = () =>
  z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Your name can be at most 100 characters.')
    .refine(noLineBreaks, 'Your name cannot contain line breaks.')
    // A name never needs angle brackets; refusing them keeps markup out of mail subjects and the admin.
    .refine((s) => !/[<>]/.test(s), 'Your name cannot contain < or >.')

/** A person's e-mail address, as the contact and booking forms ask for it, each fault with its own text. */
export const personEmailField = () =>
  emailField({
    missing: 'Please enter your email address.',
    tooLong: 'Your email address can be at most 254 characters.',
    invalid: 'Please enter a valid email address.',
  })

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
