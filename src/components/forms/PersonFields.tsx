import {
  EMAIL_MAX,
  EMAIL_MESSAGES,
  NAME_MAX,
  NAME_MESSAGES,
  NAME_PATTERN,
  PERSON_LABELS,
} from '@/platform/forms/fields'
import { fieldId, FormField } from './FormField'

/**
 * What the browser is told of a person's name and e-mail address: the limits of src/platform/forms/fields.ts
 * (which the server's `personNameField` and `personEmailField` apply too) and their texts for its own checks.
 */
const PERSON_INPUTS = {
  name: {
    messages: NAME_MESSAGES,
    input: {
      name: 'name',
      type: 'text',
      autoComplete: 'name',
      required: true,
      maxLength: NAME_MAX,
      pattern: NAME_PATTERN,
    },
  },
  email: {
    messages: EMAIL_MESSAGES,
    input: { name: 'email', type: 'email', autoComplete: 'email', required: true, maxLength: EMAIL_MAX },
  },
} as const

/** A person's name or e-mail address, labelled in the words of PERSON_LABELS unless the form has its own. */
export function PersonField({
  field,
  id,
  error,
  value,
  label = PERSON_LABELS[field],
}: {
  field: keyof typeof PERSON_INPUTS
  id: string
  error?: string
  value?: string
  /** The field's label where the form asks in words of its own ("Type your full name to sign"). */
  label?: string
}) {
  const { messages, input } = PERSON_INPUTS[field]
  return <FormField id={id} label={label} error={error} messages={messages} {...input} defaultValue={value} />
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
      <PersonField field="name" id={fieldId(idPrefix, 'name')} error={errors.name} value={values.name} />
      <PersonField field="email" id={fieldId(idPrefix, 'email')} error={errors.email} value={values.email} />
    </>
  )
}
