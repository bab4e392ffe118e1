'use client'

import { useMemo, useState, useSyncExternalStore } from 'react'

import { slotsByDay } from './format'

const noSubscription = () => () => {}

/**
 * The open times as radio buttons, a group per day. The server renders them in the coach's time zone (so
 * the page works without JavaScript); in the browser they switch to the visitor's zone, which the visitor
 * can change. The zone in use is always written above the times and sent with the form.
 */
export function SlotPicker({
  slots,
  coachTimeZone,
  idPrefix,
  error,
  selected,
}: {
  slots: string[]
  coachTimeZone: string
  idPrefix: string
  error?: string
  selected?: string
}) {
  // The browser's zone; null while rendering on the server and hydrating, so the first render matches.
  const detected = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone || null,
    () => null,
  )
  const [chosen, setZone] = useState<string | null>(null)
  const zone = chosen ?? detected ?? coachTimeZone
  const zones = useMemo(() => (detected ? Intl.supportedValuesOf('timeZone') : null), [detected])

  const days = slotsByDay(slots, zone)
  const errorId = `${idPrefix}-slot-error`
  return (
    <div className="slot-picker">
      <p className="slot-picker__zone" id={`${idPrefix}-zone-label`}>
        Times shown in <strong>{zone}</strong>
      </p>
      {zones && (
        <div className="field slot-picker__zone-select">
          <label htmlFor={`${idPrefix}-zone`}>Show times in another time zone</label>
          <select id={`${idPrefix}-zone`} value={zone} onChange={(e) => setZone(e.target.value)}>
            {(zones.includes(zone) ? zones : [zone, ...zones]).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
      )}
      <input type="hidden" name="timeZone" value={zone} />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
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
