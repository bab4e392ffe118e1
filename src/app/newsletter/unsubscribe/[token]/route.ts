import { tokenPage } from '@/forms/token-page'

/** The unsubscribe link of every newsletter mail: shows the button that unsubscribes (see tokenPage). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params
  return tokenPage({
    token,
    title: 'Unsubscribe from the newsletter',
    lead: 'Press the button and you will receive no more newsletters.',
    action: '/api/newsletter/unsubscribe',
    button: 'Unsubscribe',
  })
}
