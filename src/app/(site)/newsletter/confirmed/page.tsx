import type { Metadata } from 'next'
import Link from 'next/link'

import { PageIntro } from '@/components/PageIntro'

export const metadata: Metadata = {
  title: 'Subscription confirmed',
  description: 'Your newsletter subscription is confirmed.',
  robots: { index: false },
}

export default function SubscriptionConfirmedPage() {
  return (
    <PageIntro title="You are subscribed">
      <p className="lead">Thank you! Your subscription is confirmed. Every newsletter has a link to unsubscribe.</p>
      <p>
        <Link href="/workshops">See the upcoming workshops</Link>
      </p>
    </PageIntro>
  )
}
