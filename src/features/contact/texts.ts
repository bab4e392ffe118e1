import { CONTACT_REPLY_TIME } from '@/domain/business'
import { FIELDS_INVALID, PERSON_LABELS, tooLongText, type FieldMessages } from '@/platform/forms/fields'

/** The contact form's choices and decided answers, word for word (shared by the form and the server's rules). */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Question' },
  { value: 'media', label: 'Media Inquiry' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const

export const CONTACT_SUCCESS = `Thank you! Your message has been sent. We reply within ${CONTACT_REPLY_TIME}.`
export const CONTACT_INVALID = FIELDS_INVALID
/** How the error summary names each field ("Email: Please enter a valid email address."). */
export const CONTACT_LABELS = {
  ...PERSON_LABELS,
  inquiryType: 'Inquiry type',
  message: 'Message',
} as const

export const MESSAGE_MAX = 5000
export const MESSAGE_MESSAGES = {
  missing: 'Please enter a message.',
  tooLong: tooLongText('Your message', MESSAGE_MAX),
} as const satisfies FieldMessages
/** The message as the browser is told of it (as PersonFields does for name and e-mail). */
export const MESSAGE_INPUT = { required: true, maxLength: MESSAGE_MAX, messages: MESSAGE_MESSAGES } as const
export const INQUIRY_TYPE_MESSAGE = 'Please choose one of the inquiry types.'
