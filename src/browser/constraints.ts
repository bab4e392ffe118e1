import type { FieldMessages } from '@/platform/forms/fields'

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * The browser's own constraint checks (required, maxlength, type="email", pattern), read field by field and
 * reported with the site's texts, before anything is sent. The server applies the full rules again and its
 * answer is shown the same way, so this only saves a round trip: it needs no validation library.
 */
export function constraintErrors<K extends string>(
  form: HTMLFormElement,
  fields: Partial<Record<K, FieldMessages>>,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {}
  for (const name of Object.keys(fields) as K[]) {
    const found = form.elements.namedItem(name)
    const messages = fields[name]
    const fault = found && messages ? fieldFault(found, messages) : undefined
    if (fault) errors[name] = fault
  }
  return errors
}

function fieldFault(found: Element | RadioNodeList, messages: FieldMessages): string | undefined {
  // A group of radio buttons (or a single one): one must be chosen when any of them is required.
  if (found instanceof RadioNodeList || (found instanceof HTMLInputElement && found.type === 'radio')) {
    const buttons = found instanceof RadioNodeList ? [...found] : [found]
    const radios = buttons.filter((b): b is HTMLInputElement => b instanceof HTMLInputElement)
    const required = radios.some((r) => r.required)
    return required && !radios.some((r) => r.checked) ? messages.missing : undefined
  }
  if (!isControl(found)) return undefined
  const value = found.value.trim()
  if (!value) return found.required ? messages.missing : undefined
  if (!(found instanceof HTMLSelectElement) && found.maxLength > 0 && value.length > found.maxLength) {
    return messages.tooLong
  }
  if (found.validity.typeMismatch || found.validity.patternMismatch) return messages.invalid
  return undefined
}

const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
