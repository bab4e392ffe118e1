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
