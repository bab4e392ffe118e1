import type { Payload } from 'payload'
import type Stripe from 'stripe'

import { siteUrl } from '@/domain/brand'
import type { WorkshopRegistration } from '@/payload-types'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import { signedLinks } from '@/platform/signed-link'
import {
  cardCheckoutSession,
  refundCardPayment,
  STRIPE_CURRENCY,
  stripeClient,
  stripeSettings,
} from '@/platform/stripe'
import { registrationManagePath } from './manage-token'
import { registrationByToken } from './registration'
import { confirmPayment, type PaymentOutcome } from './seats'

/*
 * A held workshop seat paid by card through Stripe Checkout (decision 070), when the coach has set Stripe's
 * keys (as a package is, decision 066). The registration's page sends the visitor to a Checkout Session for the
 * seat's price, named in its metadata (`workshopRegistration`); the seat becomes theirs when Stripe says the
 * session is paid, by whichever comes first of the signed webhook and their return to the page, both through
 * `settleSeatSession`, which confirms the seat once (the seats' decision: `already` for every later one). A
 * payment that arrives after the hold ran out finds no seat held, and is refunded at once (keyed by the
 * session, so once).
 *
 * As a package's (decision 086), the session carries the seat as this site names it to Stripe,
 * `<id>-<created ms>.<signature>` with the site's secret, in `client_reference_id` and `metadata.site`: a
 * session another site made on a shared Stripe account, naming a registration of the same number, confirms
 * nothing here and is never refunded from here ('not-ours').
 */

const seatReferences = signedLinks((id, createdAtMs) => `workshop-seat-stripe\n${id}-${createdAtMs}`)

/** A registration as this site names it to Stripe; only this site can make one. */
export const seatStripeReference = seatReferences.token

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** The registration a session is for, when the site made it for a workshop seat. */
export const seatRegistrationOf = (session: Pick<Stripe.Checkout.Session, 'metadata'>): number | null => {
  const named = session.metadata?.workshopRegistration ?? ''
  return /^\d{1,12}$/.test(named) ? Number(named) : null
}

const findRegistration = (payload: Payload, id: number) =>
  payload
    .findByID({ collection: 'workshop-registrations', id, depth: 1, overrideAccess: true, disableErrors: true })
    .catch(() => null)

export type SeatSessionOutcome = PaymentOutcome | 'unpaid' | 'refused' | 'refunded-late' | 'not-ours'

/**
 * Whether `session` is one this site made for registration `r`: its signed reference names `r` (its id and
 * creation time), or, for a session made before seats were signed, it is the session `r` stored.
 */
function ours(session: Stripe.Checkout.Session, r: WorkshopRegistration): boolean {
  const signed = session.metadata?.site
  if (signed === undefined) return session.id === r.stripeSession
  const named = seatReferences.verified(signed)
  return named !== null && named.id === r.id && named.createdAtMs === new Date(r.createdAt).getTime()
}

/**
 * A Checkout Session for a seat Stripe says is complete: paid for the seat's price, the seat is theirs, once
 * however often and by whoever it is told. Paid when no seat is held any more (the hold ran out, or the seat was
 * given up): the payment goes back at once. Answers what happened.
 */
export async function settleSeatSession(
  payload: Payload,
  session: Stripe.Checkout.Session,
  now = new Date(),
): Promise<SeatSessionOutcome> {
  const id = seatRegistrationOf(session)
  if (id === null) return 'not-offered'
  if (session.payment_status !== 'paid') return 'unpaid'
  const r = await findRegistration(payload, id)
  if (!r) return 'not-offered'
  if (!ours(session, r)) return 'not-ours'
  const paymentIntent = idOf(session.payment_intent)
  if (session.amount_total !== r.price || session.currency !== STRIPE_CURRENCY) {
    console.error(
      `Checkout Session ${session.id} was paid ${session.amount_total} ${session.currency} for workshop registration ${r.id}, whose price is ${r.price} ${STRIPE_CURRENCY}: the seat was not confirmed.`,
    )
    return 'refused'
  }
  // This very payment confirmed the seat before (a delivery again, the return page after the webhook).
  if (r.paidAt && r.stripePaymentIntent && r.stripePaymentIntent === paymentIntent) return 'already'
  const outcome = await confirmPayment(
    payload,
    r,
    { paidWith: 'stripe', stripeSession: session.id, stripePaymentIntent: paymentIntent },
    now,
  )
  if (outcome === 'registered') void kickOutbox(payload)
  if ((outcome === 'lapsed' || outcome === 'not-offered' || outcome === 'already') && paymentIntent) {
    const current = await findRegistration(payload, id)
    if (current?.stripePaymentIntent === paymentIntent) return 'already'
    const settings = stripeSettings()
    if (!settings) return outcome
    await refundCardPayment(settings, {
      paymentIntent,
      idempotencyKey: `workshop-seat-unheld:${session.id}`,
      metadata: { workshopRegistration: String(id) },
    })
    console.warn(
      `Checkout Session ${session.id} paid for workshop registration ${id}, which held no seat by then (${outcome}): the payment was refunded.`,
    )
    return 'refunded-late'
  }
  return outcome
}

/** The visitor back on their page from Stripe: the session they come back from (if it is this seat's), asked of Stripe. */
export async function settleSeatOnReturn(
  payload: Payload,
  r: WorkshopRegistration,
  returnedFrom: string | undefined,
  now = new Date(),
): Promise<SeatSessionOutcome> {
  const settings = stripeSettings()
  const sessionId = returnedFrom && /^cs_\w{1,250}$/.test(returnedFrom) ? returnedFrom : r.stripeSession
  if (!settings || !sessionId || r.status !== 'offered') return 'unpaid'
  const stripe = await stripeClient(settings)
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  if (seatRegistrationOf(session) !== r.id) return 'not-offered'
  return settleSeatSession(payload, session, now)
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })

/**
 * GET /workshops/manage/<token>/pay: to the seat's Checkout Session on Stripe's page (its open one again, else
 * a new one, made under an idempotency key naming the seat and the session it replaces: two presses at once
 * get one session), or back to the page (nothing to pay, or Stripe not answering, which the page then says).
 */
export async function payForSeat(token: string): Promise<Response> {
  const payload = await payloadClient()
  const r = await registrationByToken(payload, token)
  if (!r) return seeOther('/workshops')
  const back = registrationManagePath(r)
  const settings = stripeSettings()
  if (!settings || r.status !== 'offered' || !r.price) return seeOther(back)
  try {
    const workshop = await payload.findByID({
      collection: 'workshops',
      id: typeof r.workshop === 'object' ? r.workshop.id : r.workshop,
      depth: 0,
      overrideAccess: true,
    })
    const reference = seatStripeReference(r)
    const step = await cardCheckoutSession(settings, {
      previous: r.stripeSession,
      name: workshop.title,
      description: 'One seat',
      amount: r.price,
      email: r.email,
      clientReferenceId: reference,
      metadata: { workshopRegistration: String(r.id), reference: r.reference ?? '', site: reference },
      returnTo: `${siteUrl().origin}${back}`,
      idempotencyKey: `workshop-seat-session:${r.id}-${new Date(r.createdAt).getTime()}-${new Date(r.queuedAt).getTime()}:${r.stripeSession ?? 'first'}`,
    })
    if (step.status === 'open') return seeOther(step.url)
    if (step.status === 'complete') {
      await settleSeatSession(payload, step.session)
      return seeOther(back)
    }
    await payload.update({
      collection: 'workshop-registrations',
      id: r.id,
      data: { stripeSession: step.session.id },
      depth: 0,
      overrideAccess: true,
    })
    return seeOther(step.url)
  } catch (error) {
    console.error(
      `A Checkout Session for workshop registration ${r.id} could not be made:`,
      error instanceof Error ? error.message : error,
    )
    return seeOther(`${back}?problem=stripe-unavailable`)
  }
}
