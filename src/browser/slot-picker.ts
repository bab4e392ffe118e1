import { slotsByDay } from '@/features/booking/format'
import { h } from './dom'

/**
 * The open times in the visitor's own time zone. The server renders them in the coach's zone, grouped by
 * day (src/features/booking/SlotPicker.tsx); here they are grouped again in the zone the browser reports,
 * and a list of every zone lets the visitor choose another. The zone in use is written above the times and
 * sent with the form (the hidden `timeZone` field). The chosen time stays chosen.
 */
export function enhanceSlotPickers(root: ParentNode = document): void {
  for (const picker of root.querySelectorAll<HTMLElement>('.slot-picker')) enhance(picker)
}

/**
 * The zone the browser is in. Temporal answers at once; Intl (for browsers without Temporal) makes its
 * first formatter for it, which costs a phone tens of milliseconds.
 */
const hostZone = (): string =>
  (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal?.Now.timeZoneId() ??
  Intl.DateTimeFormat().resolvedOptions().timeZone

const option = (zone: string) => h('option', { value: zone }, zone)

function enhance(picker: HTMLElement): void {
  const shown = picker.querySelector('.slot-picker__zone strong')
  const zoneField = picker.querySelector<HTMLInputElement>('input[type="hidden"][name="timeZone"]')
  const select = picker.querySelector<HTMLSelectElement>('.slot-picker__zone-select select')
  if (!shown || !zoneField || !select) return
  const slots = [...picker.querySelectorAll<HTMLInputElement>('input[type="radio"][name="slot"]')].map((r) => r.value)
  const coachZone = zoneField.value
  const detected = hostZone() || coachZone

  const show = (zone: string) => {
    const checked = picker.querySelector<HTMLInputElement>('input[name="slot"]:checked')?.value
    const describedBy = picker.querySelector('fieldset.slot-day')?.getAttribute('aria-describedby') ?? null
    for (const day of picker.querySelectorAll('fieldset.slot-day')) day.remove()
    // The browser's own zone is written from Date's local fields, any other through Intl (format.ts).
    for (const day of slotsByDay(slots, zone === detected ? 'host' : zone)) {
      const times = day.slots.map((slot) =>
        h(
          'label',
          { class: 'slot' },
          h('input', { type: 'radio', name: 'slot', value: slot.iso, required: true, checked: slot.iso === checked }),
          h('span', {}, slot.label),
        ),
      )
      picker.append(
        h(
          'fieldset',
          { class: 'slot-day', 'aria-describedby': describedBy },
          h('legend', {}, day.label),
          h('div', { class: 'slot-day__times' }, ...times),
        ),
      )
    }
    shown.textContent = zone
    zoneField.value = zone
  }

  // The list holds the visitor's zone and the coach's until the visitor goes to it (focus, or a press that
  // is about to open it): then every zone the browser knows. Four hundred options cost a phone a long task
  // that nobody who keeps their own zone needs.
  select.replaceChildren(...[...new Set([detected, coachZone])].map(option))
  let everyZone = false
  const listEveryZone = () => {
    if (everyZone) return
    everyZone = true
    const chosen = select.value
    const zones = Intl.supportedValuesOf('timeZone')
    select.replaceChildren(...[...new Set([detected, coachZone])].filter((z) => !zones.includes(z)).map(option))
    select.append(...zones.map(option))
    select.value = chosen
  }
  select.addEventListener('focus', listEveryZone)
  select.addEventListener('pointerdown', listEveryZone)
  select.value = detected
  select.disabled = false
  select.addEventListener('change', () => show(select.value))
  select.closest('.slot-picker__zone-select')?.removeAttribute('data-pending')
  if (detected !== coachZone) show(detected)
}
