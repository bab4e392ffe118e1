import { BOOKING_INVALID, BOOKING_LABELS, NOTE_MESSAGES, SLOT_MESSAGE } from '@/features/booking/texts'
import { CONTACT_INVALID, CONTACT_LABELS, MESSAGE_MESSAGES } from '@/features/contact/texts'
import { EMAIL_MESSAGE } from '@/features/newsletter/texts'
import { EMAIL_MESSAGES, NAME_MESSAGES, STARTED_AT_FIELD, type FieldMessages } from '@/platform/forms/fields'
import type { FormResult } from '@/platform/forms/results'
import { constraintErrors } from './constraints'
import { h } from './dom'
import { enhanceSlotPickers } from './slot-picker'

/**
 * The site's forms, once the page is interactive. Without this script each form posts to its server action
 * and the page comes back with the result (rendered by the form's component). With it, the same fields are
 * checked in place with the browser's own constraint validation and the server's texts, then sent as JSON to
 * the form's HTTP endpoint (real status codes: 422, 429, 409...), and the answer is shown without a reload,
 * in the same markup the server renders: messages under the fields, a summary that takes focus, a polite
 * notice on success.
 */

type Field = { messages: FieldMessages; label: string }
type Kind = {
  endpoint: string
  invalid: string
  fields: Record<string, Field>
  /** A summary above the form (contact, booking), or one message under the field (newsletter). */
  summary: boolean
  /** The button's text while sending. */
  sending?: string
}

/** Each enhanced form names its kind in `data-enhance` (the form components render it). */
export const FORM_KINDS: Record<string, Kind> = {
  contact: {
    endpoint: '/api/contact',
    invalid: CONTACT_INVALID,
    summary: true,
    sending: 'Sending...',
    fields: {
      name: { messages: NAME_MESSAGES, label: CONTACT_LABELS.name },
      email: { messages: EMAIL_MESSAGES, label: CONTACT_LABELS.email },
      inquiryType: { messages: {}, label: CONTACT_LABELS.inquiryType },
      message: { messages: MESSAGE_MESSAGES, label: CONTACT_LABELS.message },
    },
  },
  booking: {
    endpoint: '/api/discovery-calls',
    invalid: BOOKING_INVALID,
    summary: true,
    sending: 'Booking...',
    fields: {
      slot: { messages: { missing: SLOT_MESSAGE }, label: BOOKING_LABELS.slot },
      name: { messages: NAME_MESSAGES, label: BOOKING_LABELS.name },
      email: { messages: EMAIL_MESSAGES, label: BOOKING_LABELS.email },
      note: { messages: NOTE_MESSAGES, label: BOOKING_LABELS.note },
    },
  },
  subscribe: {
    endpoint: '/api/subscribe',
    invalid: EMAIL_MESSAGE,
    summary: false,
    fields: {
      email: { messages: { missing: EMAIL_MESSAGE, tooLong: EMAIL_MESSAGE, invalid: EMAIL_MESSAGE }, label: '' },
    },
  },
}

const NO_CONNECTION = 'Sorry, this could not be sent. Please check your connection and try again.'

export function enhanceForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-enhance]')) {
    const kind = FORM_KINDS[form.dataset.enhance ?? '']
    if (kind) enhanceForm(form, kind)
  }
}

function enhanceForm(form: HTMLFormElement, kind: Kind): void {
  // When the form became usable: the server refuses posts sent faster than a person could type them.
  const startedAt = Date.now()
  form.noValidate = true
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void send(form, kind, startedAt)
  })
}

async function send(form: HTMLFormElement, kind: Kind, startedAt: number): Promise<void> {
  const fields = Object.fromEntries(Object.entries(kind.fields).map(([name, f]) => [name, f.messages]))
  const errors = constraintErrors(form, fields)
  if (Object.keys(errors).length > 0) {
    show(form, kind, { status: 'invalid', message: kind.invalid, errors, values: {} })
    return
  }
  const data = Object.fromEntries(new FormData(form)) as Record<string, string>
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const label = button?.textContent ?? ''
  if (button) {
    button.disabled = true
    if (kind.sending) button.textContent = kind.sending
  }
  let result: FormResult
  try {
    const res = await fetch(kind.endpoint, {
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
  show(form, kind, result)
  if (result.status === 'ok') form.reset()
  // Fresh times after a booking (its time is gone) and after a refused time (just taken, or no longer open;
  // what was typed stays).
  if (result.status === 'ok' || result.status === 'conflict') await refreshSlots(form)
}

/** The answer in the form: what went wrong where, or the notice that it was sent. */
function show(form: HTMLFormElement, kind: Kind, result: FormResult): void {
  clear(form)
  if (result.status === 'ok') {
    form.append(h('p', { class: 'form-notice', role: 'status' }, result.message))
    return
  }
  const errors: Partial<Record<string, string>> = result.status === 'invalid' ? result.errors : {}
  if (!kind.summary) {
    // The newsletter form: one message under the address, announced at once.
    const input = form.querySelector<HTMLInputElement>('input[name="email"]')
    if (!input) return
    const id = `${input.id}-error`
    markInvalid(input, id)
    form
      .querySelector('.subscribe-form__row')
      ?.after(h('p', { id, class: 'field-error', role: 'alert' }, errors.email ?? result.message))
    return
  }
  const items: HTMLElement[] = []
  for (const [name, field] of Object.entries(kind.fields)) {
    const message = errors[name]
    if (!message) continue
    const anchor = fieldError(form, name, message)
    if (anchor) items.push(h('li', {}, h('a', { href: `#${anchor}` }, `${field.label}: ${message}`)))
  }
  const summary = h(
    'div',
    { class: 'error-summary', tabindex: '-1', role: 'alert' },
    h('h3', {}, result.message),
    ...(items.length ? [h('ul', {}, ...items)] : []),
  )
  form.prepend(summary)
  summary.focus()
}

/** A field's message under it; gives the id the summary links to. */
function fieldError(form: HTMLFormElement, name: string, message: string): string | null {
  const found = form.elements.namedItem(name)
  if (found instanceof RadioNodeList || (found instanceof HTMLInputElement && found.type === 'radio')) {
    // The time: the message above the days, each day's group described by it.
    const picker = form.querySelector('.slot-picker')
    const box = picker?.closest('[id]')
    if (!picker || !box) return null
    const id = `${box.id.replace(/-slots$/, '')}-slot-error`
    const days = picker.querySelectorAll('fieldset.slot-day')
    for (const day of days) day.setAttribute('aria-describedby', id)
    const note = h('p', { id, class: 'field-error' }, message)
    if (days[0]) days[0].before(note)
    else picker.append(note)
    return box.id
  }
  if (!(found instanceof HTMLElement) || !found.id) return null
  const id = `${found.id}-error`
  markInvalid(found, id)
  found.after(h('p', { id, class: 'field-error' }, message))
  return found.id
}

const markInvalid = (control: Element, errorId: string) => {
  control.setAttribute('aria-invalid', 'true')
  control.setAttribute('aria-describedby', errorId)
}

/** Removes the previous answer, whether this script or the server (a post without JavaScript) showed it. */
function clear(form: HTMLFormElement): void {
  for (const el of form.querySelectorAll('.error-summary, .field-error, .form-notice')) el.remove()
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid')
  for (const el of form.querySelectorAll('[aria-describedby$="-error"]')) el.removeAttribute('aria-describedby')
}

/** Fetches the page again and puts its list of open times in place of the old one. */
async function refreshSlots(form: HTMLFormElement): Promise<void> {
  const box = form.querySelector<HTMLElement>('.slot-picker')?.closest<HTMLElement>('[id]')
  if (!box) return
  try {
    const res = await fetch(window.location.href, { headers: { accept: 'text/html' }, cache: 'no-store' })
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById(box.id)
    if (!fresh) return
    box.replaceChildren(...fresh.childNodes)
    enhanceSlotPickers(box)
  } catch {
    // The message already says to pick another time; the old list stays.
  }
}
