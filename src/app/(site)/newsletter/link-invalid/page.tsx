import type { Metadata } from 'next'

import { PageIntro } from '@/components/PageIntro'

export const metadata: Metadata = {
  title: 'Link not valid',
  description: 'This newsletter link is not valid.',
  robots: { index: false },
}

export default function LinkInvalidPage() {
  return (
    <PageIntro title="This link is not valid">
      <p className="lead">
        The link may be old or incomplete. To subscribe, use the form at the bottom of any page; if you keep receiving
        mail you do not want, reply to it and you will be removed.
      </p>
    </PageIntro>
  )
}
