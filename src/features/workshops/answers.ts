import { RATE_LIMITED, TOO_FAST, UNAVAILABLE } from '@/platform/forms/rules'
import type { FormResult } from '@/platform/forms/results'
import { WORKSHOP_TEXTS } from './texts'

/** The codes the registration page reads from its address, and the words each one shows. */
export const DONE_TEXTS = {
  // Every registration posted (decision 080): the confirmation link is on its way.
  sent: WORKSHOP_TEXTS.checkMail,
} as const

export const PROBLEM_TEXTS = {
  closed: WORKSHOP_TEXTS.closed,
  full: WORKSHOP_TEXTS.full,
  invalid: 'Please check your name and e-mail address, and register again.',
  'rate-limited': RATE_LIMITED,
  'too-fast': TOO_FAST,
  unavailable: UNAVAILABLE,
} as const

export const answerCode = (_message: string): keyof typeof DONE_TEXTS => 'sent'

export function problemCode(result: FormResult<string>): keyof typeof PROBLEM_TEXTS {
  if (result.status === 'conflict') return result.message === WORKSHOP_TEXTS.full ? 'full' : 'closed'
  if (result.status === 'invalid') return result.message === TOO_FAST ? 'too-fast' : 'invalid'
  return result.status === 'rate-limited' ? 'rate-limited' : 'unavailable'
}
