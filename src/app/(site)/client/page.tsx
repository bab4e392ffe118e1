import type { Metadata } from 'next'
import Link from 'next/link'

import { ClientLinkForm } from '@/features/packages/ClientLinkForm'

export const metadata: Metadata = { title: 'Your client page', robots: { index: false, follow: false } }

/** /client: where a client who lost the mail with their page's link asks for it again (decision 069). */
export default function ClientLinkPage() {
  return (
    <section className="section" aria-labelledby="client-heading">
      <div className="container container--narrow">
        <h1 id="client-heading">Your client page</h1>
        <p className="lead">
          Each client has a private page to book and move sessions and find receipts. Its link came in the mail that
          confirmed your payment.
        </p>
        <ClientLinkForm />
        <p>
          Not a client yet? See the <Link href="/coaching#pricing-heading">coaching packages</Link>.
        </p>
      </div>
    </section>
  )
}
