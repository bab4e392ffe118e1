'use client'

import { useId } from 'react'

import { FormNotice } from '@/components/forms/FormNotice'
import { Honeypot } from '@/components/forms/Honeypot'
import { useFormPost } from '@/components/forms/useFormPost'
import type { FormResult } from '@/platform/forms/results'
import { subscribeAction } from './actions'
import { EMAIL_MESSAGE, subscribeSchema, type SubscribeSource } from './rules'

function validate(data: Record<string, FormDataEntryValue>): FormResult<'email'> | null {
  if (subscribeSchema.safeParse(data).success) return null
  return {
    status: 'invalid',
    message: EMAIL_MESSAGE,
    errors: { email: EMAIL_MESSAGE },
    values: { email: String(data.email ?? '') },
  }
}

/** The newsletter form of the footer and the workshops page: double opt-in, the same answer for everyone. */
export function SubscribeForm({ source }: { source: SubscribeSource }) {
  const id = useId()
  const formId = `subscribe-${source}`
  const { state, formAction, onSubmit, pending } = useFormPost('/api/subscribe', subscribeAction, validate, formId)
  const problem = state && state.status !== 'ok' ? state : null
  const errorId = `${id}-error`
  return (
    <form
      id={formId}
      className="subscribe-form"
      noValidate
      action={formAction}
      onSubmit={onSubmit}
      data-source={source}
    >
      <input type="hidden" name="source" value={source} />
      <Honeypot />
      <label htmlFor={`${id}-email`} className="visually-hidden">
        Email address
      </label>
      <div className="subscribe-form__row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          placeholder="Your Email Address"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={problem?.values.email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <button type="submit" className="button button--primary" disabled={pending}>
          Subscribe
        </button>
      </div>
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problem.message}
        </p>
      )}
      <FormNotice state={state} />
    </form>
  )
}
