'use client'

import { SelectInput, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useMemo } from 'react'

import { timeZoneOptions } from '@/domain/dates'

/**
 * "Your time zone" as a list to choose from (type to narrow it: "new y" finds America/New_York), not a name
 * to type exactly. Stored as text, as before: a database enum of every zone would change with each release
 * of the time-zone database.
 */
export const TimeZoneField: TextFieldClientComponent = ({ field, path }) => {
  const { value, setValue, showError } = useField<string>({ path: path ?? field.name })
  // Choosing here answers the dashboard's question too (Availability's `timeZoneChosen`).
  const chosen = useField<boolean>({ path: 'timeZoneChosen' })
  const options = useMemo(() => timeZoneOptions(), [])
  return (
    <SelectInput
      path={path ?? field.name}
      name={field.name}
      label={field.label}
      required={field.required}
      description={field.admin?.description}
      options={options}
      value={value ?? ''}
      showError={showError}
      isClearable={false}
      onChange={(option) => {
        setValue(Array.isArray(option) ? (option[0]?.value ?? null) : (option?.value ?? null))
        chosen.setValue(true)
      }}
    />
  )
}
