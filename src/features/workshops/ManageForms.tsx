'use client'

import { SignedLinkForm } from '@/components/forms/SignedLinkForm'
import { cancelRegistrationAction, confirmSeatAction } from './actions'

/* The manage page's buttons: each action answers with a redirect back to the page, saying what happened. */

export function CancelRegistrationForm({ token, label }: { token: string; label: string }) {
  return (
    <SignedLinkForm id="manage-cancel" action={cancelRegistrationAction} token={token} className="manage-cancel">
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </SignedLinkForm>
  )
}

export function ConfirmSeatForm({ token }: { token: string }) {
  return (
    <SignedLinkForm id="manage-confirm" action={confirmSeatAction} token={token} className="manage-confirm">
      <button type="submit" className="button button--primary button--large">
        Take the seat
      </button>
    </SignedLinkForm>
  )
}
