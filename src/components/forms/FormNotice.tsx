import type { FormResult } from '@/platform/forms/results'

/**
 * The answer to an accepted post, announced politely to screen readers; nothing before that. The same markup
 * follows as a <template>, which src/browser/forms.ts fills when the form was sent in place.
 */
export function FormNotice({ state }: { state: FormResult | null | undefined }) {
  const notice = (message?: string) => (
    <p className="form-notice" role="status">
      {message}
    </p>
  )
  return (
    <>
      {state?.status === 'ok' && notice(state.message)}
      <template data-notice="">{notice()}</template>
    </>
  )
}
