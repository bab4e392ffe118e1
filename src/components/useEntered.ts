'use client'

import { useEffect, useRef, useState } from 'react'

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** The value a control had as the server drew it. */
const drawn = (control: Control): string =>
  control instanceof HTMLSelectElement
    ? (([...control.options].find((o) => o.defaultSelected) ?? control.options[0])?.value ?? '')
    : control.defaultValue

/**
 * What a person entered into a control the server drew (a text box, a text area, a list to choose from), as
 * React state starting at `initial`. What they typed or chose before the page's script took the control over
 * (hydration, slow on a phone) stays on the screen, and React keeps it there without seeing it: it is read
 * once the script has taken over, so a search narrows by it and a save sends it. Give the control `ref` and
 * `value`.
 */
export function useEntered<E extends Control = HTMLInputElement, T extends string | null = string>(initial: T) {
  const ref = useRef<E>(null)
  const [value, setValue] = useState<string | T>(initial)
  useEffect(() => {
    const control = ref.current
    if (control && control.value !== drawn(control)) setValue(control.value)
  }, [])
  return { ref, value, setValue }
}
