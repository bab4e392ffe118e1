import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Stripe from 'stripe'
import { afterAll, beforeAll } from './runner'

import { startedLater } from './started-later'

/*
 * A stand-in for the few parts of Stripe the site uses (decision 066), on loopback: Stripe cannot be reached
 * from the machines the tests run on. The site reaches it only through the SDK's own `host`, `port` and
 * `protocol` settings (STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL in `env`); nothing in the
 * product knows it is not Stripe.
 *
 * The API calls, as the SDK sends them (form-encoded bodies, `Authorization: Bearer <secret key>`,
 * `Idempotency-Key`), read into the SDK's own request types and answered with its response types:
 *   POST /v1/checkout/sessions            checkout.sessions.create (an idempotency key again: the same answer
 *                                         for the same parameters, 400 idempotency_error for others)
 *   GET  /v1/checkout/sessions/<id>       checkout.sessions.retrieve
 *   GET  /v1/checkout/sessions?payment_intent=<id>   checkout.sessions.list
 *   GET  /v1/refunds?charge=<id>          refunds.list (or ?payment_intent=<id>)
 *   GET  /v1/invoice_payments?invoice=<id>&status=paid   invoicePayments.list: the PaymentIntent that paid an
 *                                         invoice (or ?payment[type]=payment_intent&payment[payment_intent]=<id>:
 *                                         the invoice a payment paid)
 *   GET  /v1/invoices/<id>                invoices.retrieve
 *   POST /v1/refunds                      refunds.create (payment_intent, amount, metadata): refunds the
 *                                         payment's charge as Stripe does (400 for more than it has left; an
 *                                         idempotency key again: the same refund), and sends the signed
 *                                         `charge.refunded` to the site that made the session (`sendsWebhooks`)
 *   POST /v1/subscriptions/<id>           subscriptions.update (cancel_at_period_end): how the site ends a plan of
 *                                         instalments after its last payment (decision 071)
 * In `mode: 'subscription'` (a package paid in instalments) a completed session has a subscription and its first
 * invoice, paid (the session's `invoice`); `invoicePaid` and `invoiceFailed` make the later ones as Stripe would
 * each month, and answer `invoice.paid` / `invoice.payment_failed`; the hosted page's Pay sends both
 * `checkout.session.completed` and the first `invoice.paid`. Each paid invoice has its own PaymentIntent and
 * charge, which refunds.create refunds and `refundInvoice` refunds as from Stripe's dashboard.
 * A parameter the stand-in does not know is refused as Stripe refuses one (400, invalid_request_error), so a
 * call the site starts making without the stand-in learning it fails the tests.
 *
 * The hosted page: GET <session.url> is a small page with a Pay button; pressing it completes the session as
 * Stripe would, sends `checkout.session.completed` to the site that made the session (its success address's
 * origin, /api/stripe/webhook), signed with the webhook secret by the SDK's test-header helper, and at the same
 * moment sends the browser back to the success address: the webhook and the buyer's return race, as they do.
 *
 * Tests drive the rest: `complete` and `refund` make what Stripe would and answer the event, which the test
 * then delivers as it likes (twice, late, out of order, beside the return page) with `webhookRequest`.
 */

export type StandInEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.ChargeRefundedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentFailedEvent

export type StripeStandIn = {
  /** The stand-in's own address, e.g. http://127.0.0.1:43210. */
  url: string
  secretKey: string
  webhookSecret: string
  /** What a site needs in its environment to use the stand-in as its Stripe. */
  env: Record<string, string>
  /** The sessions made, by id, as the stand-in holds them now. */
  sessions: Map<string, Stripe.Checkout.Session>
  /** Every create request's parameters, as read from the SDK's form encoding, with its idempotency key. */
  created: { params: Stripe.Checkout.SessionCreateParams; idempotencyKey: string | null }[]
  /** Every refund made through the API (refunds.create), with its idempotency key; a repeat of a key adds none. */
  refundsMade: { refund: Stripe.Refund; idempotencyKey: string | null }[]
  /** Every API request: method and path with its query. */
  requests: string[]
  /** Every refunds.create request's parameters, as read from the SDK's form encoding, with its idempotency key. */
  refundsCreated: { params: Stripe.RefundCreateParams; idempotencyKey: string | null }[]
  /** The refunds made, newest first, by charge id. */
  refunds: Map<string, Stripe.Refund[]>
  /**
   * Whether the stand-in sends its events itself (the hosted page's `checkout.session.completed`, a refund's
   * `charge.refunded`) to the site that made the session; true unless a test delivers them by hand.
   */
  sendsWebhooks: boolean
  /** The webhook deliveries the stand-in made (or would have made), with the site's answer's status once it came. */
  deliveries: { event: StandInEvent; status: Promise<number> }[]
  /** Completes a session as the hosted page's Pay does (paid, a PaymentIntent and a charge), without sending anything. */
  complete: (sessionId: string, at?: Date) => Stripe.CheckoutSessionCompletedEvent
  /** The subscriptions made by completed sessions in `mode: 'subscription'`, by id, as the stand-in holds them now. */
  subscriptions: Map<string, Stripe.Subscription>
  /** Every subscriptions.update request: the subscription, its parameters and its idempotency key. */
  subscriptionsUpdated: { id: string; params: Stripe.SubscriptionUpdateParams; idempotencyKey: string | null }[]
  /**
   * The n-th invoice (1 is the session's own) of a completed subscription session, paid: made as Stripe makes
   * each month's (the recurring price only) when it does not exist yet. Answers `invoice.paid`.
   */
  invoicePaid: (sessionId: string, n: number, at?: Date) => Stripe.InvoicePaidEvent
  /** The n-th invoice of a completed subscription session, its payment failed (still open). Answers `invoice.payment_failed`. */
  invoiceFailed: (sessionId: string, n: number, at?: Date) => Stripe.InvoicePaymentFailedEvent
  /**
   * Refunds `amount` of the charge of the n-th invoice of a completed subscription session (as the coach would
   * in Stripe's dashboard; a new refund each call); answers `charge.refunded`.
   */
  refundInvoice: (
    sessionId: string,
    n: number,
    amount: number,
    at?: Date,
    metadata?: Record<string, string>,
  ) => Stripe.ChargeRefundedEvent
  /** The PaymentIntent that paid the n-th invoice of a completed subscription session. */
  invoicePaymentIntent: (sessionId: string, n: number) => string
  /** Refunds `amount` of a completed session's charge (a new refund each call); answers `charge.refunded`. */
  refund: (
    sessionId: string,
    amount: number,
    at?: Date,
    metadata?: Record<string, string>,
  ) => Stripe.ChargeRefundedEvent
  /** The event's body and Stripe-Signature header, signed with `secret` (the webhook secret unless given). */
  signed: (event: StandInEvent, secret?: string) => { body: string; signature: string }
  /** The site's webhook request for an event, as Stripe sends it (for calling the route's handler directly). */
  webhookRequest: (event: StandInEvent, options?: { secret?: string; signature?: string; url?: string }) => Request
  /** While true, every API call is answered 500 (Stripe having trouble). */
  failing: boolean
  close: () => Promise<void>
}

const rand = (n = 14) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x')
const seconds = (at: Date) => Math.floor(at.getTime() / 1000)

/** A form-encoded body as the SDK writes it (`a[b][0][c]=v`), read back into nested objects and arrays. */
export function readForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[')
    let at: Record<string, unknown> | unknown[] = root
    path.forEach((key, i) => {
      const last = i === path.length - 1
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!)
      const slot = at as Record<string, unknown>
      if (last) slot[key] = value
      else at = (slot[key] ??= nextIsIndex ? [] : {}) as Record<string, unknown>
    })
  }
  return root
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message)
  }
}

function only(what: string, value: unknown, allowed: string[]): Record<string, unknown> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refusal(400, `Invalid ${what}`)
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      throw new Refusal(400, `Received unknown parameter: ${what ? `${what}[${key}]` : key}`, key)
  }
  return value as Record<string, unknown>
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const integer = (name: string, value: unknown): number => {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new Refusal(400, `Invalid integer: ${name}`, name)
  return Number(value)
}
const metadata = (value: unknown): Record<string, string> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refusal(400, 'Invalid metadata')
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))
}

/** The create request as the SDK's type of it, from its form encoding; anything else refused. */
function sessionCreateParams(form: Record<string, unknown>): Stripe.Checkout.SessionCreateParams {
  const top = only('', form, [
    'mode',
    'line_items',
    'customer_email',
    'client_reference_id',
    'metadata',
    'payment_intent_data',
    'subscription_data',
    'success_url',
    'cancel_url',
  ])
  if (!Array.isArray(top.line_items)) throw new Refusal(400, 'Missing required param: line_items.', 'line_items')
  const lineItems = top.line_items.map((raw, i): Stripe.Checkout.SessionCreateParams.LineItem => {
    const item = only(`line_items[${i}]`, raw, ['quantity', 'price_data'])
    const price = only(`line_items[${i}][price_data]`, item.price_data, [
      'currency',
      'unit_amount',
      'product_data',
      'recurring',
    ])
    const product = only(`line_items[${i}][price_data][product_data]`, price.product_data, ['name', 'description'])
    const recurring = only(`line_items[${i}][price_data][recurring]`, price.recurring, ['interval', 'interval_count'])
    if (price.recurring !== undefined && top.mode !== 'subscription') {
      throw new Refusal(400, 'You must use `mode=subscription` with recurring prices.', 'line_items')
    }
    return {
      quantity: integer('quantity', item.quantity),
      price_data: {
        currency: text(price.currency) ?? '',
        unit_amount: integer('unit_amount', price.unit_amount),
        ...(price.recurring
          ? {
              recurring: {
                interval: text(
                  recurring.interval,
                ) as Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring.Interval,
                ...(recurring.interval_count
                  ? { interval_count: integer('interval_count', recurring.interval_count) }
                  : {}),
              },
            }
          : {}),
        product_data: {
          name: text(product.name) ?? '',
          ...(product.description ? { description: text(product.description) } : {}),
        },
      },
    }
  })
  const intent = only('payment_intent_data', top.payment_intent_data, ['metadata'])
  const subscription = only('subscription_data', top.subscription_data, ['metadata'])
  if (top.mode === 'subscription' && top.payment_intent_data !== undefined) {
    throw new Refusal(400, 'You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data')
  }
  if (top.mode === 'subscription' && !lineItems.some((item) => item.price_data?.recurring)) {
    throw new Refusal(400, 'You must provide at least one recurring price in `subscription` mode.', 'line_items')
  }
  return {
    mode: text(top.mode) as Stripe.Checkout.SessionCreateParams.Mode,
    line_items: lineItems,
    ...(top.customer_email ? { customer_email: text(top.customer_email) } : {}),
    ...(top.client_reference_id ? { client_reference_id: text(top.client_reference_id) } : {}),
    ...(top.metadata ? { metadata: metadata(top.metadata) } : {}),
    ...(intent.metadata ? { payment_intent_data: { metadata: metadata(intent.metadata) } } : {}),
    ...(subscription.metadata ? { subscription_data: { metadata: metadata(subscription.metadata) } } : {}),
    ...(top.success_url ? { success_url: text(top.success_url) } : {}),
    ...(top.cancel_url ? { cancel_url: text(top.cancel_url) } : {}),
  }
}

function newSession(params: Stripe.Checkout.SessionCreateParams, url: string, now: Date): Stripe.Checkout.Session {
  const id = `cs_test_${rand(24)}`
  const total = (params.line_items ?? []).reduce(
    (sum, item) => sum + (item.price_data?.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  )
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: seconds(now),
    currency: params.line_items?.[0]?.price_data?.currency ?? null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: params.customer_email ?? null,
    discounts: [],
    expires_at: seconds(now) + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: params.metadata
      ? Object.fromEntries(Object.entries(params.metadata).map(([k, v]) => [k, String(v)]))
      : {},
    mode: params.mode ?? 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.success_url ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${url}/c/pay/${id}`,
    wallet_options: null,
  }
}

function newCharge(
  session: Stripe.Checkout.Session,
  paymentIntent: string,
  at: Date,
  amount = session.amount_total ?? 0,
): Stripe.Charge {
  return {
    id: `ch_test_${rand()}`,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: `txn_test_${rand()}`,
    billing_details: { address: null, email: session.customer_email, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'COACH SITE',
    captured: true,
    created: seconds(at),
    currency: session.currency ?? 'usd',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: paymentIntent,
    payment_method: `pm_test_${rand()}`,
    payment_method_details: null,
    receipt_email: session.customer_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: null,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  }
}

function newRefund(
  charge: Stripe.Charge,
  amount: number,
  at: Date,
  metadata: Record<string, string> = {},
): Stripe.Refund {
  return {
    id: `re_test_${rand()}`,
    object: 'refund',
    amount,
    balance_transaction: `txn_test_${rand()}`,
    charge: charge.id,
    created: seconds(at),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}

/** A subscription as a completed session in `mode: 'subscription'` makes it, with its metadata and first invoice. */
function newSubscription(
  session: Stripe.Checkout.Session,
  metadata: Record<string, string>,
  at: Date,
): Stripe.Subscription {
  return {
    id: `sub_test_${rand()}`,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: seconds(at),
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: null,
    collection_method: 'charge_automatically',
    created: seconds(at),
    currency: session.currency ?? 'usd',
    customer: `cus_test_${rand()}`,
    customer_account: null,
    days_until_due: null,
    default_payment_method: `pm_test_${rand()}`,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list([], '/v1/subscription_items'),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: seconds(at),
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: null,
    trial_start: null,
  }
}

/** An invoice of a subscription: paid (`amount` taken) or open with its payment failed. */
function newInvoice(
  subscription: Stripe.Subscription,
  {
    amount,
    paid,
    at,
    email,
    reason,
  }: { amount: number; paid: boolean; at: Date; email: string | null; reason: Stripe.Invoice.BillingReason },
): Stripe.Invoice {
  return {
    id: `in_test_${rand()}`,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Coach Site',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: seconds(at),
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
    customer_account: null,
    customer_address: null,
    customer_email: email,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: seconds(at),
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list([], '/v1/invoices/lines'),
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : seconds(at) + 3 * 24 * 60 * 60,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: seconds(at),
    period_start: seconds(at),
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: seconds(at),
      marked_uncollectible_at: null,
      paid_at: paid ? seconds(at) : null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: seconds(at),
  }
}

/** The record of an invoice paid by a PaymentIntent, as Stripe lists it (invoicePayments.list). */
function newInvoicePayment(invoice: Stripe.Invoice, paymentIntent: string, charge: string): Stripe.InvoicePayment {
  return {
    id: `inpay_test_${rand()}`,
    object: 'invoice_payment',
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_due,
    created: invoice.created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent, charge },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: invoice.status_transitions.paid_at },
  }
}

const eventBase = (at: Date) => ({
  id: `evt_test_${rand(20)}`,
  object: 'event' as const,
  api_version: Stripe.API_VERSION,
  created: seconds(at),
  livemode: false,
  pending_webhooks: 1,
  request: null,
})

const list = <T>(data: T[], url: string): Stripe.ApiList<T> => ({ object: 'list', data, has_more: false, url })

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** The hosted page: what is paid for, a Pay button, and the way back. */
function hostedPage(session: Stripe.Checkout.Session, title: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay ${escape(title)} | Stripe stand-in</title></head>
<body>
<main>
<h1>Pay ${escape(title)}</h1>
<p>Amount: ${money(session.amount_total ?? 0)}</p>
<form method="post" action="/c/pay/${escape(session.id)}"><button type="submit">Pay ${money(session.amount_total ?? 0)}</button></form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back without paying</a></p>` : ''}
</main>
</body>
</html>`
}

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

/** A list request's query, every parameter one the stand-in knows; another is refused as Stripe refuses one. */
function knownQuery(url: URL, known: string[]): URLSearchParams {
  for (const name of url.searchParams.keys())
    if (!known.includes(name)) throw new Refusal(400, `Received unknown parameter: ${name}`, name)
  return url.searchParams
}

/** The refunds.create request as the SDK's type of it, from its form encoding; anything else refused. */
function refundCreateParams(form: Record<string, unknown>): Stripe.RefundCreateParams {
  const top = only('', form, ['payment_intent', 'amount', 'metadata'])
  if (!top.payment_intent) throw new Refusal(400, 'Missing required param: payment_intent.', 'payment_intent')
  return {
    payment_intent: text(top.payment_intent),
    ...(top.amount !== undefined ? { amount: integer('amount', top.amount) } : {}),
    ...(top.metadata ? { metadata: metadata(top.metadata) } : {}),
  }
}

/** Starts the stand-in on a free loopback port with a new pair of test keys. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${rand(24)}`
  const webhookSecret = `whsec_${rand(24)}`
  const sessions = new Map<string, Stripe.Checkout.Session>()
  const charges = new Map<string, Stripe.Charge>()
  const refunds = new Map<string, Stripe.Refund[]>()
  const titles = new Map<string, string>()
  const byIdempotencyKey = new Map<
    string,
    { params: Stripe.Checkout.SessionCreateParams; session: Stripe.Checkout.Session }
  >()
  const created: StripeStandIn['created'] = []
  const requests: string[] = []
  const deliveries: StripeStandIn['deliveries'] = []
  const refundsCreated: StripeStandIn['refundsCreated'] = []
  const refundsByKey = new Map<string, { params: Stripe.RefundCreateParams; refund: Stripe.Refund }>()
  // Subscription mode: each session's recurring amount and subscription metadata (from its create request),
  // the subscriptions made and their invoices, in order.
  const plans = new Map<string, { monthly: number; metadata: Record<string, string> }>()
  const subscriptions = new Map<string, Stripe.Subscription>()
  const invoices = new Map<string, Stripe.Invoice[]>()
  const subscriptionsUpdated: StripeStandIn['subscriptionsUpdated'] = []
  // Each paid invoice's payment (a PaymentIntent and its charge), and the session each charge came from.
  const invoicePayments: Stripe.InvoicePayment[] = []
  const chargeSessions = new Map<string, string>()

  /** An invoice of a session's subscription paid: its PaymentIntent and charge made, as Stripe makes them. */
  const payInvoice = (sessionId: string, invoice: Stripe.Invoice, at: Date) => {
    if (invoicePayments.some((p) => p.invoice === invoice.id)) return
    const paymentIntent = `pi_test_${rand()}`
    const charge = newCharge(sessions.get(sessionId)!, paymentIntent, at, invoice.amount_paid)
    charges.set(charge.id, charge)
    chargeSessions.set(charge.id, sessionId)
    invoicePayments.push(newInvoicePayment(invoice, paymentIntent, charge.id))
  }

  const subscriptionOf = (sessionId: string): Stripe.Subscription => {
    const subscription = subscriptions.get(String(sessions.get(sessionId)?.subscription))
    if (!subscription) throw new Error(`Session ${sessionId} has no subscription: complete it first.`)
    return subscription
  }
  /** The n-th invoice of a session's subscription; a later one is made as Stripe makes each month's. */
  const invoiceOf = (sessionId: string, n: number, at: Date, paid: boolean): Stripe.Invoice => {
    const subscription = subscriptionOf(sessionId)
    const made = invoices.get(subscription.id)!
    if (n > made.length + 1)
      throw new Error(`Invoice ${n} of ${subscription.id} comes after invoice ${made.length + 1}.`)
    if (n === made.length + 1) {
      const session = sessions.get(sessionId)!
      made.push(
        newInvoice(subscription, {
          amount: plans.get(sessionId)!.monthly,
          paid,
          at,
          email: session.customer_email,
          reason: 'subscription_cycle',
        }),
      )
      subscription.latest_invoice = made.at(-1)!.id
    }
    const invoice = made[n - 1]!
    if (paid && invoice.status !== 'paid') {
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        attempt_count: invoice.attempt_count + 1,
        next_payment_attempt: null,
        status_transitions: { ...invoice.status_transitions, paid_at: seconds(at) },
      } satisfies Partial<Stripe.Invoice>)
    }
    if (paid) payInvoice(sessionId, invoice, at)
    return invoice
  }

  /** Refunds `amount` of a charge (a new refund each call); answers `charge.refunded`. */
  const refundCharge = (
    charge: Stripe.Charge,
    amount: number,
    at: Date,
    metadata: Record<string, string>,
  ): Stripe.ChargeRefundedEvent => {
    const refund = newRefund(charge, amount, at, metadata)
    refunds.set(charge.id, [refund, ...(refunds.get(charge.id) ?? [])])
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded >= charge.amount
    return { ...eventBase(at), type: 'charge.refunded', data: { object: structuredClone(charge) } }
  }
  const chargeOfPayment = (paymentIntent: string) =>
    [...charges.values()].find((c) => c.payment_intent === paymentIntent)

  const chargeOf = (sessionId: string): Stripe.Charge => {
    const session = sessions.get(sessionId)
    const charge = [...charges.values()].find((c) => c.payment_intent === session?.payment_intent)
    if (!charge) throw new Error(`Session ${sessionId} has no charge: complete it first.`)
    return charge
  }

  const standIn: StripeStandIn = {
    url: '',
    secretKey,
    webhookSecret,
    env: {},
    sessions,
    created,
    refundsMade: [],
    requests,
    deliveries,
    refundsCreated,
    refunds,
    sendsWebhooks: true,
    failing: false,
    subscriptions,
    subscriptionsUpdated,
    invoicePaid(sessionId, n, at = new Date()) {
      const invoice = invoiceOf(sessionId, n, at, true)
      return { ...eventBase(at), type: 'invoice.paid', data: { object: structuredClone(invoice) } }
    },
    invoiceFailed(sessionId, n, at = new Date()) {
      const invoice = invoiceOf(sessionId, n, at, false)
      return { ...eventBase(at), type: 'invoice.payment_failed', data: { object: structuredClone(invoice) } }
    },
    complete(sessionId, at = new Date()) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId}`)
      if (session.status === 'open' && session.mode === 'subscription') {
        // The subscription starts, its first invoice (the recurring price and any one-time lines) paid.
        const subscription = newSubscription(session, plans.get(sessionId)!.metadata, at)
        const first = newInvoice(subscription, {
          amount: session.amount_total ?? 0,
          paid: true,
          at,
          email: session.customer_email,
          reason: 'subscription_create',
        })
        subscription.latest_invoice = first.id
        subscriptions.set(subscription.id, subscription)
        invoices.set(subscription.id, [first])
        payInvoice(sessionId, first, at)
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          subscription: subscription.id,
          invoice: first.id,
          customer: subscription.customer,
          url: null,
        } satisfies Partial<Stripe.Checkout.Session>)
      }
      if (session.status === 'open') {
        const paymentIntent = `pi_test_${rand()}`
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          payment_intent: paymentIntent,
          customer_details: {
            address: null,
            business_name: null,
            email: session.customer_email,
            individual_name: null,
            name: 'Test Buyer',
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          },
          url: null,
        } satisfies Partial<Stripe.Checkout.Session>)
        const charge = newCharge(session, paymentIntent, at)
        charges.set(charge.id, charge)
        chargeSessions.set(charge.id, sessionId)
      }
      return {
        ...eventBase(at),
        type: 'checkout.session.completed',
        data: { object: structuredClone(session) },
      }
    },
    refund(sessionId, amount, at = new Date(), metadata = {}) {
      return refundCharge(chargeOf(sessionId), amount, at, metadata)
    },
    refundInvoice(sessionId, n, amount, at = new Date(), metadata = {}) {
      const invoice = invoices.get(subscriptionOf(sessionId).id)?.[n - 1]
      const paid = invoicePayments.find((p) => p.invoice === invoice?.id)
      if (!paid) throw new Error(`Invoice ${n} of session ${sessionId} is not paid.`)
      return refundCharge(charges.get(String(paid.payment.charge))!, amount, at, metadata)
    },
    invoicePaymentIntent(sessionId, n) {
      const invoice = invoices.get(subscriptionOf(sessionId).id)?.[n - 1]
      const paid = invoicePayments.find((p) => p.invoice === invoice?.id)
      if (!paid) throw new Error(`Invoice ${n} of session ${sessionId} is not paid.`)
      return String(paid.payment.payment_intent)
    },
    signed(event, secret = webhookSecret) {
      const body = JSON.stringify(event, null, 2)
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
    },
    webhookRequest(event, { secret, signature, url = 'http://localhost:3000/api/stripe/webhook' } = {}) {
      const signed = standIn.signed(event, secret)
      return new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature === '' ? {} : { 'stripe-signature': signature ?? signed.signature }),
        },
        body: signed.body,
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  /** Sends `event`, signed, to the webhook of the site that made `session` (not awaited); kept in `deliveries`. */
  const deliver = (event: StandInEvent, session: Stripe.Checkout.Session) => {
    if (!standIn.sendsWebhooks) return void deliveries.push({ event, status: Promise.resolve(0) })
    const target = new URL('/api/stripe/webhook', session.success_url ?? 'http://localhost').toString()
    const signed = standIn.signed(event)
    const status = fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
      body: signed.body,
    })
      .then((r) => r.status)
      .catch(() => 0)
    deliveries.push({ event, status })
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand()}` })
    res.end(JSON.stringify(body))
  }
  const stripeError = (res: http.ServerResponse, status: number, message: string, param?: string) =>
    json(res, status, {
      error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
    })

  /** As Stripe: a key answers the same request again, and refuses another one. */
  const idempotencyError = (res: http.ServerResponse, key: string) =>
    json(res, 400, {
      error: {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      },
    })

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    if (standIn.failing)
      return json(res, 500, { error: { type: 'api_error', message: 'The stand-in is failing on purpose.' } })
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'Invalid API Key provided.')
    }
    const body = await readBody(req)
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = [req.headers['idempotency-key'] ?? []].flat()[0] ?? null
      const params = sessionCreateParams(readForm(body))
      created.push({ params, idempotencyKey: key })
      const again = key ? byIdempotencyKey.get(key) : undefined
      if (again) {
        if (JSON.stringify(again.params) !== JSON.stringify(params)) return idempotencyError(res, key!)
        return json(res, 200, again.session)
      }
      const session = newSession(params, standIn.url, new Date())
      sessions.set(session.id, session)
      const monthly = params.line_items?.find((item) => item.price_data?.recurring)?.price_data?.unit_amount
      if (monthly !== undefined) {
        plans.set(session.id, {
          monthly,
          metadata: (params.subscription_data?.metadata ?? {}) as Record<string, string>,
        })
      }
      titles.set(session.id, params.line_items?.[0]?.price_data?.product_data?.name ?? 'your purchase')
      if (key) byIdempotencyKey.set(key, { params, session: structuredClone(session) })
      return json(res, 200, session)
    }
    const one = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname)
    if (req.method === 'GET' && one) {
      const session = sessions.get(one[1]!)
      if (!session) return stripeError(res, 404, `No such checkout.session: '${one[1]}'`, 'session')
      return json(res, 200, session)
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const pi = url.searchParams.get('payment_intent')
      const found = [...sessions.values()].filter((s) => !pi || s.payment_intent === pi)
      return json(res, 200, list(found, '/v1/checkout/sessions'))
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = [req.headers['idempotency-key'] ?? []].flat()[0] ?? null
      const params = refundCreateParams(readForm(body))
      refundsCreated.push({ params, idempotencyKey: key })
      const again = key ? refundsByKey.get(key) : undefined
      if (again) {
        if (JSON.stringify(again.params) !== JSON.stringify(params)) return idempotencyError(res, key!)
        return json(res, 200, again.refund)
      }
      const charge = chargeOfPayment(params.payment_intent!)
      const session = charge ? sessions.get(chargeSessions.get(charge.id)!) : undefined
      if (!charge || !session) {
        return stripeError(res, 404, `No such payment_intent: '${params.payment_intent}'`, 'payment_intent')
      }
      const unrefunded = charge.amount - charge.amount_refunded
      const amount = params.amount ?? unrefunded
      if (amount < 1 || amount > unrefunded) {
        return stripeError(
          res,
          400,
          `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(unrefunded)})`,
          'amount',
        )
      }
      const event = refundCharge(charge, amount, new Date(), (params.metadata ?? {}) as Record<string, string>)
      const refund = refunds.get(charge.id)![0]!
      if (key) refundsByKey.set(key, { params, refund: structuredClone(refund) })
      standIn.refundsMade.push({ refund, idempotencyKey: key })
      deliver(event, session)
      return json(res, 200, refund)
    }
    const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname)
    if (req.method === 'POST' && subscription) {
      const key = [req.headers['idempotency-key'] ?? []].flat()[0] ?? null
      const form = only('', readForm(body), ['cancel_at_period_end'])
      if (form.cancel_at_period_end !== 'true' && form.cancel_at_period_end !== 'false') {
        throw new Refusal(400, 'Invalid boolean: cancel_at_period_end', 'cancel_at_period_end')
      }
      const params: Stripe.SubscriptionUpdateParams = { cancel_at_period_end: form.cancel_at_period_end === 'true' }
      subscriptionsUpdated.push({ id: subscription[1]!, params, idempotencyKey: key })
      const found = subscriptions.get(subscription[1]!)
      if (!found) return stripeError(res, 404, `No such subscription: '${subscription[1]}'`, 'id')
      found.cancel_at_period_end = params.cancel_at_period_end!
      return json(res, 200, found)
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const query = knownQuery(url, ['charge', 'payment_intent', 'limit'])
      const paymentIntent = query.get('payment_intent')
      const charge = paymentIntent ? (chargeOfPayment(paymentIntent)?.id ?? '') : (query.get('charge') ?? '')
      return json(res, 200, list(refunds.get(charge) ?? [], '/v1/refunds'))
    }
    if (req.method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const query = knownQuery(url, ['invoice', 'status', 'payment[type]', 'payment[payment_intent]', 'limit'])
      const type = query.get('payment[type]')
      if (type !== null && type !== 'payment_intent') throw new Refusal(400, 'Invalid payment[type]', 'payment')
      const found = invoicePayments.filter(
        (p) =>
          (!query.has('invoice') || p.invoice === query.get('invoice')) &&
          (!query.has('status') || p.status === query.get('status')) &&
          (!query.has('payment[payment_intent]') || p.payment.payment_intent === query.get('payment[payment_intent]')),
      )
      return json(res, 200, list(found, '/v1/invoice_payments'))
    }
    const invoice = /^\/v1\/invoices\/(\w+)$/.exec(url.pathname)
    if (req.method === 'GET' && invoice) {
      const found = [...invoices.values()].flat().find((i) => i.id === invoice[1])
      if (!found) return stripeError(res, 404, `No such invoice: '${invoice[1]}'`, 'id')
      return json(res, 200, found)
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
  }

  async function hosted(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<void> {
    const session = sessions.get(id)
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return void res.end('No such session.')
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return void res.end(hostedPage(session, titles.get(id) ?? 'your purchase'))
    }
    await readBody(req)
    const event = standIn.complete(id)
    // Sent, not awaited: the buyer's return and the webhook reach the site at the same time.
    deliver(event, session)
    // A subscription's first invoice is paid with the session: Stripe sends its event too.
    if (session.mode === 'subscription') deliver(standIn.invoicePaid(id, 1), session)
    res.writeHead(303, { location: (session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', id) })
    res.end()
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const pay = /^\/c\/pay\/([\w]+)$/.exec(url.pathname)
    const done = pay ? hosted(req, res, pay[1]!) : api(req, res, url)
    done.catch((error: unknown) => {
      if (error instanceof Refusal) return stripeError(res, error.status, error.message, error.param)
      json(res, 500, { error: { type: 'api_error', message: String(error) } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  standIn.url = `http://127.0.0.1:${port}`
  standIn.env = {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
  }
  return standIn
}

/**
 * The stand-in for the tests around the call (a test file's top level or a describe block): started in a
 * beforeAll registered here, so before any site made after this call starts (its own beforeAll runs later),
 * and closed after the tests. What it answers stands for the stand-in once started; its `env`, filled in when
 * it starts, can be handed to a site's environment at once.
 */
export function stripeStandInForTests(): StripeStandIn {
  let started: StripeStandIn | undefined
  const env: Record<string, string> = {}
  beforeAll(async () => {
    started = await startStripeStandIn()
    Object.assign(env, started.env)
  })
  afterAll(async () => {
    await started?.close()
  })
  const current = () => {
    if (!started) throw new Error('No Stripe stand-in: did beforeAll fail?')
    return started
  }
  return startedLater(current, { env })
}
