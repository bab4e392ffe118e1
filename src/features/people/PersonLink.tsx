import { personPath } from './people'

/**
 * On a message's, a call's, a workshop registration's and a subscriber's screen: a link to everything the site holds about the same
 * address (the People page of ./PersonView.tsx). A plain link, not the client router's: the browser follows it
 * whatever the admin's script is doing. A router link pressed while the screen was still being taken over was
 * lost in a clean-clone run (no request made, the coach left on the same screen); a plain one is never lost.
 */
export function PersonLink({ data }: { data?: Record<string, unknown> }) {
  const email = typeof data?.email === 'string' ? data.email : ''
  if (!email) return null
  return (
    <div className="field-type coach-admin" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <a href={personPath(email)} id="person-link">
        All about this person
      </a>
    </div>
  )
}
