import type { FieldMessages } from '@/platform/forms/fields'

type Props = {
  /** The message's id, which the field's control (or its group's fieldsets) names in `aria-describedby`. */
  id: string
  /** The message the server found, shown at once; none: nothing is shown. */
  message?: string | null
  /** Announced as soon as it appears (a form with no error summary to take focus: the newsletter's). */
  alert?: boolean
  /**
   * The field's name, in a form the site's script sends in place (src/browser/forms.ts): the same markup is then
   * rendered once more, empty, as a <template> in the message's place, with what the script needs to check the
   * field and answer in the same words: the name, and the texts of the faults the browser finds itself.
   */
  field?: string
  messages?: FieldMessages
}

/** A field's error message, under the field (or above a group of choices). */
export function FieldError({ id, message, alert, field, messages }: Props) {
  const text = (content?: string | null) => (
    <p id={id} className="field-error" role={alert ? 'alert' : undefined}>
      {content}
    </p>
  )
  return (
    <>
      {message && text(message)}
      {field && (
        <template
          data-field={field}
          data-missing={messages?.missing}
          data-too-long={messages?.tooLong}
          data-invalid={messages?.invalid}
        >
          {text()}
        </template>
      )}
    </>
  )
}
