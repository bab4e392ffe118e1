'use client'

import { SignedLinkForm } from '@/components/forms/SignedLinkForm'
import { cancelCallAction, rescheduleCallAction } from './actions'
import { SlotPicker } from './SlotPicker'

/* The manage page's two buttons: both actions answer with a redirect back to the page, saying what happened. */

export function CancelCallForm({ token }: { token: string }) {
  return (
    <SignedLinkForm id="manage-cancel" action={cancelCallAction} token={token} className="manage-cancel">
      <p>Can’t make it? You can cancel until 24 hours before the call.</p>
      <button type="submit" className="button button--secondary">
        Cancel this call
      </button>
    </SignedLinkForm>
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
  return (
    <SignedLinkForm
      id="manage-move"
      action={rescheduleCallAction}
      token={token}
      className="manage-move"
      labelledBy="move-heading"
    >
      <h2 id="move-heading">Move to another time</h2>
      <SlotPicker slots={slots} coachTimeZone={coachTimeZone} idPrefix="move" />
      <button type="submit" className="button button--primary">
        Move to this time
      </button>
    </SignedLinkForm>
  )
}
