import { RATE_LIMITED, TOO_FAST, UNAVAILABLE } from '@/platform/forms/rules'
import type { FormResult } from '@/platform/forms/results'
import { WORKSHOP_TEXTS } from './texts'

/** The codes the registration page reads from its address, and the words each one shows. */
export const DONE_TEXTS = {
  registered: WORKSHOP_TEXTS.registered,
  held: WORKSHOP_TEXTS.held,
  waitlisted: WORKSHOP_TEXTS.waitlisted,
} as const

export const PROBLEM_TEXTS = {
  closed: WORKSHOP_TEXTS.closed,
  full: WORKSHOP_TEXTS.full,
  invalid: 'Please check your name and e-mail address, and register again.',
  'rate-limited': RATE_LIMITED,
  'too-fast': TOO_FAST,
  unavailable: UNAVAILABLE,
} as const

export const answerCode = (message: string): keyof typeof DONE_TEXTS =>
  message === WORKSHOP_TEXTS.waitlisted ? 'waitlisted' : message === WORKSHOP_TEXTS.held ? 'held' : 'registered'

export function problemCode(result: FormResult<string>): keyof typeof PROBLEM_TEXTS {
  if (result.status === 'conflict') return result.message === WORKSHOP_TEXTS.full ? 'full' : 'closed'
  if (result.status === 'invalid') return result.message === TOO_FAST ? 'too-fast' : 'invalid'
  return result.status === 'rate-limited' ? 'rate-limited' : 'unavailable'
}
