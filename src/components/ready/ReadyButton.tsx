'use client'

import { Button } from '@payloadcms/ui'
import { useId, type ComponentProps } from 'react'

import { NotReadyNote, notReadyId } from './not-ready'
import { useHydrated } from './useHydrated'

/**
 * Payload's Button, as our admin screens use it, except that it is drawn disabled, and described as
 * "Loading…", until the screen's script has taken it over: the server's HTML shows it at once, but a press
 * before the script runs would do nothing. Disabled, it looks not ready and Playwright waits for it, as a
 * person waits. A link (`el="anchor"`) works without the script and is never held back.
 */
export function ReadyButton(props: ComponentProps<typeof Button>) {
  const hydrated = useHydrated()
  const loadingId = notReadyId(useId())
  const held = !hydrated && props.el !== 'anchor'
  // The same tree before and after, so the button React took over is the one the person sees.
  return (
    <>
      <Button
        {...props}
        disabled={held || props.disabled}
        extraButtonProps={held ? { ...props.extraButtonProps, 'aria-describedby': loadingId } : props.extraButtonProps}
      />
      {held && <NotReadyNote id={loadingId} />}
    </>
  )
}
