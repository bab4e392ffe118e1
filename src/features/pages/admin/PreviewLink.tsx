'use client'

import { Button } from '@payloadcms/ui'

/** "Preview" in words (Payload's is an unlabelled icon): the page from its latest draft, in a new tab. */
export function PreviewLink({ href }: { href: string }) {
  return (
    <Button
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
    </Button>
  )
}
