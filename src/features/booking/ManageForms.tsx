'use client'

import { useActionState } from 'react'

import { cancelCallAction, rescheduleCallAction } from './actions'
import { SlotPicker } from './SlotPicker'

/*
 * The manage page's two buttons. Client components only so that each form gets a permalink (`#id`, the
 * page's own address): a server action's form is otherwise rendered with action="", which HTML does not allow.
 * Both actions answer with a redirect back to the page, saying what happened.
 */

export function CancelCallForm({ token }: { token: string }) {
  const [, action] = useActionState(cancelCallAction, null, '#manage-cancel')
  return (
    <form id="manage-cancel" action={action} className="manage-cancel">
      <input type="hidden" name="token" value={token} />
      <p>Can’t make it? You can cancel until 24 hours before the call.</p>
      <button type="submit" className="button button--secondary">
        Cancel this call
      </button>
    </form>
  )
}

export function MoveCallForm({
  token,
  slots,
  coachTimeZone,
}: {
  token: string
  slots: string[]
  coachTimeZone: string
}) {
  const [, action] = useActionState(rescheduleCallAction, null, '#manage-move')
  return (
    <form id="manage-move" action={action} className="manage-move" aria-labelledby="move-heading">
      <h2 id="move-heading">Move to another time</h2>
      <input type="hidden" name="token" value={token} />
      <SlotPicker slots={slots} coachTimeZone={coachTimeZone} idPrefix="move" />
      <button type="submit" className="button button--primary">
        Move to this time
      </button>
    </form>
  )
}
