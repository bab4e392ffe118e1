/** Shown above the registrations list in the admin: every registration as a CSV file. */
export function RegistrationsExportLink() {
  return (
    <p style={{ margin: '0 0 1rem' }}>
      <a href="/cms-api/workshop-registrations/export.csv" download>
        Download all registrations (CSV)
      </a>
    </p>
  )
}
