import type { FormResult } from '@/platform/forms/results'

/** The answer to an accepted post, announced politely to screen readers; nothing before that. */
export function FormNotice({ state }: { state: FormResult | null | undefined }) {
  if (state?.status !== 'ok') return null
  return (
    <p className="form-notice" role="status">
      {state.message}
    </p>
  )
}
