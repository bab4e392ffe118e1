'use client'

import { useField } from '@payloadcms/ui'
import type { ClientField } from 'payload'

/**
 * A message's own words on its screen, as text to read (not a greyed one-line box): the field's label, then
 * its value with the visitor's line breaks kept; a choice shows its label ("Media Inquiry", not "media").
 */
export function ReadableField({ field, path }: { field: ClientField; path: string }) {
  const { value } = useField<string>({ path })
  const name = 'name' in field ? field.name : path
  const label = 'label' in field && typeof field.label === 'string' ? field.label : name
  const options = 'options' in field ? field.options : []
  const chosen = options.find((o) => typeof o === 'object' && o.value === value)
  const shown = chosen && typeof chosen === 'object' && typeof chosen.label === 'string' ? chosen.label : value
  return (
    <div className="field-type coach-admin" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <div id={`${name}-label`} style={{ fontWeight: 600, marginBottom: '0.25rem' }}>
        {label}
      </div>
      <p
        aria-labelledby={`${name}-label`}
        data-readable={name}
        style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '1rem', lineHeight: 1.6 }}
      >
        {shown}
      </p>
    </div>
  )
}
