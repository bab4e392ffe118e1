import Link from 'next/link'
import { connection } from 'next/server'

/**
 * Above the discovery calls in the admin: the upcoming booked calls, soonest first (the coach's usual
 * question), or every call, past and cancelled ones included.
 */
export async function CallListViews() {
  await connection()
  const upcoming = new URLSearchParams({
    'where[or][0][and][0][startsAt][greater_than_equal]': new Date().toISOString(),
    'where[or][0][and][1][status][equals]': 'booked',
    sort: 'startsAt',
  })
  return (
    <p style={{ margin: '0 0 1rem', display: 'flex', gap: '1.5rem' }}>
      <Link href={`/admin/collections/discovery-calls?${upcoming}`}>Upcoming calls</Link>
      <Link href="/admin/collections/discovery-calls?sort=-startsAt">All calls, latest first</Link>
    </p>
  )
}
