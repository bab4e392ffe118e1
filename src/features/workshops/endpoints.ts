import type { Endpoint, PayloadRequest } from 'payload'

import { adminOnlyRefusal } from '@/platform/access'
import { kickOutbox } from '@/platform/mail/worker'
import { formatCents } from '@/domain/packages'
import type { WorkshopRegistrationsSelect } from '@/payload-types'
import type { Settlement } from './mails'
import { cancelRegistration, cancelWorkshop, confirmPayment } from './seats'

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

/** The registration `id` names, with the fields `select` asks for; undefined for none. */
async function registrationOf<S extends WorkshopRegistrationsSelect<true>>(
  req: PayloadRequest,
  id: number | null,
  select: S,
) {
  if (!id) return undefined
  const found = await req.payload.find({
    collection: 'workshop-registrations',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    select,
    overrideAccess: true,
  })
  return found.docs[0]
}

/** How the coach settles paid seats, from the request's body (`{ "settle": "refund" | "credit" }`), if said. */
async function settlementOf(req: PayloadRequest): Promise<Settlement | undefined> {
  const body = (await req.json?.().catch(() => null)) as { settle?: unknown } | null
  return body?.settle === 'refund' || body?.settle === 'credit' ? body.settle : undefined
}

const CHOOSE = 'This seat is paid for: choose whether the money is refunded or kept as a credit for a later workshop.'

const choose = (message = CHOOSE) => Response.json({ errors: [{ message }] }, { status: 409 })

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
  const registration = await registrationOf(req, id, { workshop: true, name: true, price: true })
  if (!registration) return notFound('registration')
  const outcome = await cancelRegistration(req.payload, registration, 'coach', new Date(), await settlementOf(req))
  if (outcome === 'choose') return choose()
  if (outcome === 'not-live' || outcome === 'too-late') {
    return Response.json({ errors: [{ message: 'This registration is cancelled already.' }] }, { status: 409 })
  }
  void kickOutbox(req.payload)
  const settled =
    outcome === 'refunded'
      ? ` Their ${formatCents(registration.price ?? 0)} is refunded.`
      : outcome === 'credited'
        ? ` They have a credit of ${formatCents(registration.price ?? 0)} for a later workshop.`
        : ''
  return Response.json({
    message: `Cancelled. ${registration.name} has been told by e-mail; a freed seat goes to the first person waiting.${settled}`,
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
  const told = await cancelWorkshop(req.payload, id, new Date(), await settlementOf(req))
  if (told === 'choose') {
    return choose('Some seats are paid for: choose whether they are refunded or kept as credits for a later workshop.')
  }
  if (told > 0) void kickOutbox(req.payload)
  return Response.json({
    told,
    message:
      told === 0
        ? 'Cancelled. Nobody was registered or waiting; the workshop is no longer on the site.'
        : `Cancelled. ${told === 1 ? 'The one person' : `All ${told} people`} registered or waiting ${told === 1 ? 'has' : 'have'} been told by e-mail, and the workshop is no longer on the site.`,
  })
})

/**
 * POST /cms-api/workshop-registrations/<id>/mark-paid (admins only): the bank transfer for a held seat
 * arrived (decision 070). The seat becomes theirs and they get the invite; pressed again, nothing changes.
 * 409 when the hold ran out first (the seat went on: the coach sends the money back) or no seat is held.
 */
export const markSeatPaidEndpoint: Endpoint = {
  path: '/:id/mark-paid',
  method: 'post',
  handler: async (req) => {
    const refused = adminOnlyRefusal(req, 'mark a payment received')
    if (refused) return refused
    const id = idOf(req)
    const registration = await registrationOf(req, id, { workshop: true, name: true, price: true, paidWith: true })
    if (!registration) return notFound('registration')
    if (!registration.price) {
      return Response.json(
        { errors: [{ message: 'This workshop seat is free: there is nothing to pay.' }] },
        { status: 409 },
      )
    }
    const outcome = await confirmPayment(req.payload, registration, { paidWith: 'bank-transfer' }, new Date())
    if (outcome === 'lapsed' || outcome === 'not-offered') {
      return Response.json(
        {
          errors: [
            {
              message:
                outcome === 'lapsed'
                  ? 'The seat’s hold ran out before the payment was marked, so the seat went to the next person. Please send the money back.'
                  : 'No seat is held for this registration, so the payment was not recorded. Please send the money back.',
            },
          ],
        },
        { status: 409 },
      )
    }
    if (outcome === 'registered') void kickOutbox(req.payload)
    return Response.json({
      outcome,
      message:
        outcome === 'registered'
          ? `Payment received. The seat is ${registration.name}’s; they have been sent the details and the invite.`
          : 'This seat was paid already: nothing changed.',
    })
  },
}
