'use client'

import { ErrorSummary } from '@/components/forms/ErrorSummary'
import { FieldError } from '@/components/forms/FieldError'
import { FormField } from '@/components/forms/FormField'
import { Honeypot } from '@/components/forms/Honeypot'
import { PersonField } from '@/components/forms/PersonFields'
import { SignedLinkForm } from '@/components/forms/SignedLinkForm'
import { useFormPost } from '@/components/forms/useFormPost'
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
      <PersonField field="email" id="buy-email" error={errors.email} value={values.email} />
      <button type="submit" className="button button--primary">
        Send me a code<span className="visually-hidden"> to buy the {title}</span>
      </button>
    </form>
  )
}

export function CodeForm({ token, error }: { token: string; error?: string }) {
  return (
    <SignedLinkForm id="checkout-code" action={codeAction} token={token} className="checkout-form">
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
    </SignedLinkForm>
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
  return (
    <SignedLinkForm id="checkout-agreement" action={agreementAction} token={token} className="checkout-form">
      <input type="hidden" name="version" value={versionId} />
      <PersonField field="name" id="agreement-name" label="Type your full name to sign" error={errors.name} />
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
        <FieldError id="agreement-accept-error" message={errors.accept} />
      </div>
      <button type="submit" className="button button--primary">
        Accept and continue
      </button>
    </SignedLinkForm>
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
  return (
    <SignedLinkForm id="checkout-intake" action={intakeAction} token={token} className="checkout-form">
      {questions.map((q, i) => {
        const id = `intake-q${i}`
        const label = q.required ? q.question : `${q.question} (optional)`
        if (q.kind === 'choice') {
          const errorId = `${id}-error`
          return (
            <fieldset key={i} className="field" aria-describedby={wrong[i] ? errorId : undefined}>
              <legend>{label}</legend>
              <FieldError id={errorId} message={wrong[i]} />
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
    </SignedLinkForm>
  )
}
