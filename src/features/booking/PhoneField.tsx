import { FormField } from '@/components/forms/FormField'
import { PHONE_MAX, PHONE_MESSAGES, PHONE_PATTERN } from './meeting'

/**
 * The number the coach calls, where they call the person (a discovery call, a client's session), with the
 * limits and texts of ./meeting.ts for the browser's own checks.
 */
export function PhoneField({ id, error, value }: { id: string; error?: string; value?: string }) {
  return (
    <FormField
      id={id}
      label="Phone number"
      error={error}
      messages={PHONE_MESSAGES}
      name="phone"
      type="tel"
      autoComplete="tel"
      required
      maxLength={PHONE_MAX}
      pattern={PHONE_PATTERN}
      title={PHONE_MESSAGES.invalid}
      defaultValue={value}
    />
  )
}
