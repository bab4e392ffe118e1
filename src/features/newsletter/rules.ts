import { z } from 'zod'

import { emailField } from '@/platform/forms/rules'

/** The newsletter sign-up's rules and decided answers, word for word. */
export const EMAIL_MESSAGE = 'Please enter a valid email address.'
export const SUBSCRIBE_SUCCESS = 'Thanks! Please check your inbox to confirm your subscription.'

/** Where the sign-up form was: the site footer or the workshops page. */
export const SUBSCRIBE_SOURCES = ['footer', 'workshops'] as const
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number]

export const subscribeSchema = z.object({
  email: emailField({ missing: EMAIL_MESSAGE, tooLong: EMAIL_MESSAGE, invalid: EMAIL_MESSAGE }),
  // Not typed by the visitor: the form says where it is; anything else counts as the footer.
  source: z.enum(SUBSCRIBE_SOURCES).catch('footer'),
})
