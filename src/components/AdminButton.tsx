'use client'

import type { ComponentProps, ReactNode } from 'react'

import { ReadyButton } from './ready/ReadyButton'

/**
 * A button of the coach's own admin screens, in Payload's look at the one size they use. While `busy` it
 * cannot be pressed again and says what it is doing (`busyText`, e.g. "Saving…") in place of its label.
 * Until the screen's script has taken it over it is drawn not ready (ReadyButton).
 */
export function AdminButton({
  look,
  busy,
  busyText,
  onClick,
  id,
  children,
}: {
  look: ComponentProps<typeof ReadyButton>['buttonStyle']
  busy?: boolean
  busyText?: string
  onClick: () => void
  id?: string
  children: ReactNode
}) {
  return (
    <ReadyButton buttonStyle={look} size="medium" margin={false} disabled={busy} onClick={onClick} id={id}>
      {busy && busyText ? busyText : children}
    </ReadyButton>
  )
}
