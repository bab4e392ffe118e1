'use client'

import { useFormFields } from '@payloadcms/ui'
import type { FieldDescriptionClientProps } from 'payload'

/**
 * Under a date the coach types (a workshop's, the banner's end): which zone the time is in, in words, read
 * from the zone field beside it (`<field>_tz`, the coach's: src/features/booking/coach-time-zone.ts), then the
 * field's own description. It follows the picker beside the date when the coach picks another zone.
 */
export function ZoneNote({ path, description, field }: Partial<FieldDescriptionClientProps>) {
  const zone = useFormFields(([fields]) => (path ? fields?.[`${path}_tz`]?.value : undefined))
  const own = description ?? (field?.admin as { description?: unknown } | undefined)?.description
  const more = typeof own === 'string' ? own : ''
  return (
    <p
      className="coach-admin zone-note"
      data-zone-note
      id={path ? `field-description-${path.replace(/\./g, '__')}` : undefined}
      style={{ color: 'var(--theme-elevation-800)', margin: '0.5rem 0 0' }}
    >
      {typeof zone === 'string' && zone ? (
        <>
          Times are in <strong>{zone}</strong>, your time zone (set in Booking → Availability).
        </>
      ) : (
        'Times are in your time zone (set in Booking → Availability).'
      )}
      {more && ` ${more}`}
    </p>
  )
}
