'use client'

import { DefaultCell, useConfig } from '@payloadcms/ui'
import type { DefaultCellComponentProps } from 'payload'

/** The short name of `zone` at `instant`, as the site writes it: "EST", "GMT+1". */
function shortZoneName(instant: string, zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(
      new Date(instant),
    )
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone
  } catch {
    return zone
  }
}

/**
 * A date in an admin list, in the coach's zone (the row's `<field>_tz`, which is the coach's zone of the moment:
 * src/features/booking/coach-time-zone.ts), ending with that zone's short name: "January 14th 2027, 1:00 PM
 * EST". Payload's own cell does the rest (the link to the document, the format).
 */
export function ZoneDateCell(props: DefaultCellComponentProps) {
  const { config } = useConfig()
  const { cellData, rowData, field } = props
  const name = 'name' in field ? field.name : ''
  const zone = rowData?.[`${name}_tz`]
  if (typeof cellData !== 'string' || !cellData || typeof zone !== 'string' || !zone) return <DefaultCell {...props} />
  const admin = (field.admin ?? {}) as { date?: { displayFormat?: string } }
  const format = admin.date?.displayFormat || config.admin.dateFormat
  const named = `${format} '${shortZoneName(cellData, zone).replace(/'/g, '')}'`
  return (
    <DefaultCell
      {...props}
      field={{ ...field, admin: { ...admin, date: { ...admin.date, displayFormat: named } } } as typeof field}
    />
  )
}
