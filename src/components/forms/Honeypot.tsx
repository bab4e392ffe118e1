import { HONEYPOT_FIELD } from '@/platform/forms/fields'

/** A field people never see or reach; bots that fill every field give themselves away. */
export function Honeypot() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
