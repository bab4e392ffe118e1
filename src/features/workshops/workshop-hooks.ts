import type { CollectionAfterChangeHook } from 'payload'

import type { Workshop } from '@/payload-types'
import { settleWorkshop } from './seats'

/**
 * After the coach saves a workshop: seats raised go to the waitlist at once, seats lowered take back offers
 * beyond them, a changed hold or close applies (decision 064). The coach never presses a button for it.
 */
const settleAfterSave: CollectionAfterChangeHook<Workshop> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  const changed = (['seats', 'waitlist', 'holdHours', 'registrationClosesAt', 'date'] as const).some(
    (k) => previousDoc?.[k] !== doc[k],
  )
  if (changed) await settleWorkshop(req.payload, doc.id, new Date(), req)
  return doc
}

export const workshopHooks = { afterChange: [settleAfterSave] }
