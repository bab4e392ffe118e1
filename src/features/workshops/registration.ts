import type { Payload } from 'payload'

import type { WorkshopRegistration } from '@/payload-types'
import { verifiedRegistrationToken } from './manage-token'

/** The registration a manage link names, when the site made the link and the registration is still there. */
export async function registrationByToken(payload: Payload, token: string): Promise<WorkshopRegistration | null> {
  const key = verifiedRegistrationToken(token)
  if (!key) return null
  const r = await payload
    .findByID({ collection: 'workshop-registrations', id: key.id, depth: 0, overrideAccess: true })
    .catch(() => null)
  return r && new Date(r.createdAt).getTime() === key.createdAtMs ? r : null
}
