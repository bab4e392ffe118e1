import type Stripe from 'stripe'

/*
 * The coach's Stripe account (decision 066): two keys from the environment, never stored in the database.
 * STRIPE_SECRET_KEY (`sk_live_…`, `sk_test_…` or a restricted `rk_…` key) makes the site's calls;
 * STRIPE_WEBHOOK_SECRET (`whsec_…`) verifies what Stripe sends to /api/stripe/webhook. Without both, the site
 * takes no card payments and sells by bank transfer alone, and the `stripe` package is never loaded.
 *
 * STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL are the SDK's own `host`, `port` and `protocol`
 * settings: unset, the SDK talks to Stripe; the tests set them to a stand-in on loopback.
 */

export type StripeSettings = { secretKey: string; webhookSecret: string }

/** The keys, when the coach has set both; null otherwise (bank transfer only). */
export function stripeSettings(): StripeSettings | null {
  const secretKey = process.env.STRIPE_SECRET_KEY?.trim()
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET?.trim()
  return secretKey && webhookSecret ? { secretKey, webhookSecret } : null
}

/** Whether the site takes card payments through Stripe Checkout. */
export const stripeEnabled = (): boolean => stripeSettings() !== null

/** The currency of every price on the site: prices are written in dollars (formatCents). */
export const STRIPE_CURRENCY = 'usd'

type Api = { host?: string; port?: number; protocol?: 'http' | 'https' }

function apiAddress(): Api {
  const host = process.env.STRIPE_API_HOST?.trim()
  if (!host) return {}
  const port = Number(process.env.STRIPE_API_PORT)
  return {
    host,
    ...(Number.isSafeInteger(port) && port > 0 ? { port } : {}),
    protocol: process.env.STRIPE_API_PROTOCOL === 'http' ? 'http' : 'https',
  }
}

// One client per process and settings (the keys or the address may change between tests of one process).
const CLIENT = Symbol.for('coach.stripe.client')
type Made = { key: string; client: Stripe }
const holder = globalThis as { [CLIENT]?: Made }

/**
 * The SDK's client for these keys. Loaded on first use: a site without Stripe keys never holds the package
 * in memory (decision 043). The SDK retries a failed call twice, with the same idempotency key.
 */
export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const api = apiAddress()
  const key = `${settings.secretKey}\n${JSON.stringify(api)}`
  const made = holder[CLIENT]
  if (made?.key === key) return made.client
  const { default: StripeSdk } = await import('stripe')
  const client = new StripeSdk(settings.secretKey, { ...api, maxNetworkRetries: 2, timeout: 20_000, telemetry: false })
  holder[CLIENT] = { key, client }
  return client
}

/**
 * Gives back `amount` cents (all of it when absent) of a card payment (its PaymentIntent), once: the
 * idempotency key names the refund's fact (e.g. the registration given up), so a second press, a retry by the
 * SDK or two requests at once make one refund. Answers Stripe's refund. The one place the site refunds a card
 * (workshop seats, decision 070; the packages' refunds from the admin may call it too).
 */
export async function refundCardPayment(
  settings: StripeSettings,
  {
    paymentIntent,
    amount,
    idempotencyKey,
    metadata = {},
  }: { paymentIntent: string; amount?: number; idempotencyKey: string; metadata?: Record<string, string> },
): Promise<Stripe.Refund> {
  const stripe = await stripeClient(settings)
  return stripe.refunds.create(
    { payment_intent: paymentIntent, ...(amount === undefined ? {} : { amount }), metadata },
    { idempotencyKey },
  )
}

/** Money on its way back counts as refunded; a refund that failed or was cancelled gave nothing back. */
export const refundCounts = (refund: Pick<Stripe.Refund, 'status'>): boolean =>
  refund.status === 'succeeded' || refund.status === 'pending'

/**
 * A card payment as a refund needs it: the PaymentIntent and the refunds made of it so far (Stripe's list, so
 * one made in the dashboard counts too).
 */
export async function paymentRefunds(settings: StripeSettings, paymentIntent: string): Promise<Stripe.Refund[]> {
  const stripe = await stripeClient(settings)
  return (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data.filter(refundCounts)
}

/** The PaymentIntent that paid an invoice (a subscription's monthly payment), or null when none did. */
export async function invoicePaymentIntent(settings: StripeSettings, invoice: string): Promise<string | null> {
  const stripe = await stripeClient(settings)
  const paid = await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 })
  const intent = paid.data[0]?.payment.payment_intent
  return typeof intent === 'string' ? intent : (intent?.id ?? null)
}

/** The invoice a PaymentIntent paid (a subscription's monthly payment), or null when it paid none. */
export async function invoiceOfPayment(
  settings: StripeSettings,
  paymentIntent: string,
): Promise<Stripe.Invoice | null> {
  const stripe = await stripeClient(settings)
  const paid = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    limit: 1,
  })
  const invoice = paid.data[0]?.invoice
  if (!invoice) return null
  if (typeof invoice !== 'string') return 'deleted' in invoice ? null : invoice
  return stripe.invoices.retrieve(invoice)
}

/** What a card payment buys, as the Checkout Session shows it and names it for the site (decisions 066, 070, 071). */
export type CardCheckout = {
  /** The buyer's latest Checkout Session, if any: while it is open, it is the one to pay. */
  previous: string | null | undefined
  /** What the buyer pays for, and a line under it. */
  name: string
  description: string
  /** The price in cents, in full. */
  amount: number
  /**
   * Paid in this many monthly instalments instead: a subscription of the equal monthly amount, the odd cents
   * added to the first invoice as a one-time line; the site ends it after the last payment (decision 071).
   */
  instalments?: { count: number; each: number; first: number }
  email: string
  clientReferenceId: string
  /** Names the site's record on the session and on its payment (PaymentIntent or subscription). */
  metadata: Record<string, string>
  /** The page Stripe sends the buyer back to: `?session_id=` when paid, `?payment=cancelled` when they leave. */
  returnTo: string
  /** Names the record and the session this one replaces: two presses at once make one session. */
  idempotencyKey: string
}

export type CardCheckoutStep =
  /** The previous session is still open: pay there. */
  | { status: 'open'; url: string }
  /** The previous session was completed: the caller settles it. */
  | { status: 'complete'; session: Stripe.Checkout.Session }
  /** A new session to pay at, for the caller to keep as the latest. */
  | { status: 'new'; session: Stripe.Checkout.Session; url: string }

/**
 * Where a buyer pays by card: the previous Checkout Session while it is open, else a new one. One call for
 * every card payment the site takes (a package, in full or in instalments; a workshop seat).
 */
export async function cardCheckoutSession(settings: StripeSettings, what: CardCheckout): Promise<CardCheckoutStep> {
  const stripe = await stripeClient(settings)
  if (what.previous) {
    const previous = await stripe.checkout.sessions.retrieve(what.previous)
    if (previous.status === 'open' && previous.url) return { status: 'open', url: previous.url }
    if (previous.status === 'complete') return { status: 'complete', session: previous }
  }
  const product = { name: what.name, description: what.description }
  const plan = what.instalments
  const params: Stripe.Checkout.SessionCreateParams = plan
    ? {
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: STRIPE_CURRENCY,
              unit_amount: plan.each,
              recurring: { interval: 'month' },
              product_data: product,
            },
          },
          // The odd cents, once, with the first payment (a one-time line goes on the first invoice only).
          ...(plan.first > plan.each
            ? [
                {
                  quantity: 1,
                  price_data: {
                    currency: STRIPE_CURRENCY,
                    unit_amount: plan.first - plan.each,
                    product_data: { name: `${what.name}: the odd cents, with the first payment` },
                  },
                },
              ]
            : []),
        ],
        customer_email: what.email,
        client_reference_id: what.clientReferenceId,
        metadata: what.metadata,
        subscription_data: { metadata: { ...what.metadata, instalments: String(plan.count) } },
        success_url: `${what.returnTo}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${what.returnTo}?payment=cancelled`,
      }
    : {
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: STRIPE_CURRENCY, unit_amount: what.amount, product_data: product } },
        ],
        customer_email: what.email,
        client_reference_id: what.clientReferenceId,
        metadata: what.metadata,
        payment_intent_data: { metadata: what.metadata },
        // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}.
        success_url: `${what.returnTo}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${what.returnTo}?payment=cancelled`,
      }
  const session = await stripe.checkout.sessions.create(params, { idempotencyKey: what.idempotencyKey })
  if (!session.url) throw new Error(`Stripe gave Checkout Session ${session.id} no address to pay at.`)
  return { status: 'new', session, url: session.url }
}

/**
 * Ends a subscription of instalments after the period just paid (its last payment): no invoice follows. Asked
 * again (a later delivery of the last payment) it sets the same again.
 */
export async function endInstalments(settings: StripeSettings, subscription: string): Promise<void> {
  const stripe = await stripeClient(settings)
  await stripe.subscriptions.update(
    subscription,
    { cancel_at_period_end: true },
    { idempotencyKey: `instalments-end:${subscription}` },
  )
}
