import { ListDownloadLink } from '@/components/ListDownloadLink'

/** Shown above the subscribers list in the admin: the CSV download of confirmed subscribers. */
export function SubscribersExportLink() {
  return (
    <ListDownloadLink href="/cms-api/subscribers/export.csv">Download confirmed subscribers (CSV)</ListDownloadLink>
  )
}
