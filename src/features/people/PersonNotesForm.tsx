'use client'

import { useId, useState } from 'react'

import { AdminButton } from '@/components/AdminButton'
import { useEntered } from '@/components/useEntered'

/**
 * The coach's notes about a person, written on their page and saved with one button (a row of person-notes,
 * made at the first save). Says when it is saved, or why not, and keeps what was typed either way (also
 * what was typed before the page's script took over).
 */
export function PersonNotesForm({ email, note }: { email: string; note: { id: number; notes: string } | null }) {
  const [id, setId] = useState(note?.id ?? null)
  const { ref, value: notes, setValue: setNotes } = useEntered<HTMLTextAreaElement>(note?.notes ?? '')
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { error: string }>('idle')
  const field = useId()

  const save = async () => {
    setState('saving')
    try {
      const res = await fetch(id ? `/cms-api/person-notes/${id}` : '/cms-api/person-notes', {
        method: id ? 'PATCH' : 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(id ? { notes } : { email, notes }),
      })
      const body = (await res.json().catch(() => ({}))) as {
        doc?: { id: number }
        errors?: { message?: string; data?: { errors?: { message?: string }[] } }[]
      }
      if (!res.ok) {
        const first = body.errors?.[0]
        setState({ error: first?.data?.errors?.[0]?.message ?? first?.message ?? 'Your notes could not be saved.' })
        return
      }
      if (body.doc) setId(body.doc.id)
      setState('saved')
    } catch {
      setState({ error: 'Your notes could not be saved: the site did not answer. Try again.' })
    }
  }

  return (
    <div>
      <label htmlFor={field} style={{ display: 'block', marginBottom: '0.25rem' }}>
        Notes about this person (only you and your team see them)
      </label>
      <textarea
        ref={ref}
        id={field}
        value={notes}
        maxLength={10000}
        rows={5}
        onChange={(e) => {
          setNotes(e.target.value)
          if (state !== 'saving') setState('idle')
        }}
        style={{ width: '100%', padding: '0.5rem', font: 'inherit' }}
      />
      <AdminButton look="secondary" busy={state === 'saving'} busyText="Saving…" onClick={save} id="save-person-notes">
        Save notes
      </AdminButton>
      <p role="status" style={{ margin: '0.5rem 0 0' }}>
        {state === 'saved' ? 'Notes saved.' : typeof state === 'object' ? state.error : ''}
      </p>
    </div>
  )
}
