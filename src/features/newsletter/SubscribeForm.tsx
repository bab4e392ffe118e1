'use client'

import { useId } from 'react'

import { EmailInput } from '@/components/forms/EmailInput'
import { enhancedForm } from '@/components/forms/enhance'
import { FieldError } from '@/components/forms/FieldError'
import { FormNotice } from '@/components/forms/FormNotice'
import { Honeypot } from '@/components/forms/Honeypot'
import { useFormPost } from '@/components/forms/useFormPost'
import { subscribeAction } from './actions'
import { EMAIL_MESSAGE, SUBSCRIBE_EMAIL_MESSAGES, type SubscribeSource } from './texts'

/** The newsletter form of the footer and the workshops page: double opt-in, the same answer for everyone. */
export function SubscribeForm({ source }: { source: SubscribeSource }) {
  const id = useId()
  const formId = `subscribe-${source}`
  const { state, formAction, problem } = useFormPost(subscribeAction, formId)
  const errorId = `${id}-error`
  return (
    <form
      id={formId}
      className="subscribe-form"
      noValidate
      action={formAction}
      data-source={source}
      {...enhancedForm('subscribe', { endpoint: '/api/subscribe', invalid: EMAIL_MESSAGE })}
    >
      <input type="hidden" name="source" value={source} />
      <Honeypot />
      <label htmlFor={`${id}-email`} className="visually-hidden">
        Email address
      </label>
      <div className="subscribe-form__row">
        <EmailInput
          id={`${id}-email`}
          errorId={errorId}
          invalid={Boolean(problem)}
          value={problem?.values.email}
          placeholder="Your Email Address"
        />
        <button type="submit" className="button button--primary">
          Subscribe
        </button>
      </div>
      {/* Every answer but the notice is shown here: there is no error summary. */}
      <FieldError id={errorId} message={problem?.message} alert field="email" messages={SUBSCRIBE_EMAIL_MESSAGES} />
      <FormNotice state={state} />
    </form>
  )
}
