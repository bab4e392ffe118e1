import { STARTED_AT_FIELD, type FieldMessages } from '@/platform/forms/fields'
import type { FormResult } from '@/platform/forms/results'
import { constraintErrors } from './constraints'
import { enhanceSlotPickers } from './slot-picker'

/**
 * The site's forms, once the page is interactive. Without this script each form posts to its server action
 * and the page comes back with the result (rendered by the form's component). With it, the same fields are
 * checked in place with the browser's own constraint validation and the server's texts, then sent as JSON to
 * the form's HTTP endpoint (real status codes: 422, 429, 409...), and the answer is shown without a reload:
 * messages under the fields, a summary that takes focus, a polite notice on success.
 *
 * Nothing here knows a form: each one carries what the script needs, as its components render it
 * (src/components/forms/):
 * - the <form>: `data-enhance` (naming it: the script takes it over), `data-endpoint` (where it is sent),
 *   `data-invalid` (the summary's text for faults the browser finds), `data-sending` (the button's text meanwhile,
 *   optional);
 * - each field (FieldError): a <template data-field="name"> in the place of its message, holding the message's
 *   markup, with the texts of its faults (`data-missing`, `data-too-long`, `data-invalid`);
 * - ErrorSummary: a <template data-error-summary> with an item for each field (`data-field`);
 * - FormNotice: a <template data-notice>;
 * - `data-refresh` on a part of the form (with an id) that is fetched again from the page after the form was
 *   accepted or refused (the booking's open times).
 * Every answer is a copy of that markup, so it is written once, in the components.
 */

const NO_CONNECTION = 'Sorry, this could not be sent. Please check your connection and try again.'

export function enhanceForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-enhance]')) {
    // When the form became usable: the server refuses posts sent faster than a person could type them.
    const startedAt = Date.now()
    form.noValidate = true
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void send(form, startedAt)
    })
  }
}

const fieldTemplates = (form: HTMLFormElement) => form.querySelectorAll<HTMLTemplateElement>('template[data-field]')

/** A copy of the element a template holds, with `text` appended to it (or to its first child). */
function copy(template: HTMLTemplateElement, text: string): HTMLElement {
  const el = template.content.firstElementChild!.cloneNode(true) as HTMLElement
  ;(el.firstElementChild ?? el).append(text)
  return el
}

async function send(form: HTMLFormElement, startedAt: number): Promise<void> {
  const fields: Record<string, FieldMessages> = {}
  for (const template of fieldTemplates(form)) fields[template.dataset.field!] = template.dataset
  const errors = constraintErrors(form, fields)
  if (Object.keys(errors).length > 0) {
    show(form, { status: 'invalid', message: form.dataset.invalid ?? '', errors, values: {} })
    return
  }
  const data = Object.fromEntries(new FormData(form)) as Record<string, string>
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const label = button?.textContent ?? ''
  if (button) {
    button.disabled = true
    if (form.dataset.sending) button.textContent = form.dataset.sending
  }
  let result: FormResult
  try {
    const res = await fetch(form.dataset.endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...data, [STARTED_AT_FIELD]: String(startedAt) }),
    })
    result = (await res.json()) as FormResult
  } catch {
    result = { status: 'unavailable', message: NO_CONNECTION, values: data }
  } finally {
    if (button) {
      button.disabled = false
      button.textContent = label
    }
  }
  // A form that leads to a page of its own goes there.
  if (result.status === 'ok' && result.redirectTo) {
    window.location.assign(result.redirectTo)
    return
  }
  show(form, result)
  if (result.status === 'ok') form.reset()
  // Fresh times after a booking (its time is gone) and after a refused time (just taken, or no longer open;
  // what was typed stays).
  if (result.status === 'ok' || result.status === 'conflict') await refresh(form)
}

/** The answer in the form: what went wrong where, or the notice that it was sent. */
function show(form: HTMLFormElement, result: FormResult): void {
  clear(form)
  if (result.status === 'ok') {
    const notice = form.querySelector<HTMLTemplateElement>('template[data-notice]')
    notice?.before(copy(notice, result.message))
    return
  }
  const errors: Partial<Record<string, string>> = result.status === 'invalid' ? result.errors : {}
  const summary = form.querySelector<HTMLTemplateElement>('template[data-error-summary]')
  // A form without a summary (the newsletter's one field) says everything under its first field.
  let first = !summary
  for (const template of fieldTemplates(form)) {
    const message = errors[template.dataset.field!] ?? (first ? result.message : undefined)
    first = false
    if (message) fieldError(form, template, message)
  }
  if (!summary) return
  const box = copy(summary, result.message)
  // The items of the faulty fields (their link ends with the message), and no list when none is.
  for (const item of box.querySelectorAll('li')) {
    const message = errors[item.dataset.field!]
    if (message) item.firstElementChild!.append(message)
    else item.remove()
  }
  if (!box.querySelector('li')) box.querySelector('ul')?.remove()
  summary.before(box)
  box.focus()
}

/** A field's message in its place; its control (or each group of its choices) is described by it. */
function fieldError(form: HTMLFormElement, template: HTMLTemplateElement, message: string): void {
  const error = copy(template, message)
  template.before(error)
  const found = form.elements.namedItem(template.dataset.field!)
  const controls = (found instanceof RadioNodeList ? [...found] : found ? [found] : []) as HTMLInputElement[]
  for (const control of controls) {
    if (control.type === 'radio') {
      control.closest('fieldset')?.setAttribute('aria-describedby', error.id)
    } else {
      control.setAttribute('aria-invalid', 'true')
      control.setAttribute('aria-describedby', error.id)
    }
  }
}

/** Removes the previous answer, whether this script or the server (a post without JavaScript) showed it. */
function clear(form: HTMLFormElement): void {
  for (const el of form.querySelectorAll('.error-summary, .field-error, .form-notice')) el.remove()
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid')
  for (const el of form.querySelectorAll('[aria-describedby$="-error"]')) el.removeAttribute('aria-describedby')
}

/** Fetches the page again and puts the fresh copy of each `data-refresh` part in place of the old one. */
async function refresh(form: HTMLFormElement): Promise<void> {
  const parts = form.querySelectorAll<HTMLElement>('[data-refresh][id]')
  if (parts.length === 0) return
  try {
    const res = await fetch(window.location.href, { headers: { accept: 'text/html' }, cache: 'no-store' })
    const page = new DOMParser().parseFromString(await res.text(), 'text/html')
    for (const part of parts) {
      const fresh = page.getElementById(part.id)
      if (!fresh) continue
      part.replaceChildren(...fresh.childNodes)
      // What the page's script adds to such a part (the booking's times in the visitor's zone).
      enhanceSlotPickers(part)
    }
  } catch {
    // The answer is shown already (after a refused time it says to pick another); the old part stays.
  }
}
