import { stripeWebhook } from '@/features/packages/stripe'
import { methodNotAllowed } from '@/platform/forms/http'

/** Stripe's signed events (decision 066): the address the coach gives Stripe is <site>/api/stripe/webhook. */
export const POST = stripeWebhook
export { methodNotAllowed as GET }
