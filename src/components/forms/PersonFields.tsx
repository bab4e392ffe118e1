import {
  EMAIL_MAX,
  EMAIL_MESSAGES,
  NAME_MAX,
  NAME_MESSAGES,
  NAME_PATTERN,
  PERSON_LABELS,
} from '@/platform/forms/fields'
import { FormField } from './FormField'

type PersonField = {
  id: string
  error?: string
  value?: string
  /** The field's label where the form asks in words of its own ("Type your full name to sign"). */
  label?: string
}

/**
 * A person's name, with the limits of src/platform/forms/fields.ts (which the server's `personNameField`
 * applies too) and their texts for the browser's own checks.
 */
export function PersonNameField({ id, error, value, label = PERSON_LABELS.name }: PersonField) {
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      messages={NAME_MESSAGES}
      name="name"
      type="text"
      autoComplete="name"
      required
      maxLength={NAME_MAX}
      pattern={NAME_PATTERN}
      defaultValue={value}
    />
  )
}

/** A person's e-mail address, with the limits and texts the server's `personEmailField` applies too. */
export function PersonEmailField({ id, error, value, label = PERSON_LABELS.email }: PersonField) {
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      messages={EMAIL_MESSAGES}
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      defaultValue={value}
    />
  )
}

/**
 * Name and e-mail, as every form that answers a person asks for them.
 * The ids are `<idPrefix>-name` and `<idPrefix>-email`.
 */
export function PersonFields({
  idPrefix,
  errors,
  values,
}: {
  idPrefix: string
  errors: { name?: string; email?: string }
  values: { name?: string; email?: string }
}) {
  return (
    <>
      <PersonNameField id={`${idPrefix}-name`} error={errors.name} value={values.name} />
      <PersonEmailField id={`${idPrefix}-email`} error={errors.email} value={values.email} />
    </>
  )
}
