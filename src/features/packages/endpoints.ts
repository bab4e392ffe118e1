import type { Endpoint, PayloadRequest } from 'payload'

import { adminOnlyRefusal } from '@/platform/access'
import { kickOutbox } from '@/platform/mail/worker'
import type { Purchase, User } from '@/payload-types'
import { instalmentState, markPaid } from './paid'
import { refundPayment, refundState } from './refunds'

/**
 * POST /cms-api/purchases/<id>/mark-paid: the coach's "Mark payment received" (admins only, whatever the
 * screen shows). 200 with `opened: true` when this press opened the credits, `opened: false` when they were
 * open already (a second press changes nothing); 409 for a purchase not waiting for a payment, or paid by
 * card (Stripe confirms those); 404 for none. A purchase paid in instalments takes `{ "instalment": n }`: 200 with
 * `recorded` (whether this press recorded it) and `instalmentsPaid` of `instalments`; 400 without a number, 409
 * for one past the next (decision 071).
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
    // A purchase paid in instalments names the instalment received (decision 071).
    const body = ((await req.json?.().catch(() => null)) ?? {}) as Record<string, unknown>
    const instalment = typeof body.instalment === 'number' ? body.instalment : undefined
    const outcome = await markPaid(req.payload, id, req.user!, new Date(), instalment)
    // The client's mail goes out now, not at the worker's next round.
    if (outcome.status === 'opened' || (outcome.status === 'already-paid' && outcome.instalment?.recorded)) {
      void kickOutbox(req.payload)
    }
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
    if (outcome.status === 'which-instalment') {
      return Response.json(
        { errors: [{ message: `Say which of the ${outcome.of} monthly payments was received.` }] },
        { status: 400 },
      )
    }
    if (outcome.status === 'not-next') {
      return Response.json(
        {
          errors: [
            { message: `Payment ${outcome.next} of ${outcome.of} has not been marked received yet: mark it first.` },
          ],
        },
        { status: 409 },
      )
    }
    return Response.json({
      status: 'paid',
      opened: outcome.status === 'opened',
      paidAt: outcome.purchase.paidAt,
      ...(outcome.instalment
        ? {
            instalment: outcome.instalment.number,
            recorded: outcome.instalment.recorded,
            instalmentsPaid: outcome.instalment.paid,
            instalments: outcome.instalment.of,
          }
        : {}),
    })
  },
}

const noStore = { 'Cache-Control': 'no-store' }

/** The purchase the route names, for an admin (`doing` words the refusal); else the answer: 401, 403 or 404. */
async function purchaseForAdmin(req: PayloadRequest, doing: string): Promise<Purchase | Response> {
  const refused = adminOnlyRefusal(req, doing)
  if (refused) return refused
  const id = Number(req.routeParams?.id)
  const p = Number.isSafeInteger(id)
    ? await req.payload.findByID({ collection: 'purchases', id, depth: 0, overrideAccess: true, disableErrors: true })
    : null
  return p ?? Response.json({ errors: [{ message: 'There is no such purchase.' }] }, { status: 404 })
}

/**
 * GET /cms-api/purchases/<id>/instalments: a purchase's monthly payments as the coach's panel shows them
 * (admins only): how many of how many are in, the next one's amount and day, whether it is overdue, and the
 * latest payment Stripe could not take. `instalments: null` for a purchase paid in full. 404 for none.
 */
export const instalmentsEndpoint: Endpoint = {
  path: '/:id/instalments',
  method: 'get',
  handler: async (req) => {
    const p = await purchaseForAdmin(req, 'see a purchase’s payments')
    if (p instanceof Response) return p
    return Response.json({ instalments: await instalmentState(req.payload, p) }, { headers: noStore })
  },
}

/**
 * GET /cms-api/purchases/<id>/refund: what the purchase's refund form shows (admins only): the payment method,
 * paid, refunded and refundable in cents and written out, and the credits left. `refundable: null` for a
 * purchase not paid. 404 for none.
 */
export const refundStateEndpoint: Endpoint = {
  path: '/:id/refund',
  method: 'get',
  handler: async (req) => {
    const p = await purchaseForAdmin(req, 'refund a payment')
    if (p instanceof Response) return p
    return Response.json({ state: await refundState(req.payload, p) }, { headers: noStore })
  },
}

/**
 * POST /cms-api/purchases/<id>/refund with `{ requestId, amount, credits }` (the amount in dollars as typed,
 * the credits as a whole number): the coach's refund (./refunds.ts; admins only, 401 without a session). 200
 * with the purchase's state after it, the same for the same request id again; else the refusal in words, with
 * nothing refunded or recorded: 400 the form's input, 409 the purchase, 502 Stripe.
 */
export const refundEndpoint: Endpoint = {
  path: '/:id/refund',
  method: 'post',
  handler: async (req) => {
    const refused = adminOnlyRefusal(req, 'refund a payment')
    if (refused) return refused
    const id = Number(req.routeParams?.id)
    if (!Number.isSafeInteger(id)) {
      return Response.json({ errors: [{ message: 'There is no such purchase.' }] }, { status: 404 })
    }
    const body = ((await req.json?.().catch(() => null)) ?? {}) as Record<string, unknown>
    const outcome = await refundPayment(req.payload, id, req.user as User, {
      requestId: body.requestId,
      amount: body.amount,
      credits: body.credits,
    })
    if (outcome.status === 'refused') {
      return Response.json({ errors: [{ message: outcome.reason }] }, { status: outcome.code, headers: noStore })
    }
    // The receipt goes out now, not at the worker's next round.
    void kickOutbox(req.payload)
    return Response.json({ status: 'refunded', state: outcome.state }, { headers: noStore })
  },
}
