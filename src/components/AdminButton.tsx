'use client'

import { Button } from '@payloadcms/ui'
import type { ComponentProps, ReactNode } from 'react'

/**
 * A button of the coach's own admin screens, in Payload's look at the one size they use. While `busy` it
 * cannot be pressed again and says what it is doing (`busyText`, e.g. "Saving…") in place of its label.
 */
export function AdminButton({
  look,
  busy,
  busyText,
  onClick,
  id,
  children,
}: {
  look: ComponentProps<typeof Button>['buttonStyle']
  busy?: boolean
  busyText?: string
  onClick: () => void
  id?: string
  children: ReactNode
}) {
  return (
    <Button buttonStyle={look} size="medium" margin={false} disabled={busy} onClick={onClick} id={id}>
      {busy && busyText ? busyText : children}
    </Button>
  )
}
