import { personPath } from './people'

/**
 * On a message's, a call's, a workshop registration's and a subscriber's screen: a link to everything the site holds about the same
 * address (the People page of ./PersonView.tsx). A plain link, not the client router's: the browser follows it
 * before the admin's script has run too. (After the other files of a full browser-test run, a click on it did
 * nothing, as a router link and as a plain one: Payload's leave-without-saving guard, which stops every link while
 * the form counts as modified or invalid, is the suspect; issue 39 keeps it open.)
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
