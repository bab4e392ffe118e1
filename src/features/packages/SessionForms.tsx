'use client'

import { useActionState } from 'react'

import { PhoneField } from '@/features/booking/PhoneField'
import { SlotPicker } from '@/features/booking/SlotPicker'
import { bookSessionAction, cancelSessionAction, moveSessionAction } from './session-actions'

/*
 * The client page's session forms: plain POSTs to server actions (no JavaScript needed). Client components only
 * so each form gets a permalink (`#id`): a server action's form is otherwise rendered with action="", which
 * HTML does not allow. Each answers with a redirect back to the page, saying what happened.
 */

export function BookSessionForm({
  token,
  slots,
  timeZone,
  minutes,
  meeting,
  askPhone = false,
  phone,
}: {
  token: string
  slots: string[]
  timeZone: string
  minutes: number
  /** How they will meet (Availability → Where we meet, as for discovery calls); none when not set. */
  meeting?: string | null
  /** The coach calls the client: the form asks for their number (the one they last gave, to start with). */
  askPhone?: boolean
  phone?: string | null
}) {
  const [, action] = useActionState(bookSessionAction, null, '#book-session')
  return (
    <form id="book-session" action={action} className="book-session" aria-labelledby="book-session-heading">
      <h2 id="book-session-heading">Book a session</h2>
      <p>Pick a time for your next session of {minutes} minutes.</p>
      <input type="hidden" name="token" value={token} />
      {meeting && <p id="book-session-meeting">{meeting}</p>}
      <SlotPicker slots={slots} coachTimeZone={timeZone} idPrefix="book-session" />
      {askPhone && <PhoneField id="book-session-phone" value={phone ?? undefined} />}
      <button type="submit" className="button button--primary">
        Book this session
      </button>
    </form>
  )
}

export function CancelSessionForm({
  token,
  session,
  when,
  note,
}: {
  token: string
  session: number
  /** The session's time, for the button's accessible name. */
  when: string
  /** What cancelling does to its credit, under the coach's rules and the time left. */
  note: string
}) {
  const [, action] = useActionState(cancelSessionAction, null, `#cancel-session-${session}`)
  return (
    <form id={`cancel-session-${session}`} action={action} className="manage-cancel">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="session" value={session} />
      <p>{note}</p>
      <button type="submit" className="button button--secondary">
        Cancel this session<span className="visually-hidden"> on {when}</span>
      </button>
    </form>
  )
}

export function MoveSessionForm({
  token,
  session,
  when,
  slots,
  timeZone,
}: {
  token: string
  session: number
  when: string
  slots: string[]
  timeZone: string
}) {
  const [, action] = useActionState(moveSessionAction, null, `#move-session-${session}`)
  return (
    <form
      id={`move-session-${session}`}
      action={action}
      className="manage-move"
      aria-label={`Move the session on ${when}`}
    >
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="session" value={session} />
      <SlotPicker slots={slots} coachTimeZone={timeZone} idPrefix={`move-session-${session}`} />
      <button type="submit" className="button button--primary">
        Move to this time<span className="visually-hidden">: the session on {when}</span>
      </button>
    </form>
  )
}
