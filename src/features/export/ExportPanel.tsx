import { EXPORTED_COLLECTIONS } from './everything'

/**
 * On the admin's dashboard: the coach's data to download, everything at once as JSON or each list as CSV
 * (./everything.ts; admins only, so editors see a note instead of links that would refuse them).
 */
export function ExportPanel({ user }: { user?: { role?: string } | null }) {
  return (
    <section aria-labelledby="export-heading" style={{ margin: '2rem 0' }}>
      <h2 id="export-heading">Your data</h2>
      {user?.role === 'admin' ? (
        <>
          <p>
            Everything you keep here, to take along: your content and pages, messages, subscribers and discovery calls.
            Passwords, link keys and your calendar address are left out; images are in the backup.
          </p>
          <p>
            <a href="/cms-api/export/everything.json" download>
              Download everything (JSON)
            </a>
          </p>
          <ul>
            {EXPORTED_COLLECTIONS.map(({ slug, label }) => (
              <li key={slug}>
                <a href={`/cms-api/export/csv/${slug}`} download>
                  {label} (CSV)
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>An admin can download all of the site’s data from here.</p>
      )}
    </section>
  )
}
