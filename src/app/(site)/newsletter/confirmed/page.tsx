import Link from 'next/link'

import { NewsletterResult, newsletterResultMetadata } from '@/components/NewsletterResult'

export const metadata = newsletterResultMetadata('Subscription confirmed', 'Your newsletter subscription is confirmed.')

export default function SubscriptionConfirmedPage() {
  return (
    <NewsletterResult
      title="You are subscribed"
      lead="Thank you! Your subscription is confirmed. Every newsletter has a link to unsubscribe."
    >
      <p>
        <Link href="/workshops">See the upcoming workshops</Link>
      </p>
    </NewsletterResult>
  )
}
