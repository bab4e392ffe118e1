import Link from 'next/link'

import { ALL_CALLS_IN_ADMIN, CALLS_IN_ADMIN } from './calls'
import type { groupUpcoming } from './upcoming'

/** The upcoming calls under their headings, as UpcomingCalls shows them (each group only when it has calls). */
export function UpcomingCallsList({
  groups,
  timeZone,
}: {
  groups: ReturnType<typeof groupUpcoming>
  timeZone: string
}) {
  const none = groups.every((g) => g.calls.length === 0)
  return (
    <>
      <h1 style={{ margin: '1.5rem 0 0.5rem' }}>Upcoming discovery calls</h1>
      <p style={{ margin: '0 0 1rem', color: 'var(--theme-elevation-600)' }}>
        Times in your time zone, {timeZone} (Booking → Availability).
      </p>
      <p style={{ margin: '0 0 1.5rem' }}>
        <Link href={ALL_CALLS_IN_ADMIN} id="all-calls">
          All calls, past and cancelled ones included
        </Link>
      </p>
      {none ? (
        <p data-upcoming-empty>No upcoming calls.</p>
      ) : (
        groups.map(({ group, calls }) =>
          calls.length === 0 ? null : (
            <section key={group} aria-labelledby={`upcoming-${group.replace(' ', '-').toLowerCase()}`}>
              <h2
                id={`upcoming-${group.replace(' ', '-').toLowerCase()}`}
                style={{ fontSize: '1.25rem', margin: '1.5rem 0 0.5rem' }}
              >
                {group}
              </h2>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {calls.map((call) => (
                  <li
                    key={call.id}
                    data-upcoming-call={call.id}
                    style={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: '0.25rem 1rem',
                      padding: '0.75rem 0',
                      borderBottom: '1px solid var(--theme-elevation-150)',
                    }}
                  >
                    <time dateTime={call.startsAt} style={{ fontWeight: 600, minWidth: '4rem' }}>
                      {call.when}
                    </time>
                    <Link href={`${CALLS_IN_ADMIN}/${call.id}`} style={{ overflowWrap: 'anywhere' }}>
                      {call.name}
                    </Link>
                    <span data-call-status>{call.status}</span>
                  </li>
                ))}
              </ul>
            </section>
          ),
        )
      )}
    </>
  )
}
