import { payWithStripe } from '@/features/packages/stripe'

type Context = { params: Promise<{ token: string }> }

/** Step 5's "Pay with Stripe": to the purchase's Checkout Session on Stripe's page (decision 066). */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { token } = await params
  return payWithStripe(token)
}
