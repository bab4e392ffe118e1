import { FieldError } from '@/components/forms/FieldError'
import type { FieldMessages } from '@/platform/forms/fields'
import { slotsByDay } from './format'

/**
 * The open times as radio buttons, a group per day, in the coach's time zone (so the page works without
 * JavaScript). In the browser, src/browser/slot-picker.ts groups them again in the visitor's zone and fills
 * the list of zones, whose place is kept here (hidden until then) so nothing moves when it appears. The zone
 * in use is always written above the times and sent with the form.
 */
export function SlotPicker({
  slots,
  coachTimeZone,
  idPrefix,
  error,
  messages,
  selected,
}: {
  slots: string[]
  coachTimeZone: string
  idPrefix: string
  error?: string
  /** In a form the site's script sends in place (the booking form's): the texts of the time's faults. */
  messages?: FieldMessages
  selected?: string
}) {
  const days = slotsByDay(slots, coachTimeZone)
  const errorId = `${idPrefix}-slot-error`
  return (
    <div className="slot-picker">
      <p className="slot-picker__zone" id={`${idPrefix}-zone-label`}>
        Times shown in <strong>{coachTimeZone}</strong>
      </p>
      <div className="field slot-picker__zone-select" data-pending="">
        <label htmlFor={`${idPrefix}-zone`}>Show times in another time zone</label>
        <select id={`${idPrefix}-zone`} disabled defaultValue={coachTimeZone}>
          <option value={coachTimeZone}>{coachTimeZone}</option>
        </select>
      </div>
      <input type="hidden" name="timeZone" value={coachTimeZone} />
      <FieldError id={errorId} message={error} field={messages && 'slot'} messages={messages} />
      {days.map((day) => (
        <fieldset key={day.key} className="slot-day" aria-describedby={error ? errorId : undefined}>
          <legend>{day.label}</legend>
          <div className="slot-day__times">
            {day.slots.map((slot) => (
              <label key={slot.iso} className="slot">
                <input type="radio" name="slot" value={slot.iso} required defaultChecked={slot.iso === selected} />
                <span>{slot.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  )
}
