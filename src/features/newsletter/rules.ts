import { z } from 'zod'

import { emailField } from '@/platform/forms/rules'
import { SUBSCRIBE_EMAIL_MESSAGES, SUBSCRIBE_SOURCES } from './texts'

/** The newsletter sign-up's rules, on the server (the texts are in ./texts.ts). */
export const subscribeSchema = z.object({
  email: emailField(SUBSCRIBE_EMAIL_MESSAGES),
  // Not typed by the visitor: the form says where it is; anything else counts as the footer.
  source: z.enum(SUBSCRIBE_SOURCES).catch('footer'),
})
