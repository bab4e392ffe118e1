import { z } from 'zod'

import { CONTACT_REPLY_TIME } from '@/domain/business'
import { personEmailField, personNameField } from '@/platform/forms/rules'

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
  name: personNameField(),
  email: personEmailField(),
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
