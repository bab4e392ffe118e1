import {
  EMAIL_MAX,
  EMAIL_MESSAGES,
  NAME_MAX,
  NAME_MESSAGES,
  NAME_PATTERN,
  PERSON_LABELS,
} from '@/platform/forms/fields'
import { FormField } from './FormField'

/**
 * Name and e-mail, as every form that answers a person asks for them, with the limits of
 * src/platform/forms/fields.ts (which the server's `personNameField` / `personEmailField` apply too), and their
 * texts for the browser's own checks.
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
      <FormField
        id={`${idPrefix}-name`}
        label={PERSON_LABELS.name}
        error={errors.name}
        messages={NAME_MESSAGES}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={NAME_MAX}
        pattern={NAME_PATTERN}
        defaultValue={values.name}
      />
      <FormField
        id={`${idPrefix}-email`}
        label={PERSON_LABELS.email}
        error={errors.email}
        messages={EMAIL_MESSAGES}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        defaultValue={values.email}
      />
    </>
  )
}
