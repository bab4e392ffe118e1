import Link from 'next/link'
import { connection } from 'next/server'
import type { Payload, TypedUser } from 'payload'

import { timeZoneOptions } from '@/domain/dates'
import { CALLS_IN_ADMIN } from '@/features/booking/calls'
import { TimeZoneQuestion } from './TimeZoneQuestion'
import { readToday, type TodayCall } from './today'

/*
 * The top of the admin's dashboard: what needs the coach today (./today.ts), each with a link to the place
 * to act, above Payload's tiles of collections. Read afresh at each visit of the dashboard.
 */

const card = {
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: '4px',
  padding: '1rem 1.25rem',
  background: 'var(--theme-elevation-0)',
} as const

function CallLine({ call }: { call: TodayCall }) {
  return (
    <li style={{ margin: '0.25rem 0' }}>
      <Link href={call.href}>
        {call.when}: {call.name}
      </Link>
    </li>
  )
}

export async function TodayView({ payload, user }: { payload: Payload; user?: TypedUser | null }) {
  await connection()
  if (!user) return null
  const today = await readToday(payload, user)
  const { calls } = today
  return (
    <section
      aria-labelledby="today-heading"
      className="today"
      style={{ margin: '1.5rem 0 2rem', minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' }}
    >
      <h1 id="today-heading" style={{ margin: '0 0 0.25rem' }}>
        Today
      </h1>
      <p style={{ margin: '0 0 1rem', color: 'var(--theme-elevation-650)' }}>
        {today.date} · times in {today.timeZone}
      </p>
      {!today.timeZoneChosen && (
        <TimeZoneQuestion current={today.timeZone} zones={timeZoneOptions().map((o) => o.value)} />
      )}
      <div
        style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))' }}
      >
        {calls && (
          <div style={card} data-today="next-call">
            <h2 style={{ margin: '0 0 0.5rem', fontSize: '1.125rem' }}>Next call</h2>
            {calls.next ? (
              <>
                <p style={{ margin: '0 0 0.25rem', fontWeight: 600 }}>
                  {calls.next.when}: {calls.next.name}
                </p>
                {calls.next.note && (
                  <blockquote style={{ margin: '0 0 0.5rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {calls.next.note}
                  </blockquote>
                )}
                <p style={{ margin: '0 0 0.5rem' }} data-today="how">
                  {calls.next.how ?? 'How you meet: arranged by e-mail.'}
                </p>
                <p style={{ margin: 0 }}>
                  <Link href={calls.next.href}>Open the call with {calls.next.name}</Link>
                </p>
              </>
            ) : (
              <p style={{ margin: 0 }}>No upcoming calls.</p>
            )}
          </div>
        )}
        {calls && (
          <div style={card} data-today="calls">
            <h2 style={{ margin: '0 0 0.5rem', fontSize: '1.125rem' }}>Calls</h2>
            {calls.today.length > 0 ? (
              <ul style={{ margin: '0 0 0.5rem', paddingLeft: '1.25rem' }} aria-label="Calls today">
                {calls.today.map((c) => (
                  <CallLine key={c.id} call={c} />
                ))}
              </ul>
            ) : (
              <p style={{ margin: '0 0 0.5rem' }}>No calls today.</p>
            )}
            <p style={{ margin: '0 0 0.5rem' }}>{calls.ahead}</p>
            <p style={{ margin: 0 }}>
              <Link href={CALLS_IN_ADMIN}>All upcoming calls</Link>
            </p>
          </div>
        )}
        <div style={card} data-today="lines">
          <h2 style={{ margin: '0 0 0.5rem', fontSize: '1.125rem' }}>To look at</h2>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {today.lines.map((line) => (
              <li key={line.href + line.text} style={{ margin: '0 0 0.5rem' }}>
                <span>{line.text}</span> <Link href={line.href}>{line.link}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
