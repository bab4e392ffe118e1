import { NewsletterResult, newsletterResultMetadata } from '@/components/NewsletterResult'

export const metadata = newsletterResultMetadata('Unsubscribed', 'You have been unsubscribed from the newsletter.')

export default function UnsubscribedPage() {
  return (
    <NewsletterResult
      title="You have been unsubscribed"
      lead="You will receive no more newsletters. You can subscribe again at any time in the footer."
    />
  )
}
