'use client'

import { useActionState } from 'react'

import { ErrorSummary } from '@/components/forms/ErrorSummary'
import { FormField } from '@/components/forms/FormField'
import { Honeypot } from '@/components/forms/Honeypot'
import { useFormPost } from '@/components/forms/useFormPost'
import { EMAIL_MAX, EMAIL_MESSAGES, NAME_MAX, NAME_MESSAGES, NAME_PATTERN } from '@/platform/forms/fields'
import { INTAKE_LONG_MAX, INTAKE_SHORT_MAX, type IntakeQuestion } from '@/domain/packages'
import { agreementAction, buyAction, codeAction, intakeAction } from './actions'

/*
 * The checkout's forms: plain POSTs to server actions (no JavaScript needed). Client components only so each
 * form gets a permalink (`#id`): a server action's form is otherwise rendered with action="", which HTML does
 * not allow. Steps 2–4 answer with a redirect back to the checkout page, which says what happened.
 */

/** Step 1: the buyer's e-mail address (the site's form pipeline: spam guards, rate limit, validation). */
export function BuyForm({ packageId, title }: { packageId: number; title: string }) {
  const { formAction, errors, values, problem } = useFormPost(buyAction, 'buy-form')
  return (
    <form id="buy-form" action={formAction} aria-labelledby="buy-email-heading" className="checkout-form">
      <ErrorSummary
        message={problem?.message ?? null}
        fields={[{ name: 'email', label: 'Email', href: '#buy-email' }]}
        errors={errors}
        headingLevel={3}
      />
      <h2 id="buy-email-heading">Your e-mail address</h2>
      <p>
        We send a code to it: it is how we know it is you, with no password. Your receipt and sessions go there too.
      </p>
      <Honeypot />
      <input type="hidden" name="package" value={packageId} />
      <FormField
        id="buy-email"
        label="Email"
        error={errors.email}
        messages={EMAIL_MESSAGES}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        defaultValue={values.email}
      />
      <button type="submit" className="button button--primary">
        Send me a code<span className="visually-hidden"> to buy the {title}</span>
      </button>
    </form>
  )
}

export function CodeForm({ token, error }: { token: string; error?: string }) {
  const [, action] = useActionState(codeAction, null, '#checkout-code')
  return (
    <form id="checkout-code" action={action} className="checkout-form">
      <input type="hidden" name="token" value={token} />
      <FormField
        id="checkout-code-input"
        label="Code from the e-mail"
        error={error}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={12}
      />
      <button type="submit" className="button button--primary">
        Confirm my e-mail
      </button>
    </form>
  )
}

export function AgreementForm({
  token,
  versionId,
  errors,
}: {
  token: string
  versionId: number
  errors: { name?: string; accept?: string }
}) {
  const [, action] = useActionState(agreementAction, null, '#checkout-agreement')
  return (
    <form id="checkout-agreement" action={action} className="checkout-form">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="version" value={versionId} />
      <FormField
        id="agreement-name"
        label="Type your full name to sign"
        error={errors.name}
        messages={NAME_MESSAGES}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={NAME_MAX}
        pattern={NAME_PATTERN}
      />
      <div className="field field--check">
        <input
          id="agreement-accept"
          type="checkbox"
          name="accept"
          value="yes"
          required
          aria-invalid={errors.accept ? true : undefined}
          aria-describedby={errors.accept ? 'agreement-accept-error' : undefined}
        />
        <label htmlFor="agreement-accept">I have read the agreement above and accept it.</label>
        {errors.accept && (
          <p id="agreement-accept-error" className="field-error">
            {errors.accept}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary">
        Accept and continue
      </button>
    </form>
  )
}

export function IntakeForm({
  token,
  questions,
  wrong,
}: {
  token: string
  questions: IntakeQuestion[]
  /** The questions the last post left unanswered or answered wrongly, by index, with why. */
  wrong: Record<number, string>
}) {
  const [, action] = useActionState(intakeAction, null, '#checkout-intake')
  return (
    <form id="checkout-intake" action={action} className="checkout-form">
      <input type="hidden" name="token" value={token} />
      {questions.map((q, i) => {
        const id = `intake-q${i}`
        const label = q.required ? q.question : `${q.question} (optional)`
        if (q.kind === 'choice') {
          const errorId = `${id}-error`
          return (
            <fieldset key={i} className="field" aria-describedby={wrong[i] ? errorId : undefined}>
              <legend>{label}</legend>
              {wrong[i] && (
                <p id={errorId} className="field-error">
                  {wrong[i]}
                </p>
              )}
              {q.choices.map((c, j) => (
                <div key={j} className="field--check">
                  <input id={`${id}-${j}`} type="radio" name={`q${i}`} value={c} required={q.required} />
                  <label htmlFor={`${id}-${j}`}>{c}</label>
                </div>
              ))}
            </fieldset>
          )
        }
        return (
          <FormField
            key={i}
            id={id}
            label={label}
            error={wrong[i]}
            name={`q${i}`}
            required={q.required}
            {...(q.kind === 'long'
              ? { multiline: true as const, rows: 5, maxLength: INTAKE_LONG_MAX }
              : { type: 'text', maxLength: INTAKE_SHORT_MAX })}
          />
        )
      })}
      <button type="submit" className="button button--primary">
        Continue to payment
      </button>
    </form>
  )
}
