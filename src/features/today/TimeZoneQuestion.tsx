'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, useSyncExternalStore } from 'react'

import { ReadyButton } from '@/components/ready/ReadyButton'
import { useEntered } from '@/components/useEntered'
import { postAction } from '@/platform/admin/post-action'

const noChange = () => () => {}

/**
 * Asked on the dashboard until the coach has chosen their time zone (Booking → Availability): every call,
 * workshop and scheduled issue is shown and entered in it. The browser's own zone is offered first.
 */
export function TimeZoneQuestion({ current, zones }: { current: string; zones: string[] }) {
  const router = useRouter()
  const id = useId()
  // The browser's zone, once in the browser (the server's render offers the current one).
  const browser = useSyncExternalStore(
    noChange,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  )
  // Chosen before the dashboard's script took over, it still counts (useEntered).
  const { ref, value: picked, setValue: setZone } = useEntered<HTMLSelectElement, string | null>(null)
  const zone = picked ?? (browser && zones.includes(browser) ? browser : current)
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle')

  const save = async () => {
    setState('saving')
    const { ok } = await postAction('/cms-api/globals/availability', { timeZone: zone, timeZoneChosen: true })
    if (!ok) return setState('failed')
    setState('idle')
    router.refresh()
  }

  return (
    <div
      role="group"
      aria-labelledby={`${id}-question`}
      className="coach-admin"
      style={{
        border: '2px solid var(--theme-success-500)',
        borderRadius: '4px',
        padding: '1rem 1.25rem',
        margin: '0 0 1rem',
      }}
    >
      <p id={`${id}-question`} style={{ margin: '0 0 0.5rem', fontWeight: 600 }}>
        Which time zone do you work in?
      </p>
      <p style={{ margin: '0 0 0.75rem' }}>
        Your calls, workshops and newsletter times are shown and entered in it (now: {current}). Your browser is in the
        one chosen below; you can change it later under Booking → Availability.
      </p>
      <div style={{ display: 'grid', gap: '0.5rem', justifyItems: 'start', maxWidth: '28rem' }}>
        <label htmlFor={`${id}-zone`}>Time zone</label>
        <select
          ref={ref}
          id={`${id}-zone`}
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          style={{ width: '100%', minWidth: 0 }}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        <ReadyButton buttonStyle="primary" size="small" disabled={state === 'saving'} onClick={() => void save()}>
          {state === 'saving' ? 'Saving…' : 'Use this time zone'}
        </ReadyButton>
      </div>
      {state === 'failed' && (
        <p role="alert" style={{ margin: '0.5rem 0 0' }}>
          The time zone could not be saved. Please try again, or set it under Booking → Availability.
        </p>
      )}
    </div>
  )
}
