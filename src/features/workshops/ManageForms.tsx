'use client'

import { SignedLinkForm } from '@/components/forms/SignedLinkForm'
import { cancelRegistrationAction, confirmRegistrationAction, confirmSeatAction } from './actions'
import { WORKSHOP_TEXTS } from './texts'

/* The manage page's buttons: each action answers with a redirect back to the page, saying what happened. */

/**
 * "Cancel my registration"; for a paid seat (decision 070) with the choice of a refund or a credit (`refund`:
 * the refund's words, or null when the seat can only be credited, as one paid with a credit).
 */
export function CancelRegistrationForm({
  token,
  label,
  paid,
}: {
  token: string
  label: string
  paid?: { refund: string | null; credit: string }
}) {
  return (
    <SignedLinkForm id="manage-cancel" action={cancelRegistrationAction} token={token} className="manage-cancel">
      {paid &&
        (paid.refund ? (
          <fieldset className="form-field">
            <legend>Your payment</legend>
            <label className="choice">
              <input type="radio" name="settle" value="refund" required /> {paid.refund}
            </label>
            <label className="choice">
              <input type="radio" name="settle" value="credit" required /> {paid.credit}
            </label>
          </fieldset>
        ) : (
          <p>
            <input type="hidden" name="settle" value="credit" />
            {paid.credit}
          </p>
        ))}
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </SignedLinkForm>
  )
}

export function ConfirmSeatForm({ token, label = 'Take the seat' }: { token: string; label?: string }) {
  return (
    <SignedLinkForm id="manage-confirm" action={confirmSeatAction} token={token} className="manage-confirm">
      <button type="submit" className="button button--primary button--large">
        {label}
      </button>
    </SignedLinkForm>
  )
}

/** The confirmation page's one button (decision 080): the registration is made only when it is pressed. */
export function ConfirmRegistrationForm({ token }: { token: string }) {
  return (
    <SignedLinkForm
      id="confirm-registration"
      action={confirmRegistrationAction}
      token={token}
      className="manage-confirm"
    >
      <button type="submit" className="button button--primary button--large">
        {WORKSHOP_TEXTS.confirmButton}
      </button>
    </SignedLinkForm>
  )
}
