import { EMAIL_MAX } from '@/platform/forms/fields'

/**
 * The e-mail input of a form that asks for nothing else (the newsletter, "mail me my link"), with the limits
 * of the server's `personEmailField`; while `invalid`, it is marked so and described by its error (`errorId`).
 */
export function EmailInput({
  id,
  errorId,
  invalid,
  value,
  placeholder,
}: {
  id: string
  errorId: string
  invalid: boolean
  value?: string
  placeholder?: string
}) {
  return (
    <input
      id={id}
      name="email"
      type="email"
      placeholder={placeholder}
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      defaultValue={value}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? errorId : undefined}
    />
  )
}
