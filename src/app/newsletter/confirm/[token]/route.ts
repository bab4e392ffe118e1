import { tokenPage } from '@/forms/token-page'

/** The confirmation link of the double opt-in: shows the button that confirms (see tokenPage). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params
  return tokenPage({
    token,
    title: 'Confirm your subscription',
    lead: 'One more step: press the button to start receiving the newsletter.',
    action: '/api/newsletter/confirm',
    button: 'Confirm subscription',
  })
}
