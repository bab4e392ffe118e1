import type { FieldMessages } from '@/platform/forms/fields'

/** The newsletter sign-up's decided answers, word for word (shared by the form and the server's rules). */
export const EMAIL_MESSAGE = 'Please enter a valid email address.'
/** The address's every fault has the one text. */
export const SUBSCRIBE_EMAIL_MESSAGES = {
  missing: EMAIL_MESSAGE,
  tooLong: EMAIL_MESSAGE,
  invalid: EMAIL_MESSAGE,
} as const satisfies FieldMessages
export const SUBSCRIBE_SUCCESS = 'Thanks! Please check your inbox to confirm your subscription.'

/** Where the sign-up form was: the site footer or the workshops page. */
export const SUBSCRIBE_SOURCES = ['footer', 'workshops'] as const
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number]
