import { NotFoundView } from '@/features/site/NotFoundView'

/** The archive's pages while it is off, and an issue that is not in it: the site's "Page not found" (404). */
export default function NewsletterNotFound() {
  return <NotFoundView />
}
