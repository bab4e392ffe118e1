import type { Endpoint, PayloadRequest } from 'payload'

import { adminOnlyRefusal } from '@/platform/access'
import { kickOutbox } from '@/platform/mail/worker'
import { cancelRegistration, cancelWorkshop } from './seats'

/*
 * The coach's cancellations from the admin (decision 064): admins only, whatever the screen shows. Each answers
 * the sentence the coach reads under the button (`message`), and the mails go out at once.
 */

const notFound = (what: string) =>
  Response.json({ errors: [{ message: `There is no such ${what}.` }] }, { status: 404 })

const idOf = (req: PayloadRequest): number | null => {
  const id = Number(req.routeParams?.id)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** POST /<id>/cancel for admins only (else 401 or 403 in words): `act` with the id in the address, if any. */
const cancelling = (doing: string, act: (req: PayloadRequest, id: number | null) => Promise<Response>): Endpoint => ({
  path: '/:id/cancel',
  method: 'post',
  handler: (req) => adminOnlyRefusal(req, doing) ?? act(req, idOf(req)),
})

/**
 * POST /cms-api/workshop-registrations/<id>/cancel: cancels one registration (registered, offered or waiting),
 * at any time; the person is told by mail and a freed seat goes to the first person waiting. 409 when it is
 * cancelled already.
 */
export const cancelRegistrationEndpoint = cancelling('cancel a registration', async (req, id) => {
  const registration = id
    ? (
        await req.payload.find({
          collection: 'workshop-registrations',
          where: { id: { equals: id } },
          depth: 0,
          limit: 1,
          select: { workshop: true, name: true },
          overrideAccess: true,
        })
      ).docs[0]
    : undefined
  if (!registration) return notFound('registration')
  const outcome = await cancelRegistration(req.payload, registration, 'coach', new Date())
  if (outcome !== 'cancelled') {
    return Response.json({ errors: [{ message: 'This registration is cancelled already.' }] }, { status: 409 })
  }
  void kickOutbox(req.payload)
  return Response.json({
    message: `Cancelled. ${registration.name} has been told by e-mail; a freed seat goes to the first person waiting.`,
  })
})

/**
 * POST /cms-api/workshops/<id>/cancel: cancels the whole workshop. Everyone registered, offered a seat or
 * waiting is told by mail, and the workshop leaves the site (unpublished). Pressed again, it tells nobody twice.
 */
export const cancelWorkshopEndpoint = cancelling('cancel a workshop', async (req, id) => {
  const exists =
    id !== null &&
    (await req.payload.count({ collection: 'workshops', where: { id: { equals: id } }, overrideAccess: true }))
      .totalDocs > 0
  if (!exists) return notFound('workshop')
  const told = await cancelWorkshop(req.payload, id, new Date())
  if (told > 0) void kickOutbox(req.payload)
  return Response.json({
    told,
    message:
      told === 0
        ? 'Cancelled. Nobody was registered or waiting; the workshop is no longer on the site.'
        : `Cancelled. ${told === 1 ? 'The one person' : `All ${told} people`} registered or waiting ${told === 1 ? 'has' : 'have'} been told by e-mail, and the workshop is no longer on the site.`,
  })
})
