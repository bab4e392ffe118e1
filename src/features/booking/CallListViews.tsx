import Link from 'next/link'
import { connection } from 'next/server'

import { CALLS_IN_ADMIN, upcomingCallsPath } from './calls'

/**
 * Above the discovery calls in the admin: the upcoming booked calls, soonest first (where the list opens),
 * or every call, past and cancelled ones included, latest first.
 */
export async function CallListViews() {
  await connection()
  return (
    <p style={{ margin: '0 0 1rem', display: 'flex', gap: '1.5rem' }}>
      <Link href={upcomingCallsPath(new Date())}>Upcoming calls</Link>
      <Link href={`${CALLS_IN_ADMIN}?sort=-startsAt`}>All calls, latest first</Link>
    </p>
  )
}
