import type { Endpoint } from 'payload'

import { adminOnlyRefusal } from '@/platform/access'
import { kickOutbox } from '@/platform/mail/worker'
import { markPaid } from './paid'

/**
 * POST /cms-api/purchases/<id>/mark-paid: the coach's "Mark payment received" (admins only, whatever the
 * screen shows). 200 with `opened: true` when this press opened the credits, `opened: false` when they were
 * open already (a second press changes nothing); 409 for a purchase not waiting for a payment, or paid by
 * card (Stripe confirms those); 404 for none.
 */
export const markPaidEndpoint: Endpoint = {
  path: '/:id/mark-paid',
  method: 'post',
  handler: async (req) => {
    const refused = adminOnlyRefusal(req, 'mark a payment received')
    if (refused) return refused
    const id = Number(req.routeParams?.id)
    const exists =
      Number.isSafeInteger(id) &&
      (await req.payload.count({ collection: 'purchases', where: { id: { equals: id } }, overrideAccess: true }))
        .totalDocs > 0
    if (!exists) return Response.json({ errors: [{ message: 'There is no such purchase.' }] }, { status: 404 })
    const outcome = await markPaid(req.payload, id, req.user!)
    // The client's mail goes out now, not at the worker's next round.
    if (outcome.status === 'opened') void kickOutbox(req.payload)
    if (outcome.status === 'paid-by-card') {
      return Response.json(
        {
          errors: [{ message: 'This purchase is paid by card: it is marked paid when Stripe confirms the payment.' }],
        },
        { status: 409 },
      )
    }
    if (outcome.status === 'not-awaiting') {
      return Response.json(
        { errors: [{ message: 'This purchase is not waiting for a payment: the buyer has not finished checkout.' }] },
        { status: 409 },
      )
    }
    return Response.json({ status: 'paid', opened: outcome.status === 'opened', paidAt: outcome.purchase.paidAt })
  },
}
