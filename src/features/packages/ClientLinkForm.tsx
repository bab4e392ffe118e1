'use client'

import { useActionState } from 'react'

import { EmailInput } from '@/components/forms/EmailInput'
import { enhancedForm } from '@/components/forms/enhance'
import { FieldError } from '@/components/forms/FieldError'
import { FormNotice } from '@/components/forms/FormNotice'
import { Honeypot } from '@/components/forms/Honeypot'
import { answerOf } from '@/components/forms/useFormPost'
import { EMAIL_MESSAGES } from '@/platform/forms/fields'
import { clientLinkAction } from './client-link-action'
import { CLIENT_LINK_TEXTS } from './texts'

const FORM_ID = 'client-link'

/** "Mail me my link": on /client and on the page of a link that is not valid; the same answer for everyone. */
export function ClientLinkForm() {
  // Without JavaScript the form posts to /client and is answered there, whichever page it is on: the page of
  // a link that is not valid does not show an action's answer in place (it is rendered for each request).
  const [result, formAction] = useActionState(clientLinkAction, null, `/client#${FORM_ID}`)
  const { state, problem, errors } = answerOf(result)
  // As the page's script shows it: the field's own fault, else the answer's message (one field, no summary).
  const error = errors.email ?? problem?.message
  return (
    <form
      id={FORM_ID}
      className="client-link-form"
      noValidate
      action={formAction}
      aria-labelledby="client-link-heading"
      {...enhancedForm('client-link', { endpoint: '/api/client-link', invalid: CLIENT_LINK_TEXTS.invalid })}
    >
      <h2 id="client-link-heading">{CLIENT_LINK_TEXTS.heading}</h2>
      <p>{CLIENT_LINK_TEXTS.intro}</p>
      <Honeypot />
      <div className="field">
        <label htmlFor="client-link-email">{CLIENT_LINK_TEXTS.label}</label>
        <EmailInput
          id="client-link-email"
          errorId="client-link-email-error"
          invalid={Boolean(error)}
          value={problem?.values.email}
        />
        <FieldError id="client-link-email-error" message={error} alert field="email" messages={EMAIL_MESSAGES} />
      </div>
      <button type="submit" className="button button--primary">
        {CLIENT_LINK_TEXTS.button}
      </button>
      <FormNotice state={state} />
    </form>
  )
}
