/** A small element builder for the enhancement script: tag, attributes (null/false leave one out), children. */
export function h(
  tag: string,
  attributes: Record<string, string | boolean | null | undefined> = {},
  ...children: (Node | string)[]
): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue
    el.setAttribute(name, value === true ? '' : value)
  }
  el.append(...children)
  return el
}

/**
 * Makes a control the server drew disabled, as not ready, ready: enabled, and no longer described by the
 * hidden "Loading…" (src/components/ready/not-ready.tsx). Call it once the control works.
 */
export function ready(control: HTMLButtonElement | HTMLSelectElement): void {
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  const notes = described.filter((id) => document.getElementById(id)?.hasAttribute('data-not-ready'))
  for (const id of notes) document.getElementById(id)?.remove()
  const rest = described.filter((id) => !notes.includes(id))
  if (rest.length > 0) control.setAttribute('aria-describedby', rest.join(' '))
  else control.removeAttribute('aria-describedby')
  control.disabled = false
}
