import type { Metadata } from 'next'

import { CheckoutPage } from '@/features/packages/CheckoutPages'
import { pageOfRequest, type PageProps } from '@/platform/request-page'

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } }

// A private page per purchase, rendered whole for each request (it must work without JavaScript).
export const instant = false

export default async function Page(props: PageProps<'token'>) {
  const { part, query } = await pageOfRequest(props, 'token')
  return (
    <CheckoutPage
      token={part}
      problem={query('problem')}
      fields={query('fields')}
      sessionId={query('session_id')}
      payment={query('payment')}
    />
  )
}
