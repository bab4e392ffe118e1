import type { Metadata } from 'next'

import { PageIntro } from '@/components/PageIntro'

export const metadata: Metadata = {
  title: 'Please try again',
  description: 'The newsletter could not be updated just now.',
  robots: { index: false },
}

export default function TryAgainPage() {
  return (
    <PageIntro title="Please try again in a minute">
      <p className="lead">That did not work just now. Go back to the e-mail and open its link again in a minute.</p>
    </PageIntro>
  )
}
