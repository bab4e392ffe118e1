import { headers } from 'next/headers'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import type { Payload } from 'payload'
import type { ReactNode } from 'react'

import { payloadClient } from '@/platform/payload'
import { PAGE_COPY, PAGE_GLOBALS, PAGE_PATHS, type PageName } from './defaults'
import { getDraftCopy } from './read'
import { AboutView } from './views/AboutView'
import { BooksView } from './views/BooksView'
import { CoachingView } from './views/CoachingView'
import { ContactView } from './views/ContactView'
import { HomeView } from './views/HomeView'
import { WorkshopsView } from './views/WorkshopsView'

/** Each page's body from its latest draft. */
const DRAFT_VIEWS: Record<PageName, (payload: Payload) => Promise<ReactNode>> = {
  home: async (payload) => <HomeView copy={await getDraftCopy(payload, 'home')} />,
  about: async (payload) => <AboutView copy={await getDraftCopy(payload, 'about')} />,
  coaching: async (payload) => <CoachingView copy={await getDraftCopy(payload, 'coaching')} />,
  books: async (payload) => <BooksView copy={await getDraftCopy(payload, 'books')} />,
  workshops: async (payload) => <WorkshopsView copy={await getDraftCopy(payload, 'workshops')} />,
  contact: async (payload) => <ContactView copy={await getDraftCopy(payload, 'contact')} />,
}

const isPageName = (name: string): name is PageName => Object.hasOwn(PAGE_COPY, name)

/**
 * /preview/<page> (the admin's Preview button): the real page with the latest draft of its copy, for the
 * logged-in coach only (anyone else is sent to log in first), with a notice that visitors see the published
 * copy. Rendered per request and never cached; the public page is not touched by it.
 */
export async function PagePreview({ name }: { name: string }) {
  if (!isPageName(name)) {
    return (
      <div className="container section">
        <h1>Nothing to preview</h1>
        <p>
          There is no page called “{name}”. <Link href="/admin">Back to the admin</Link>
        </p>
      </div>
    )
  }
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  if (!user) redirect(`/admin/login?redirect=${encodeURIComponent(`/preview/${name}`)}`)
  const view = await DRAFT_VIEWS[name](payload)
  return (
    <>
      <div className="preview-notice" role="status">
        <p>
          Preview of your latest draft: visitors still see the published page.{' '}
          <Link href={PAGE_PATHS[name]}>See the published page</Link> ·{' '}
          <Link href={`/admin/globals/${PAGE_GLOBALS[name]}`}>Back to editing</Link>
        </p>
      </div>
      {view}
    </>
  )
}
