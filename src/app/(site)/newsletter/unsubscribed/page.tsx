import type { Metadata } from 'next'

import { PageIntro } from '@/components/PageIntro'

export const metadata: Metadata = {
  title: 'Unsubscribed',
  description: 'You have been unsubscribed from the newsletter.',
  robots: { index: false },
}

export default function UnsubscribedPage() {
  return (
    <PageIntro title="You have been unsubscribed">
      <p className="lead">You will receive no more newsletters. You can subscribe again at any time in the footer.</p>
    </PageIntro>
  )
}
