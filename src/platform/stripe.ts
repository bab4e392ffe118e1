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
