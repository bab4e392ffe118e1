import { z } from 'zod'

import { emailField } from '@/platform/forms/rules'
import { EMAIL_MESSAGE, SUBSCRIBE_SOURCES } from './texts'

/** The newsletter sign-up's rules, on the server (the texts are in ./texts.ts). */
export const subscribeSchema = z.object({
  email: emailField({ missing: EMAIL_MESSAGE, tooLong: EMAIL_MESSAGE, invalid: EMAIL_MESSAGE }),
  // Not typed by the visitor: the form says where it is; anything else counts as the footer.
  source: z.enum(SUBSCRIBE_SOURCES).catch('footer'),
})
