/**
 * The attributes by which src/browser/forms.ts takes a <form> over (that file says what it reads): the form's
 * name, where it is sent as JSON, the summary's text for faults the browser finds, and the button's text while
 * it is being sent (optional).
 */
export function enhancedForm(
  kind: string,
  { endpoint, invalid, sending }: { endpoint: string; invalid: string; sending?: string },
) {
  return {
    'data-enhance': kind,
    'data-endpoint': endpoint,
    'data-invalid': invalid,
    ...(sending === undefined ? {} : { 'data-sending': sending }),
  }
}
