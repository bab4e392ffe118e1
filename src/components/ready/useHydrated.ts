'use client'

import { useSyncExternalStore } from 'react'

const noChange = () => () => {}

/**
 * Whether the page's script has taken this part of the screen over: false in the server's HTML and while
 * React takes the HTML over (hydration, seconds on a slow phone), true from then on. A control that only
 * works with the script is drawn not ready until then, so nothing pressed before is silently lost.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  )
