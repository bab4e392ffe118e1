'use client'

import { useActionState } from 'react'

import type { FormResult } from '@/platform/forms/results'

type Action<R> = (prev: R | null, formData: FormData) => Promise<R>

/**
 * How the site's forms are answered when they are posted without the enhancement script: the form posts to
 * its server action and the page comes back with the result, `state`. With the script (src/browser/forms.ts,
 * which every public page loads), the same fields go to the form's HTTP endpoint and the answer is shown in
 * place, in the same markup.
 *
 * `formId` is the id of the <form>, unique on the page. It becomes the action's permalink, `#formId`: React
 * renders it as the form's `action` (without a permalink it renders `action=""`, which HTML does not allow);
 * the browser posts to the page's own address and comes back scrolled to the form and its result. React
 * gives the result back to the form with that permalink, hence one id per form (the workshops page has two
 * subscribe forms).
 */
export function useFormPost<R extends FormResult>(action: Action<R>, formId: string) {
  const [state, formAction] = useActionState(action, null, `#${formId}`)
  return { ...answerOf(state), formAction }
}

/** What a form shows of its last answer (`state`: null before any). */
export function answerOf<R extends FormResult>(state: R | null) {
  /** The answer when it was not a success: its message and what the visitor typed, to show again. */
  const problem = state && state.status !== 'ok' ? (state as Exclude<R, { status: 'ok' }>) : null
  return {
    state,
    problem,
    /** Each field's refusal, by field name ({} unless the answer was `invalid`). */
    errors: (state?.status === 'invalid' ? state.errors : {}) as Partial<Record<string, string>>,
    /** What the visitor typed, by field name ({} on success or before any answer). */
    values: problem?.values ?? {},
  }
}
