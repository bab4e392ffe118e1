import { FormField } from './FormField'

/**
 * Name and e-mail, as every form that answers a person asks for them (with the limits of
 * `personNameField` / `personEmailField`). The ids are `<idPrefix>-name` and `<idPrefix>-email`.
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
        label="Name"
        error={errors.name}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={values.name}
      />
      <FormField
        id={`${idPrefix}-email`}
        label="Email"
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={values.email}
      />
    </>
  )
}
