'use client'

import { DateTimeField } from '@payloadcms/ui'
import type { DateFieldClientProps } from 'payload'
import { useMemo } from 'react'

import { timeZoneOptions } from '@/domain/dates'

/**
 * Payload's own date field with its zone picker, offering every zone the browser knows. The server names only
 * UTC to Payload for each such date (src/features/booking/coach-time-zone.ts: Payload checks each zone it is
 * given by building a formatter for it, per field, which cost the server about 60 MB it never gave back); the
 * picker's list is made here instead, once per screen.
 */
export function DateInZoneField(props: DateFieldClientProps) {
  const { field } = props
  const withZones = useMemo(
    () =>
      field.timezone && typeof field.timezone === 'object'
        ? { ...field, timezone: { ...field.timezone, supportedTimezones: timeZoneOptions() } }
        : field,
    [field],
  )
  // Payload hands a field component of one's own the read-only of the form and of the coach's access, not the
  // field's own `admin.readOnly`, which its built-in fields add themselves.
  return <DateTimeField {...props} field={withZones} readOnly={props.readOnly || field.admin?.readOnly} />
}
