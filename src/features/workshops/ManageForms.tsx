'use client'

import { useActionState } from 'react'

import { cancelRegistrationAction, confirmSeatAction } from './actions'

/*
 * The manage page's buttons, client components only so that each form gets a permalink (`#id`): each action
 * answers with a redirect back to the page, saying what happened.
 */

export function CancelRegistrationForm({ token, label }: { token: string; label: string }) {
  const [, action] = useActionState(cancelRegistrationAction, null, '#manage-cancel')
  return (
    <form id="manage-cancel" action={action} className="manage-cancel">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </form>
  )
}

export function ConfirmSeatForm({ token }: { token: string }) {
  const [, action] = useActionState(confirmSeatAction, null, '#manage-confirm')
  return (
    <form id="manage-confirm" action={action} className="manage-confirm">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button button--primary button--large">
        Take the seat
      </button>
    </form>
  )
}
