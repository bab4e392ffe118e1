import Link from 'next/link'

import { ALL_CALLS_IN_ADMIN, UPCOMING_CALLS_IN_ADMIN } from './calls'

/**
 * Above Payload's table of discovery calls: back to the upcoming calls (where the list opens), or every call,
 * past and cancelled ones included, the latest first.
 */
export function CallListViews() {
  return (
    <p className="coach-admin" style={{ margin: '0 0 1rem', display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
      <Link href={UPCOMING_CALLS_IN_ADMIN}>Upcoming calls</Link>
      <Link href={ALL_CALLS_IN_ADMIN}>All calls, latest first</Link>
    </p>
  )
}
