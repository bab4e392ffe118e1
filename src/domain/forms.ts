import { z } from 'zod'

/** One set of rules for the contact and subscribe forms, used by the browser now and the server next. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Question' },
  { value: 'media', label: 'Media Inquiry' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const

const noLineBreaks = (s: string) => !/[\r\n]/.test(s)

export const EMAIL_MESSAGE = 'Please enter a valid email address.'

const email = z
  .string()
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Your email address can be at most 254 characters.')
  .refine(noLineBreaks, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE))

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Your name can be at most 100 characters.')
    .refine(noLineBreaks, 'Your name cannot contain line breaks.'),
  email,
  inquiryType: z.enum(['general', 'media', 'partnership', 'other']).default('general'),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message.')
    .max(5000, 'Your message can be at most 5,000 characters.'),
})

export const subscribeSchema = z.object({
  email: z.string().trim().max(254, EMAIL_MESSAGE).refine(noLineBreaks, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
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
