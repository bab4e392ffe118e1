import { APIError, type CollectionAfterChangeHook, type CollectionBeforeDeleteHook } from 'payload'

import type { Workshop } from '@/payload-types'
import { mailWorkshopChanged, settleWorkshop } from './seats'
import { deleteInTurn } from '@/platform/transaction'

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
  // A new time or place reaches everyone registered as an updated invite.
  const moved = (['date', 'endsAt', 'attendance', 'venue', 'onlineLink'] as const).some(
    (k) => (previousDoc?.[k] ?? null) !== (doc[k] ?? null),
  )
  if (moved) await mailWorkshopChanged(req.payload, doc, req)
  return doc
}

/**
 * A workshop people registered for cannot be deleted (their registrations hold it): the coach hears so in
 * words. Cancelled registrations go with it.
 */
const keepWhileRegistered: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const live = await req.payload.count({
    collection: 'workshop-registrations',
    where: { and: [{ workshop: { equals: id } }, { status: { not_equals: 'cancelled' } }] },
    overrideAccess: true,
    req,
  })
  if (live.totalDocs > 0) {
    throw new APIError(
      `${live.totalDocs} people are registered or waiting for this workshop. Cancel their registrations first, or unpublish it.`,
      400,
      undefined,
      true,
    )
  }
  const { docs } = await req.payload.find({
    collection: 'workshop-registrations',
    where: { workshop: { equals: id } },
    pagination: false,
    depth: 0,
    select: {},
    overrideAccess: true,
    req,
  })
  await deleteInTurn(
    req,
    'workshop-registrations',
    docs.map((d) => d.id),
  )
}

export const workshopHooks = { afterChange: [settleAfterSave], beforeDelete: [keepWhileRegistered] }
