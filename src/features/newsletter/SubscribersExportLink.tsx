/** Shown above the subscribers list in the admin: the CSV download of confirmed subscribers. */
export function SubscribersExportLink() {
  return (
    <p style={{ margin: '0 0 1rem' }}>
      <a href="/cms-api/subscribers/export.csv" download>
        Download confirmed subscribers (CSV)
      </a>
    </p>
  )
}
