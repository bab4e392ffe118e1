'use client'

import { useActionState, useEffect, useRef, useState, type FormEvent } from 'react'

import { STARTED_AT_FIELD } from '@/platform/forms/rules'
import type { FormResult } from '@/platform/forms/results'

type Action<R> = (prev: R | null, formData: FormData) => Promise<R>

/**
 * The one way the site's forms are sent. Without JavaScript the form posts to its server action and the page
 * comes back with the result. With JavaScript the same fields go to the HTTP API (which answers with real
 * status codes, e.g. 429) and the result is shown without a reload. Either way `state` is the FormResult.
 *
 * `formId` is the id of the <form>, unique on the page. It becomes the action's permalink, `#formId`: React
 * renders it as the form's `action` (without a permalink it renders `action=""`, which HTML does not allow);
 * the browser posts to the page's own address and comes back scrolled to the form and its result. React
 * gives the result back to the form with that permalink, hence one id per form (the workshops page has two
 * subscribe forms).
 */
export function useFormPost<R extends FormResult>(
  endpoint: string,
  action: Action<R>,
  validate: (data: Record<string, FormDataEntryValue>) => R | null,
  formId: string,
) {
  const [actionState, formAction] = useActionState(action, null, `#${formId}`)
  const [clientState, setClientState] = useState<R | null>(null)
  const [pending, setPending] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const startedAt = useRef(0)

  // When the form became usable: the server refuses posts sent faster than a person could type them.
  useEffect(() => {
    startedAt.current = Date.now()
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(new FormData(form))
    setAttempt((n) => n + 1)
    const invalid = validate(data)
    if (invalid) {
      setClientState(invalid)
      return
    }
    setPending(true)
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...data, [STARTED_AT_FIELD]: String(startedAt.current) }),
      })
      const body = (await res.json()) as R
      // A form that leads to a page of its own (e.g. a booked call) goes there.
      if (body.status === 'ok' && body.redirectTo) {
        window.location.assign(body.redirectTo)
        return
      }
      setClientState({ ...body, values: data } as R)
      if (body.status === 'ok') form.reset()
    } catch {
      setClientState({
        status: 'unavailable',
        message: 'Sorry, this could not be sent. Please check your connection and try again.',
        values: data,
      } as R)
    } finally {
      setPending(false)
    }
  }

  return { state: clientState ?? actionState, formAction, onSubmit, pending, attempt }
}
