'use client'

import { ReadyButton } from '@/components/ready/ReadyButton'

/** "Preview" in words (Payload's is an unlabelled icon): the page from its latest draft, in a new tab. */
export function PreviewLink({ href }: { href: string }) {
  return (
    <ReadyButton
      el="anchor"
      url={href}
      newTab
      buttonStyle="secondary"
      size="medium"
      margin={false}
      id="preview-button"
      className="coach-admin"
    >
      Preview
    </ReadyButton>
  )
}
