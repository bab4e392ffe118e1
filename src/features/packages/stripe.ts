import type { Payload } from 'payload'
import type Stripe from 'stripe'

import { siteUrl } from '@/domain/brand'
import { DEFAULT_CREDIT_RULES } from '@/domain/credits'
import { formatCents, instalmentAmounts } from '@/domain/packages'
import type { Purchase } from '@/payload-types'
import { readAtMost } from '@/platform/forms/http'
import { kickOutbox } from '@/platform/mail/worker'
import { payloadClient } from '@/platform/payload'
import {
  cardCheckoutSession,
  endInstalments,
  invoiceOfPayment,
  refundCounts,
  STRIPE_CURRENCY,
  stripeClient,
  stripeSettings,
  type StripeSettings,
} from '@/platform/stripe'
import { inTransaction } from '@/platform/transaction'
import { seatRegistrationOf, settleSeatSession } from '@/features/workshops/card'
import { appendCreditEvent } from './ledger'
import { purchaseByToken } from './checkout'
import { adminRefundOf } from './refunds'
import { instalmentsPaid, mailInstalmentReceipt, recordInstalment, settlePurchase, type Settled } from './paid'
import { checkoutPath, stripeReference, verifiedStripeReference } from './tokens'

/*
 * Paying for a package by card through Stripe Checkout (decision 066), when the coach has set Stripe's keys
 * (src/platform/stripe.ts). Step 5 of the checkout sends the buyer to a Checkout Session on Stripe's hosted
 * page; the credits open when Stripe says the session is paid, by whichever comes first of its signed webhook
 * (`checkout.session.completed`) and the buyer's return to the checkout page, both through `settleSession`
 * under one key, the session's id: delivered twice, late, or both at once, the credits open once (053, 056).
 * `charge.refunded` records each refund of the payment in the ledger, once (./refunds.ts for the admin's).
 */

type Named = Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id'>

/**
 * The purchase a session (or a payment or subscription made by one) is for, as this site named it: by its
 * signed reference (`metadata.site`, also the session's `client_reference_id`; decision 086). A session made
 * before references were signed names the purchase by its id alone: `legacy`, which counts only for the
 * session the purchase itself stored (`ours`). Null for a session this site did not name.
 */
function namedPurchase(session: Named): { id: number; createdAtMs: number | null } | null {
  const signed = session.metadata?.site ?? session.client_reference_id ?? ''
  const verified = verifiedStripeReference(signed)
  if (verified) return verified
  if (session.metadata?.site !== undefined) return null
  const legacy = session.metadata?.purchase ?? ''
  return /^\d{1,12}$/.test(legacy) ? { id: Number(legacy), createdAtMs: null } : null
}

const purchaseIdOf = (session: Named): number | null => namedPurchase(session)?.id ?? null

/** Whether `session` is one this site made for purchase `p`: its signed reference, or the session `p` stored. */
function ours(session: Named & { id?: string }, p: Purchase): boolean {
  const named = namedPurchase(session)
  if (!named || named.id !== p.id) return false
  if (named.createdAtMs === null) return Boolean(session.id) && session.id === p.stripeSession
  return named.createdAtMs === new Date(p.createdAt).getTime()
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null)

const sessionsText = (n: number, minutes: number) => `${n} ${n === 1 ? 'session' : 'sessions'} of ${minutes} minutes`

/** The checkout page's address, as Stripe sends the buyer back to it. */
const checkoutAddress = (p: Purchase) => `${siteUrl().origin}${checkoutPath(p)}`

/** Where the buyer of a purchase paying by card goes next (the pay link of step 5). */
export type CardPayment = { go: 'stripe'; url: string } | { go: 'checkout' }

/**
 * The Checkout Session the buyer pays on: the purchase's session while it is open, else a new one for the
 * package's price, named in its metadata, back to the checkout page when paid or cancelled. Created with an
 * idempotency key naming the purchase and the session it replaces, so two presses at once get one session,
 * not two to pay.
 * A session found paid settles the purchase here (the buyer goes back to the checkout page, which says so).
 */
export async function cardPayment(payload: Payload, purchase: Purchase): Promise<CardPayment> {
  const settings = stripeSettings()
  if (!settings || purchase.status !== 'awaiting-payment' || purchase.paymentMethod !== 'stripe') {
    return { go: 'checkout' }
  }
  const plan = purchase.instalments ? instalmentAmounts(purchase.amount, purchase.instalments) : null
  const reference = stripeReference(purchase)
  const named = { purchase: String(purchase.id), reference: purchase.reference ?? '', site: reference }
  const step = await cardCheckoutSession(settings, {
    previous: purchase.stripeSession,
    name: purchase.packageTitle,
    description: sessionsText(purchase.sessions, purchase.sessionMinutes),
    amount: purchase.amount,
    ...(plan ? { instalments: { count: plan.length, first: plan[0]!, each: plan[1]! } } : {}),
    email: purchase.email,
    clientReferenceId: reference,
    metadata: named,
    returnTo: checkoutAddress(purchase),
    // The purchase by its id and creation time (ids repeat across sites on one Stripe account, and after a
    // restore), then the session it replaces.
    idempotencyKey: `checkout-session:${purchase.id}-${new Date(purchase.createdAt).getTime()}:${purchase.stripeSession ?? 'first'}`,
  })
  if (step.status === 'open') return { go: 'stripe', url: step.url }
  if (step.status === 'complete') {
    await settleSession(payload, step.session, { paidAt: new Date() })
    return { go: 'checkout' }
  }
  await payload.update({
    collection: 'purchases',
    id: purchase.id,
    data: { stripeSession: step.session.id },
    depth: 0,
    overrideAccess: true,
  })
  return { go: 'stripe', url: step.url }
}

export type SessionOutcome =
  | Settled['status']
  /** Not one of the site's purchases, or not paid (yet): nothing changes. */
  | 'not-ours'
  | 'unpaid'
  /** Paid, but not the purchase's price, or the purchase is open already with other details: nothing opens. */
  | 'refused'

/**
 * A Checkout Session Stripe says is complete: when it is paid and for its purchase's price, the purchase is
 * paid and its credits open, keyed by the session's id, once whoever asks and however often (settlePurchase).
 * `paidAt` starts the credits' validity (the event's time for the webhook; now for the buyer's return); the
 * first to arrive sets it.
 */
export async function settleSession(
  payload: Payload,
  session: Stripe.Checkout.Session,
  { paidAt, now = new Date() }: { paidAt: Date; now?: Date },
): Promise<SessionOutcome> {
  const id = purchaseIdOf(session)
  if (id === null) return 'not-ours'
  if (session.payment_status !== 'paid') return 'unpaid'
  const outcome = await inTransaction(payload, async (req) => {
    const p = await payload.findByID({
      collection: 'purchases',
      id,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    // Only a session this site made for this purchase opens it (not another site's on a shared account).
    if (!p || !ours(session, p)) return 'not-ours' as const
    // Paid in instalments (decision 071): the session's payment is the first instalment.
    const due = p.instalments ? instalmentAmounts(p.amount, p.instalments)[0]! : p.amount
    const subscription = p.instalments ? idOf(session.subscription) : null
    if (session.amount_total !== due || session.currency !== STRIPE_CURRENCY || (p.instalments && !subscription)) {
      console.error(
        `Checkout Session ${session.id} was paid ${session.amount_total} ${session.currency} for purchase ${p.id}, whose ${p.instalments ? 'first instalment' : 'price'} is ${due} ${STRIPE_CURRENCY}: its credits were not opened.`,
      )
      return 'refused' as const
    }
    const settled = await settlePurchase(
      payload,
      p,
      {
        // The subscription's, for instalments: each of its invoices names it too, whichever comes first.
        key: subscription ? subscriptionKey(subscription) : session.id,
        paidAt,
        now,
        data: {
          paymentMethod: 'stripe',
          stripeSession: session.id,
          stripePaymentIntent: idOf(session.payment_intent),
          ...(subscription ? { stripeSubscription: subscription } : {}),
        },
      },
      req,
    )
    // The first invoice, paid with the session: the same payment its own `invoice.paid` records, once.
    const invoice = idOf(session.invoice)
    if (subscription && invoice && settled.status !== 'refused') {
      await recordInstalment(payload, p, { key: invoiceKey(invoice), amount: due, at: paidAt }, req)
    }
    if (settled.status === 'refused') {
      console.error(
        `Checkout Session ${session.id} was paid for purchase ${p.id}, which is already paid otherwise (${settled.reason}): refund one of the payments.`,
      )
      return 'refused' as const
    }
    return settled.status
  })
  // The client's mail (their page's link) goes out now, not at the worker's next round.
  if (outcome === 'opened') void kickOutbox(payload)
  return outcome
}

/**
 * The buyer back on the checkout page of a purchase paying by card: the session they come back from (when it
 * is the purchase's own) or the purchase's latest one, asked of Stripe and settled when paid. Nothing to ask
 * before the buyer has been sent to Stripe.
 */
export async function settleOnReturn(
  payload: Payload,
  purchase: Purchase,
  returnedFrom?: string,
  now = new Date(),
): Promise<SessionOutcome> {
  const settings = stripeSettings()
  const sessionId = returnedFrom && /^cs_\w{1,250}$/.test(returnedFrom) ? returnedFrom : purchase.stripeSession
  if (!settings || !sessionId || purchase.status !== 'awaiting-payment') return 'unpaid'
  const stripe = await stripeClient(settings)
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  if (purchaseIdOf(session) !== purchase.id) return 'not-ours'
  return settleSession(payload, session, { paidAt: now, now })
}

/**
 * The purchase a Stripe payment (PaymentIntent) paid for: stored once its session settled, else asked of Stripe:
 * the session that made it, or the invoice it paid (a monthly payment of a plan, decision 071), whose
 * subscription is the purchase's.
 */
async function purchaseOfPayment(
  payload: Payload,
  settings: StripeSettings,
  stripe: Stripe,
  paymentIntent: string,
): Promise<Purchase | null> {
  const stored = await payload.find({
    collection: 'purchases',
    where: { stripePaymentIntent: { equals: paymentIntent } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  if (stored.docs[0]) return stored.docs[0]
  // A refund before the session's own event (out of order): the session that made the payment names it.
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 })
  const session = sessions.data[0]
  const id = session ? purchaseIdOf(session) : null
  if (session && id !== null) {
    const p = await payload.findByID({
      collection: 'purchases',
      id,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    return p && ours(session, p) ? p : null
  }
  const invoice = await invoiceOfPayment(settings, paymentIntent)
  return invoice ? ((await purchaseOfInvoice(payload, invoice))?.purchase ?? null) : null
}

/**
 * A charge refunded, in whole or in part, once or many times: each of its refunds (as Stripe lists them, so a
 * late or repeated event finds them all) becomes a refund in the buyer's ledger: one made in Stripe's dashboard
 * keyed by the refund's id, with its money and no credits; one the coach made from the admin keyed by its
 * request id, with the credits its metadata names, so it is the same fact as the click's (decision 067). A refund that arrives
 * before its purchase opened waits in the ledger and applies when it does. Answers how many were new.
 */
export async function recordRefunds(
  payload: Payload,
  charge: Stripe.Charge,
): Promise<{ purchase: Purchase | null; recorded: number }> {
  const settings = stripeSettings()
  const paymentIntent = idOf(charge.payment_intent)
  if (!settings || !paymentIntent) return { purchase: null, recorded: 0 }
  const stripe = await stripeClient(settings)
  const purchase = await purchaseOfPayment(payload, settings, stripe, paymentIntent)
  if (!purchase) return { purchase: null, recorded: 0 }
  const refunds = await stripe.refunds.list({ charge: charge.id, limit: 100 })
  let recorded = 0
  for (const refund of refunds.data) {
    if (!refundCounts(refund)) continue
    // One the coach made from the admin is the same fact as their click, credits and all (./refunds.ts).
    const fromAdmin = adminRefundOf(refund)
    const appended = await appendCreditEvent(
      payload,
      purchase.email,
      {
        type: 'refund',
        key: fromAdmin?.key ?? refund.id,
        at: refund.created * 1000,
        purchase: String(purchase.id),
        amount: refund.amount,
        credits: fromAdmin?.credits ?? 0,
      },
      DEFAULT_CREDIT_RULES,
    )
    if (appended.status === 'recorded' || appended.status === 'waiting') recorded++
  }
  return { purchase, recorded }
}

/** The keys of a card plan's facts in the ledger: its opening (the subscription) and each payment (an invoice). */
const subscriptionKey = (subscription: string) => `subscription:${subscription}`
const invoiceKey = (invoice: string) => `invoice:${invoice}`

/** The purchase an invoice of a plan is for: stored once its session settled, else named in its metadata. */
async function purchaseOfInvoice(payload: Payload, invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details
  const subscription = idOf(details?.subscription)
  if (!subscription) return null
  const stored = await payload.find({
    collection: 'purchases',
    where: { stripeSubscription: { equals: subscription } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  // Not stored yet (the invoice before its session's event): named by the site's signed reference only.
  const named = verifiedStripeReference(details?.metadata?.site ?? '')
  const found = named
    ? await payload.findByID({
        collection: 'purchases',
        id: named.id,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      })
    : null
  const purchase =
    stored.docs[0] ?? (found && new Date(found.createdAt).getTime() === named!.createdAtMs ? found : null)
  return purchase?.instalments ? { purchase, subscription } : null
}

export type InvoiceOutcome = 'recorded' | 'duplicate' | 'not-ours' | 'refused'

/**
 * `invoice.paid` of a plan's subscription (decision 071): one instalment received, recorded once by the
 * invoice's id. The first to arrive of it and its session's completion opens the credits (keyed by the
 * subscription), so an invoice before its session (out of order) opens them as well, once. When the last
 * instalment is in, the subscription is ended after its period: Stripe takes nothing more.
 */
export async function recordInvoice(
  payload: Payload,
  invoice: Stripe.Invoice,
  eventAt: Date,
  now = new Date(),
): Promise<InvoiceOutcome> {
  const found = await purchaseOfInvoice(payload, invoice)
  if (!found) return 'not-ours'
  const { subscription } = found
  if (invoice.currency !== STRIPE_CURRENCY || invoice.amount_paid < 1) {
    console.error(
      `Invoice ${invoice.id} of purchase ${found.purchase.id} was paid ${invoice.amount_paid} ${invoice.currency}: it was not recorded.`,
    )
    return 'refused'
  }
  const paidAt = invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : eventAt
  const outcome = await inTransaction(payload, async (req) => {
    const p = await payload.findByID({
      collection: 'purchases',
      id: found.purchase.id,
      depth: 0,
      overrideAccess: true,
      req,
    })
    let opened = false
    let current = p
    if (p.status !== 'paid') {
      const settled = await settlePurchase(
        payload,
        p,
        {
          key: subscriptionKey(subscription),
          paidAt,
          now,
          data: { paymentMethod: 'stripe', stripeSubscription: subscription },
        },
        req,
      )
      if (settled.status === 'refused') {
        console.error(
          `Invoice ${invoice.id} was paid for purchase ${p.id}, which is already paid otherwise (${settled.reason}): refund one of the payments.`,
        )
        return { status: 'refused' as const, opened, paid: 0, of: p.instalments ?? 0 }
      }
      opened = settled.status === 'opened'
      current = settled.purchase
    }
    const key = invoiceKey(invoice.id)
    const appended = await recordInstalment(payload, p, { key, amount: invoice.amount_paid, at: paidAt }, req)
    const recorded = appended.status === 'recorded' || appended.status === 'waiting'
    const paid = await instalmentsPaid(payload, p, req)
    // Payment 2 and later: the client's receipt, by the delivery that recorded it only.
    if (recorded) {
      await mailInstalmentReceipt(payload, current, { key, number: paid, amount: invoice.amount_paid, now }, req)
    }
    // Paid after all: what the coach was shown about a failed payment is over.
    if (recorded && p.instalmentProblem) {
      await payload.update({
        collection: 'purchases',
        id: p.id,
        data: { instalmentProblem: null },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    return {
      status: recorded ? ('recorded' as const) : ('duplicate' as const),
      opened,
      paid,
      of: p.instalments ?? 0,
    }
  })
  if (outcome.opened || outcome.status === 'recorded') void kickOutbox(payload)
  const settings = stripeSettings()
  if (outcome.status !== 'refused' && outcome.paid >= outcome.of && settings) {
    if (outcome.paid > outcome.of) {
      console.error(
        `Purchase ${found.purchase.id} has been paid ${outcome.paid} instalments of ${outcome.of} (invoice ${invoice.id}): refund the extra payment.`,
      )
    }
    await endInstalments(settings, subscription)
  }
  return outcome.status
}

/**
 * `invoice.payment_failed` of a plan's subscription: the coach sees on the purchase that Stripe could not take
 * the next payment (Stripe tries again by the account's retry settings; nothing is forfeited by the site). A
 * failure of an invoice already recorded as paid (the events out of order) changes nothing.
 */
export async function recordFailedInstalment(payload: Payload, invoice: Stripe.Invoice, eventAt: Date) {
  const found = await purchaseOfInvoice(payload, invoice)
  if (!found) return 'not-ours' as const
  const { purchase: p } = found
  const paidAlready = await payload.count({
    collection: 'credit-entries',
    where: { and: [{ email: { equals: p.email } }, { key: { equals: invoiceKey(invoice.id) } }] },
    overrideAccess: true,
  })
  if (paidAlready.totalDocs > 0) return 'duplicate' as const
  const n = Math.min((await instalmentsPaid(payload, p)) + 1, p.instalments ?? 1)
  const day = eventAt.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
  await payload.update({
    collection: 'purchases',
    id: p.id,
    data: {
      instalmentProblem: `Stripe could not take payment ${n} of ${p.instalments} (${formatCents(invoice.amount_due)}) from the client’s card on ${day}. Stripe tries again by itself; if it keeps failing, contact the client.`,
    },
    depth: 0,
    overrideAccess: true,
  })
  return 'recorded' as const
}

/** Larger bodies are not Stripe's events: the largest the site asks for is a few kilobytes. */
const WEBHOOK_MAX_BYTES = 512 * 1024

const answer = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/stripe/webhook, the address the coach gives Stripe: each event verified with the SDK against
 * STRIPE_WEBHOOK_SECRET. An unverifiable one is refused with 400 and stored nowhere. A verified one the site
 * has acted on before is answered 200 at once; else `checkout.session.completed` (and
 * `checkout.session.async_payment_succeeded`, for methods that confirm later) settles its session and
 * `charge.refunded` records its refunds; any other type is answered 200 and ignored. A session or invoice
 * without this site's signed reference of one of its purchases (another site's, on a shared Stripe account) is
 * answered 200 (`handled: 'not-ours'`), so Stripe stops sending it, and changes nothing. A failure is answered
 * 500, so Stripe delivers the event again later. 404 when the site has no Stripe keys.
 */
export async function stripeWebhook(request: Request): Promise<Response> {
  const settings = stripeSettings()
  if (!settings) return answer({ error: 'This site takes no payments through Stripe.' }, 404)
  const signature = request.headers.get('stripe-signature')
  const declared = Number(request.headers.get('content-length') ?? 0)
  const body = declared > WEBHOOK_MAX_BYTES ? null : await readAtMost(request, WEBHOOK_MAX_BYTES)
  if (body === null) return answer({ error: 'The request is too large.' }, 413)
  const stripe = await stripeClient(settings)
  let event: Stripe.Event
  try {
    if (!signature) throw new Error('no signature')
    event = stripe.webhooks.constructEvent(body, signature, settings.webhookSecret)
  } catch {
    console.warn('A request to the Stripe webhook was refused: its signature did not verify.')
    return answer({ error: 'The signature did not verify.' }, 400)
  }
  try {
    const payload = await payloadClient()
    const seen = await payload.count({
      collection: 'stripe-events',
      where: { eventId: { equals: event.id } },
      overrideAccess: true,
    })
    if (seen.totalDocs > 0) return answer({ received: true, handled: 'before' }, 200)
    let purchase: string | null = null
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object
        // A workshop seat's payment (decision 070), not a package's.
        if (seatRegistrationOf(session) !== null) {
          // Not a seat this site sold (another site's on a shared account): acknowledged, nothing kept.
          if ((await settleSeatSession(payload, session)) === 'not-ours')
            return answer({ received: true, handled: 'not-ours' }, 200)
          break
        }
        const outcome = await settleSession(payload, session, { paidAt: new Date(event.created * 1000) })
        // Not a session this site made (another site's on a shared account): acknowledged, nothing kept.
        if (outcome === 'not-ours') return answer({ received: true, handled: 'not-ours' }, 200)
        purchase = String(purchaseIdOf(session))
        break
      }
      case 'charge.refunded': {
        const { purchase: refunded } = await recordRefunds(payload, event.data.object)
        purchase = refunded ? String(refunded.id) : null
        break
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object
        const at = new Date(event.created * 1000)
        const outcome =
          event.type === 'invoice.paid'
            ? await recordInvoice(payload, invoice, at)
            : await recordFailedInstalment(payload, invoice, at)
        if (outcome === 'not-ours') return answer({ received: true, handled: 'not-ours' }, 200)
        const named = invoice.parent?.subscription_details?.metadata?.purchase
        purchase = named ?? null
        break
      }
      default:
        return answer({ received: true, handled: 'ignored' }, 200)
    }
    await payload
      .create({
        collection: 'stripe-events',
        data: { eventId: event.id, type: event.type, purchase },
        depth: 0,
        overrideAccess: true,
      })
      .catch(async (error: unknown) => {
        // The same event delivered twice at once: both acted (once, by the ledger's keys); one row is kept.
        const kept = await payload.count({
          collection: 'stripe-events',
          where: { eventId: { equals: event.id } },
          overrideAccess: true,
        })
        if (kept.totalDocs === 0) throw error
      })
    return answer({ received: true, handled: 'now' }, 200)
  } catch (error) {
    console.error(
      `Stripe event ${event.id} (${event.type}) could not be handled; Stripe will deliver it again:`,
      error instanceof Error ? error.message : error,
    )
    return answer({ error: 'The event could not be handled now. Please deliver it again.' }, 500)
  }
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })

/**
 * GET /coaching/checkout/<token>/pay, step 5's "Pay with Stripe": to the purchase's Checkout Session on
 * Stripe's page, or back to the checkout page (paid already, not paying by card, or Stripe not answering,
 * which the page then says). A link, not a form: the site's `form-action 'self'` (decision 013) would stop a
 * form's answer from sending the browser to Stripe; creating or reusing a session moves no money.
 */
export async function payWithStripe(token: string): Promise<Response> {
  const payload = await payloadClient()
  const purchase = await purchaseByToken(payload, token)
  if (!purchase) return seeOther('/coaching')
  const back = `/coaching/checkout/${encodeURIComponent(token)}`
  try {
    const next = await cardPayment(payload, purchase)
    return seeOther(next.go === 'stripe' ? next.url : `${back}#checkout-heading`)
  } catch (error) {
    console.error(
      `A Checkout Session for purchase ${purchase.id} could not be made:`,
      error instanceof Error ? error.message : error,
    )
    return seeOther(`${back}?problem=stripe-unavailable#checkout-heading`)
  }
}
