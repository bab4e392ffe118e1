'use client'

import { useId, useState, type FormEvent } from 'react'

import { subscribeSchema } from '@/domain/forms'

/**
 * The newsletter form of the footer and the workshops page. It validates in the browser; sending (double
 * opt-in) is the next issue, so a valid address is acknowledged honestly without claiming a subscription.
 */
export function SubscribeForm({ source }: { source: 'footer' | 'workshops' }) {
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const parsed = subscribeSchema.safeParse({ email: data.get('email') ?? '' })
    if (!parsed.success) {
      setNotice(null)
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address.')
      return
    }
    setError(null)
    setNotice('Newsletter sign-up opens soon. Thank you for your interest!')
  }

  const errorId = `${id}-error`
  return (
    <form className="subscribe-form" noValidate onSubmit={onSubmit} data-source={source}>
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button--primary">
          Subscribe
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
    </form>
  )
}
