import { z } from 'zod'

import { CONTACT_REPLY_TIME } from '@/domain/business'
import { emailField, noLineBreaks } from '@/platform/forms/rules'

/** The contact form's rules, applied in the browser and again on the server. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Question' },
  { value: 'media', label: 'Media Inquiry' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const

/** The decided answers of the contact form, word for word. */
export const CONTACT_SUCCESS = `Thank you! Your message has been sent. We reply within ${CONTACT_REPLY_TIME}.`
export const CONTACT_INVALID = 'Please correct the fields marked below.'

export const contactSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Your name can be at most 100 characters.')
    .refine(noLineBreaks, 'Your name cannot contain line breaks.')
    // A name never needs angle brackets; refusing them keeps markup out of mail subjects and the admin.
    .refine((s) => !/[<>]/.test(s), 'Your name cannot contain < or >.'),
  email: emailField({
    missing: 'Please enter your email address.',
    tooLong: 'Your email address can be at most 254 characters.',
    invalid: 'Please enter a valid email address.',
  }),
  inquiryType: z
    .enum(['general', 'media', 'partnership', 'other'], { error: 'Please choose one of the inquiry types.' })
    .default('general'),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, 'Please enter a message.')
    .max(5000, 'Your message can be at most 5,000 characters.'),
})

export type ContactInput = z.infer<typeof contactSchema>
export type ContactField = keyof ContactInput
export const CONTACT_FIELDS = ['name', 'email', 'inquiryType', 'message'] as const satisfies readonly ContactField[]
