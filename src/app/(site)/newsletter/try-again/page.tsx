import { NewsletterResult, newsletterResultMetadata } from '@/components/NewsletterResult'

export const metadata = newsletterResultMetadata('Please try again', 'The newsletter could not be updated just now.')

export default function TryAgainPage() {
  return (
    <NewsletterResult
      title="Please try again in a minute"
      lead="That did not work just now. Go back to the e-mail and open its link again in a minute."
    />
  )
}
