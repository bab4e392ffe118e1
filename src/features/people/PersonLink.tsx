import Link from 'next/link'

import { personPath } from './people'

/**
 * On a message's, a call's, a workshop registration's and a subscriber's screen: a link to everything the site holds about the same
 * address (the People page of ./PersonView.tsx).
 */
export function PersonLink({ data }: { data?: Record<string, unknown> }) {
  const email = typeof data?.email === 'string' ? data.email : ''
  if (!email) return null
  return (
    <div className="field-type coach-admin" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <Link href={personPath(email)} id="person-link">
        All about this person
      </Link>
    </div>
  )
}
