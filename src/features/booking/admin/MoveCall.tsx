'use client'

import { useConfig } from '@payloadcms/ui'
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { reloadScreen } from '@/components/ready/reload-screen'
import { useEntered } from '@/components/useEntered'
import { postAction, type Outcome } from '@/platform/admin/post-action'

export type OpenDay = { label: string; slots: { value: string; label: string }[] }

/** Where a change's confirmation waits while the screen reloads to show the call (or session) as it now is. */
export const doneKey = (collection: string, id: string) => `move-${collection}-done:${id}`

export const box = {
  marginBottom: 'var(--base, 1.5rem)',
  padding: '1rem',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: '4px',
  maxWidth: '40rem',
} as const
export const label = { display: 'block', fontWeight: 600, margin: '0.75rem 0 0.25rem' } as const
export const input = {
  width: '100%',
  maxWidth: '100%',
  boxSizing: 'border-box',
  padding: '0.5rem',
  font: 'inherit',
  color: 'var(--theme-text)',
  background: 'var(--theme-input-bg, var(--theme-elevation-0))',
  border: '1px solid var(--theme-elevation-400)',
  borderRadius: '4px',
} as const
export const hint = { margin: '0.25rem 0 0', color: 'var(--theme-elevation-700)' } as const
export const error = { margin: '0.5rem 0 0', color: 'var(--theme-error-750, #b91c1c)', fontWeight: 600 } as const

/** Enter in the panel's inputs must not save the call's form around them. */
export const noSubmit = (e: KeyboardEvent) => {
  if (e.key === 'Enter' && !(e.target instanceof HTMLTextAreaElement)) e.preventDefault()
}

/** The outcome of a button, in words under it: announced, or an alert for a refusal. */
export const outcomeOf = (o: Outcome | null, key: string) =>
  o &&
  (o.ok ? (
    <p role="status" id={key} style={{ margin: '0.5rem 0 0' }}>
      {o.text}
    </p>
  ) : (
    <p role="alert" id={key} style={error}>
      {o.text}
    </p>
  ))

/** A secondary press of the panel, with its outcome in words under it (see outcomeOf). */
export function SecondaryPress({
  busy,
  onPress,
  outcome,
  outcomeId,
  children,
}: {
  busy: boolean
  onPress: () => void
  outcome: Outcome | null
  outcomeId: string
  children: ReactNode
}) {
  return (
    <div style={{ marginTop: '0.5rem' }}>
      <ReadyButton buttonStyle="secondary" size="medium" margin={false} disabled={busy} onClick={onPress}>
        {children}
      </ReadyButton>
      {outcomeOf(outcome, outcomeId)}
    </div>
  )
}

/** What a panel adds below the move (a session's cancel): with the line typed and a way to post. */
export type MoreActions = (panel: {
  line: string
  busy: boolean
  post: (action: string, body: object) => Promise<Outcome>
  /** Shows `text` after the screen reloads to show the document as it now is. */
  reloadWith: (text: string) => void
}) => ReactNode

/**
 * The panel on a booked call's screen: move it to one of the coach's open times (grouped by day, in their
 * zone), or, with "Outside my open hours" ticked, to any date and time; optionally with a line to the
 * visitor, who is mailed the new time. Or send the visitor the link to pick a new time themselves. Each
 * refusal is shown in words under the button that was pressed (../coach-move.ts). After a move the screen
 * reloads, so the form around it holds the call as it now is (a later save must not carry the old time).
 */
export function MoveCall({
  id,
  name,
  timeZone,
  days,
  linkAllowed,
  lineMax,
  collection = 'discovery-calls',
  noun = 'call',
  person = 'visitor',
  more,
}: {
  id: string
  name: string
  timeZone: string
  days: OpenDay[]
  /** Whether the visitor's link may still change the call; a panel without the link leaves it out. */
  linkAllowed?: boolean
  lineMax: number
  /** The same panel on another screen: a coaching session's (../../packages/admin/SessionPanel.tsx). */
  collection?: string
  noun?: string
  person?: string
  more?: MoreActions
}) {
  const { config } = useConfig()
  const api = `${config.routes.api}/${collection}/${encodeURIComponent(id)}`
  const ids = useId()
  // Chosen or typed before the screen's script took over, they still count (useEntered).
  const { ref: slotRef, value: slot, setValue: setSlot } = useEntered<HTMLSelectElement>('')
  const [outside, setOutside] = useState(false)
  const [date, setDate] = useState('')
  const [time, setTime] = useState('')
  const { ref: lineRef, value: line, setValue: setLine } = useEntered<HTMLTextAreaElement>('')
  const [busy, setBusy] = useState(false)
  const [moved, setMoved] = useState<Outcome | null>(null)
  const [linked, setLinked] = useState<Outcome | null>(null)

  // The confirmation of the move that reloaded the screen (read after hydration: the server has no storage).
  useEffect(() => {
    const done = sessionStorage.getItem(doneKey(collection, id))
    if (!done) return
    sessionStorage.removeItem(doneKey(collection, id))
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the browser's storage after a reload
    setMoved({ ok: true, text: done })
  }, [collection, id])

  const reloadWith = (text: string) => {
    sessionStorage.setItem(doneKey(collection, id), text)
    reloadScreen()
  }

  const post = async (action: string, body: object): Promise<Outcome> => {
    setBusy(true)
    try {
      return await postAction(`${api}/${action}`, body)
    } finally {
      setBusy(false)
    }
  }

  const move = async () => {
    setLinked(null)
    if (!outside && !slot) {
      setMoved({ ok: false, text: 'Please pick one of your open times.' })
      return
    }
    if (outside && (!date || !time)) {
      setMoved({ ok: false, text: 'Please enter the new date and time.' })
      return
    }
    const outcome = await post('move', outside ? { outsideHours: true, date, time, line } : { startsAt: slot, line })
    if (outcome.ok) {
      reloadWith(outcome.text)
      return
    }
    setMoved(outcome)
  }

  const sendLink = async () => {
    setMoved(null)
    setLinked(await post('send-link', { line }))
  }

  return (
    <div className="field-type coach-admin" id={`move-${noun}`} style={box} onKeyDown={noSubmit}>
      <h2 style={{ margin: 0, fontSize: '1.25rem' }}>Move this {noun}</h2>
      <p style={hint}>
        Times in {timeZone} (Booking → Availability). {name || `The ${person}`} gets the new time by mail, with an
        updated invite.
      </p>

      {!outside && (
        <>
          <label htmlFor={`${ids}-slot`} style={label}>
            New time
          </label>
          {days.length > 0 ? (
            <select
              ref={slotRef}
              id={`${ids}-slot`}
              value={slot}
              onChange={(e) => setSlot(e.target.value)}
              style={input}
              aria-describedby={`${ids}-slot-hint`}
            >
              <option value="">Pick one of your open times</option>
              {days.map((day) => (
                <optgroup key={day.label} label={day.label}>
                  {day.slots.map((s) => (
                    <option key={s.value} value={s.value}>
                      {day.label}, {s.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          ) : (
            <p id={`${ids}-slot`}>No open times left in the weeks ahead.</p>
          )}
          <p id={`${ids}-slot-hint`} style={hint}>
            Your open times, by the rules of your booking page, with this {noun}’s own time free.
          </p>
        </>
      )}

      <p style={{ margin: '0.75rem 0 0' }}>
        <input
          type="checkbox"
          id={`${ids}-outside`}
          checked={outside}
          onChange={(e) => setOutside(e.target.checked)}
          style={{ marginRight: '0.5rem' }}
        />
        <label htmlFor={`${ids}-outside`}>Outside my open hours</label>
      </p>
      {outside && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 1rem' }}>
          <div style={{ flex: '1 1 10rem' }}>
            <label htmlFor={`${ids}-date`} style={label}>
              Date
            </label>
            <input
              type="date"
              id={`${ids}-date`}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              style={input}
            />
          </div>
          <div style={{ flex: '1 1 8rem' }}>
            <label htmlFor={`${ids}-time`} style={label}>
              Time ({timeZone})
            </label>
            <input
              type="time"
              id={`${ids}-time`}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              style={input}
            />
          </div>
          <p style={{ ...hint, flexBasis: '100%' }}>
            Any time you choose: only a time gone by, or one that overlaps another{' '}
            {noun === 'call' ? 'call' : 'call or session'}, is refused.
          </p>
        </div>
      )}

      <label htmlFor={`${ids}-line`} style={label}>
        A line to the {person} (optional)
      </label>
      <textarea
        ref={lineRef}
        id={`${ids}-line`}
        value={line}
        maxLength={lineMax}
        rows={3}
        onChange={(e) => setLine(e.target.value)}
        style={input}
        aria-describedby={`${ids}-line-hint`}
      />
      <p id={`${ids}-line-hint`} style={hint}>
        Added to the mail they get. At most {lineMax} characters.
      </p>

      <div style={{ marginTop: '0.75rem' }}>
        <ReadyButton buttonStyle="primary" size="medium" margin={false} disabled={busy} onClick={() => void move()}>
          {busy ? 'Working…' : `Move the ${noun}`}
        </ReadyButton>
        {outcomeOf(moved, `move-${noun}-outcome`)}
      </div>

      {more?.({ line, busy, post, reloadWith })}

      {linkAllowed !== undefined && <h3 style={{ margin: '1.25rem 0 0', fontSize: '1rem' }}>Or let them choose</h3>}
      {linkAllowed === undefined ? null : linkAllowed ? (
        <>
          <p style={hint}>
            They get the link to their call, where they pick one of your open times (or cancel). The call keeps its time
            until they do.
          </p>
          <SecondaryPress busy={busy} onPress={() => void sendLink()} outcome={linked} outcomeId="send-link-outcome">
            Send them a link to pick a new time
          </SecondaryPress>
        </>
      ) : (
        <p style={hint}>
          Less than 24 hours before the call, the link no longer lets them change it. Pick a new time for them above
          instead.
        </p>
      )}
    </div>
  )
}
