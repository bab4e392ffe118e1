'use client'

import { useConfig } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import {
  box,
  doneKey,
  hint,
  MoveCall,
  noSubmit,
  outcomeOf,
  SecondaryPress,
  type OpenDay,
} from '@/features/booking/admin/MoveCall'
import { ReadyButton } from '@/components/ready/ReadyButton'
import { reloadScreen } from '@/components/ready/reload-screen'
import { postAction, type Outcome } from '@/platform/admin/post-action'

const COLLECTION = 'coaching-sessions'

/** The confirmation of the change that reloaded the screen (read after hydration: the server has no storage). */
function useDone(id: string): Outcome | null {
  const [done, setDone] = useState<Outcome | null>(null)
  useEffect(() => {
    const text = sessionStorage.getItem(doneKey(COLLECTION, id))
    if (!text) return
    sessionStorage.removeItem(doneKey(COLLECTION, id))
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the browser's storage after a reload
    setDone({ ok: true, text })
  }, [id])
  return done
}

const reloadWith = (id: string, text: string) => {
  sessionStorage.setItem(doneKey(COLLECTION, id), text)
  reloadScreen()
}

/**
 * A coaching session's panel in the admin (decision 068), by its state: ahead, "Move this session" (the
 * discovery calls' panel, at the session's length) and "Cancel the session"; started, "Mark held" and "Mark
 * missed"; marked, "Undo the mark" for a mark made by mistake (the session is booked again, to be marked anew);
 * otherwise only the confirmation of the change that brought it there. Each refusal is shown in words under its
 * button (../coach-sessions.ts).
 */
export function SessionPanel({
  id,
  name,
  state,
  timeZone,
  days,
  lineMax,
  missedUsesCredit,
  marked = null,
}: {
  id: string
  name: string
  state: 'ahead' | 'started' | 'marked' | 'done'
  timeZone: string
  days: OpenDay[]
  lineMax: number
  missedUsesCredit: boolean
  marked?: 'held' | 'missed' | null
}) {
  const { config } = useConfig()
  const done = useDone(id)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const api = `${config.routes.api}/${COLLECTION}/${encodeURIComponent(id)}`

  if (state === 'ahead') {
    return (
      <MoveCall
        id={id}
        name={name}
        timeZone={timeZone}
        days={days}
        lineMax={lineMax}
        collection={COLLECTION}
        noun="session"
        person="client"
        more={({ line, busy: moving, post, reloadWith: reload }) => (
          <>
            <h3 style={{ margin: '1.25rem 0 0', fontSize: '1rem' }}>Or cancel it</h3>
            <p style={hint}>
              The credit goes back to {name || 'the client'}, who gets a note by mail (with your line above, if you
              wrote one).
            </p>
            <SecondaryPress
              busy={moving}
              onPress={() => void post('cancel', { line }).then((o) => (o.ok ? reload(o.text) : setOutcome(o)))}
              outcome={outcome}
              outcomeId="cancel-session-outcome"
            >
              Cancel the session
            </SecondaryPress>
          </>
        )}
      />
    )
  }

  const mark = async (how: 'held' | 'missed' | 'undo') => {
    setBusy(true)
    try {
      const o = await postAction(`${api}/${how}`, {})
      if (o.ok) reloadWith(id, o.text)
      else setOutcome(o)
    } finally {
      setBusy(false)
    }
  }

  if (state === 'started') {
    return (
      <div className="field-type coach-admin" id="mark-session" style={box} onKeyDown={noSubmit}>
        {done ? outcomeOf(done, 'session-outcome') : null}
        <h2 style={{ margin: done ? '0.75rem 0 0' : 0, fontSize: '1.25rem' }}>How did it go?</h2>
        <p style={hint}>
          This session has started. Held uses its credit; missed{' '}
          {missedUsesCredit ? 'uses it too' : 'gives it back to the client'} (Packages → Session rules).
        </p>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '0.75rem' }}>
          <ReadyButton
            buttonStyle="primary"
            size="medium"
            margin={false}
            disabled={busy}
            onClick={() => void mark('held')}
          >
            Mark held
          </ReadyButton>
          <ReadyButton
            buttonStyle="secondary"
            size="medium"
            margin={false}
            disabled={busy}
            onClick={() => void mark('missed')}
          >
            Mark missed
          </ReadyButton>
        </div>
        {outcomeOf(outcome, 'mark-session-outcome')}
      </div>
    )
  }

  if (state === 'marked') {
    return (
      <div className="field-type coach-admin" id="undo-mark" style={box} onKeyDown={noSubmit}>
        {done ? outcomeOf(done, 'session-outcome') : null}
        <h2 style={{ margin: done ? '0.75rem 0 0' : 0, fontSize: '1.25rem' }}>Marked {marked} by mistake?</h2>
        <p style={hint}>
          Undo the mark: the session is booked again, its credit held for it as before it was marked, and you can mark
          it anew. The client is not told.
        </p>
        <div style={{ marginTop: '0.75rem' }}>
          <ReadyButton
            buttonStyle="secondary"
            size="medium"
            margin={false}
            disabled={busy}
            onClick={() => void mark('undo')}
          >
            Undo the mark
          </ReadyButton>
        </div>
        {outcomeOf(outcome, 'undo-mark-outcome')}
      </div>
    )
  }

  return done ? <div style={box}>{outcomeOf(done, 'session-outcome')}</div> : null
}
