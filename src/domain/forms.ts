import { z } from 'zod'

import { CONTACT_REPLY_TIME } from './business'

/** One set of rules for the contact and subscribe forms, applied in the browser and again on the server. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Question' },
  { value: 'media', label: 'Media Inquiry' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const

const noLineBreaks = (s: string) => !/[\r\n]/.test(s)

export const EMAIL_MESSAGE = 'Please enter a valid email address.'

/** The texts the forms show after a post, word for word; tests compare them exactly. */
export const CONTACT_SUCCESS = `Thank you! Your message has been sent. We reply within ${CONTACT_REPLY_TIME}.`
export const SUBSCRIBE_SUCCESS = 'Thanks! Please check your inbox to confirm your subscription.'
export const RATE_LIMITED = 'Too many messages from you in a short time. Please wait a few minutes and try again.'
export const TOO_FAST = 'That was very quick. Please check your entries and send the form again.'

/** Spam defences: a field people never see, and a minimum time between showing a form and sending it. */
export const HONEYPOT_FIELD = 'website'
export const STARTED_AT_FIELD = 'startedAt'
export const MIN_FILL_MS = 2000
/** About 5 posts per 10 minutes per client (and per e-mail address), on each form. */
export const RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Your email address can be at most 254 characters.')
  .refine(noLineBreaks, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE))

export const contactSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Your name can be at most 100 characters.')
    .refine(noLineBreaks, 'Your name cannot contain line breaks.')
    // A name never needs angle brackets; refusing them keeps markup out of mail subjects and the admin.
    .refine((s) => !/[<>]/.test(s), 'Your name cannot contain < or >.'),
  email,
  inquiryType: z
    .enum(['general', 'media', 'partnership', 'other'], { error: 'Please choose one of the inquiry types.' })
    .default('general'),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, 'Please enter a message.')
    .max(5000, 'Your message can be at most 5,000 characters.'),
})

export const subscribeSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .refine(noLineBreaks, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
})

export type ContactInput = z.infer<typeof contactSchema>
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
