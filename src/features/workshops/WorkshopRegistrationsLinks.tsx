'use client'

import { useDocumentInfo } from '@payloadcms/ui'

/** On a saved workshop's screen: its registrations in the admin, and as a CSV file. */
export function WorkshopRegistrationsLinks() {
  const { id } = useDocumentInfo()
  if (id === undefined || id === null) return null
  const where = encodeURIComponent('where[workshop][equals]')
  return (
    <p style={{ margin: '0 0 1.5rem' }}>
      <a href={`/admin/collections/workshop-registrations?${where}=${id}`}>Registrations for this workshop</a>
      {' · '}
      <a href={`/cms-api/workshop-registrations/export.csv?workshop=${id}`} download>
        Download them (CSV)
      </a>
    </p>
  )
}
