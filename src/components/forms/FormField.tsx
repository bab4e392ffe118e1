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

/** A form field's id, `<idPrefix>-<name>`: what the error summary links to (summaryFields). */
export const fieldId = (idPrefix: string, name: string): string => `${idPrefix}-${name}`

/**
 * The props that tie a form's fields to its last answer (useFormPost), by field name: the id the error summary
 * links to, the name, the field's refusal, and what the visitor typed, to show again.
 */
export const answeredFields =
  (
    idPrefix: string,
    { errors, values }: { errors: Partial<Record<string, string>>; values: Partial<Record<string, string>> },
  ) =>
  (name: string) => ({ id: fieldId(idPrefix, name), name, error: errors[name], defaultValue: values[name] })

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
