import { NewsletterResult, newsletterResultMetadata } from '@/components/NewsletterResult'

export const metadata = newsletterResultMetadata('Link not valid', 'This newsletter link is not valid.')

export default function LinkInvalidPage() {
  return (
    <NewsletterResult
      title="This link is not valid"
      lead="The link may be old or incomplete. To subscribe, use the form at the bottom of any page; if you keep receiving mail you do not want, reply to it and you will be removed."
    />
  )
}
