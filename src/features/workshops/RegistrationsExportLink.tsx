import { ListDownloadLink } from '@/components/ListDownloadLink'

/** Shown above the registrations list in the admin: every registration as a CSV file. */
export function RegistrationsExportLink() {
  return (
    <ListDownloadLink href="/cms-api/workshop-registrations/export.csv">
      Download all registrations (CSV)
    </ListDownloadLink>
  )
}
