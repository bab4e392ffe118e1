import { z } from 'zod'

import { personEmailField, personNameField } from '@/platform/forms/rules'
import { INQUIRY_TYPE_MESSAGE, INQUIRY_TYPES, MESSAGE_MAX, MESSAGE_MESSAGES } from './texts'

const INQUIRY_VALUES = [
  'general',
  'media',
  'partnership',
  'other',
] as const satisfies readonly (typeof INQUIRY_TYPES)[number]['value'][]

/** The contact form's rules, on the server (the browser checks the same limits itself; texts in ./texts.ts). */
export const contactSchema = z.object({
  name: personNameField(),
  email: personEmailField(),
  inquiryType: z.enum(INQUIRY_VALUES, { error: INQUIRY_TYPE_MESSAGE }).default('general'),
  message: z
    .string({ error: MESSAGE_MESSAGES.missing })
    .trim()
    .min(1, MESSAGE_MESSAGES.missing)
    .max(MESSAGE_MAX, MESSAGE_MESSAGES.tooLong),
})

export type ContactInput = z.infer<typeof contactSchema>
export type ContactField = keyof ContactInput
export const CONTACT_FIELDS = ['name', 'email', 'inquiryType', 'message'] as const satisfies readonly ContactField[]
