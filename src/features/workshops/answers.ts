import { postedText } from '@/platform/forms/once'
import { RATE_LIMITED, TOO_FAST, UNAVAILABLE } from '@/platform/forms/rules'
import type { FormResult } from '@/platform/forms/results'
import { registerPath, WORKSHOP_TEXTS } from './texts'

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

/**
 * Where the registration form's post leads (`posted`: the form's fields, `result`: what came of them): back to
 * the workshop's page with the code of what happened; a post naming no workshop's address, to the list.
 */
export function registrationAnswerPath(posted: Record<string, unknown>, result: FormResult<string>): string {
  const slug = postedText(posted, 'workshop')
  const path = /^[a-z0-9-]{1,80}$/.test(slug) ? registerPath(slug) : '/workshops'
  return result.status === 'ok'
    ? `${path}?done=${answerCode(result.message)}#register-heading`
    : `${path}?problem=${problemCode(result)}#register-heading`
}
