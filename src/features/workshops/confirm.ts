import type { Payload } from 'payload'

import type { WorkshopRegistration } from '@/payload-types'
import { verifiedConfirmation } from './confirm-token'
import { registrationManagePath } from './manage-token'
import { registerForWorkshop } from './seats'

/** What the confirmation page shows after its button (`?problem=`), and the manage page (`?done=`). */
export type ConfirmProblem = 'not-valid' | 'expired' | 'closed' | 'full'
export type ConfirmDone = 'registered' | 'held' | 'waitlisted'

/** The manage page's code for a registration as it stands (a second press answers as the first did). */
function doneOf(r: WorkshopRegistration): ConfirmDone | null {
  if (r.status === 'registered') return 'registered'
  if (r.status === 'waitlisted') return 'waitlisted'
  return r.status === 'offered' && (r.price ?? 0) > 0 && !r.paidAt ? 'held' : null
}

/**
 * "Confirm my registration" on the page the confirmation link opens (decision 080): the owner of the address
 * has proved it, so the registration is made as the seats stand now (a seat, a paid seat held or paid with
 * the address's credit, the waitlist, or refused). Pressed twice, or for an address registered meanwhile, it
 * finds that registration and changes nothing. Answers where to go: the registration's own page, or the
 * problem.
 */
export async function confirmRegistration(
  payload: Payload,
  token: string,
  now: Date,
): Promise<{ problem: ConfirmProblem } | { path: string; done: ConfirmDone | null }> {
  const asked = verifiedConfirmation(token, now)
  if (asked === null) return { problem: 'not-valid' }
  if (asked.expired) return { problem: 'expired' }
  const workshop = await payload
    .findByID({ collection: 'workshops', id: asked.workshop, depth: 0, overrideAccess: true, disableErrors: true })
    .catch(() => null)
  if (!workshop || workshop.published === false || workshop.registerLink) return { problem: 'closed' }
  const result = await registerForWorkshop(payload, workshop.id, { name: asked.name, email: asked.email }, now)
  if (!('registration' in result)) return { problem: result.outcome }
  const r = result.registration
  return {
    path: registrationManagePath(r),
    done: result.outcome === 'already' ? doneOf(r) : result.outcome,
  }
}
