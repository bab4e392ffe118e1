'use client'

import { useEffect, type ReactNode } from 'react'

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Whether React has taken the control over (it keeps the control's props on it from then on). */
const hydrated = (control: Element): boolean => Object.keys(control).some((key) => key.startsWith('__reactProps$'))

/** The value a list to choose from had as the server drew it. */
const drawnChoice = (select: HTMLSelectElement): string =>
  ([...select.options].find((o) => o.defaultSelected) ?? select.options[0])?.value ?? ''

/** Whether a person changed the control from what the server drew, before the script took it over. */
function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return !control.multiple && control.value !== drawnChoice(control)
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked !== control.defaultChecked && (control.type === 'checkbox' || control.checked)
  if (control instanceof HTMLInputElement && ['file', 'hidden', 'submit', 'button', 'reset'].includes(control.type))
    return false
  return control.value !== control.defaultValue
}

/**
 * Tells React what the person did to a control before the script took it over, as the change it missed:
 * React's own change event, which the screen's code (ours and Payload's fields) takes in as if it had been
 * made just now. React remembers the last value it saw on each control and fires a change only when the
 * control's value differs from it; at hydration it remembered what was on the screen, so the control is
 * first set back to what the server drew (through React's record) and then, past React, to what the person
 * entered.
 */
function replay(control: Control): void {
  if (control instanceof HTMLSelectElement) {
    control.dispatchEvent(new Event('change', { bubbles: true }))
    return
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    // A click puts the tick back where the person left it and is the event React reads a tick from.
    control.checked = !control.checked
    control.click()
    return
  }
  const entered = control.value
  control.value = control.defaultValue
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set
  setter?.call(control, entered)
  control.dispatchEvent(new Event('input', { bubbles: true }))
}

/** How long the admin may take to hydrate a part of the screen streamed after the rest. */
const LATEST_MS = 30_000

/**
 * Around the whole admin (Payload's `admin.components.providers`): nothing typed, ticked or chosen before
 * the screen's script has taken the server's HTML over (hydration, slow on a phone) is lost. Payload's
 * fields and ours are controlled by React, which would otherwise draw them back to the server's values at
 * their next render, and would save those. Each control a person changed meanwhile is told to React as a
 * change, once React has taken that control over (parts of a screen can be taken over later than others).
 */
export function EnteredBeforeScripts({ children }: { children?: ReactNode }) {
  useEffect(() => {
    const waiting = new Set(
      [...document.querySelectorAll<Control>('input, textarea, select')].filter((control) => changed(control)),
    )
    if (waiting.size === 0) return
    const until = Date.now() + LATEST_MS
    let frame = 0
    const look = () => {
      for (const control of waiting) {
        if (!control.isConnected) waiting.delete(control)
        else if (hydrated(control)) {
          waiting.delete(control)
          if (changed(control)) replay(control)
        }
      }
      if (waiting.size > 0 && Date.now() < until) frame = requestAnimationFrame(look)
    }
    look()
    return () => cancelAnimationFrame(frame)
  }, [])
  return children
}
