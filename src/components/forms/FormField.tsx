import type { InputHTMLAttributes, ReactElement, TextareaHTMLAttributes } from 'react'

import type { FieldMessages } from '@/platform/forms/fields'
import { FieldError } from './FieldError'

type Common = {
  id: string
  label: string
  error?: string
  /** The texts of the faults the browser finds itself (required, maxlength, type, pattern): see FieldError. */
  messages?: FieldMessages
}
type Props = Common &
  (
    | ({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>)
    | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  )

/** A labelled input or textarea whose error is shown under it and announced with it. */
export function FormField({ id, label, error, messages, multiline, ...control }: Props): ReactElement {
  const errorId = `${id}-error`
  const a11y = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...a11y} />
      ) : (
        <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...a11y} />
      )}
      <FieldError id={errorId} message={error} field={control.name} messages={messages} />
    </div>
  )
}
