import { payForSeat } from '@/features/workshops/card'

type Context = { params: Promise<{ token: string }> }

/** A held workshop seat's "Pay by card": to its Checkout Session on Stripe's page (decision 070). */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { token } = await params
  return payForSeat(token)
}
