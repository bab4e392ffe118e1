import Link from 'next/link'

import { NAV_ITEMS } from '@/domain/navigation'

/** The designed "Page not found": every unmatched path's, and a page's that is not there (an archive turned off). */
export function NotFoundView() {
  return (
    <section className="page-intro">
      <div className="container container--narrow">
        <h1>Page not found</h1>
        <p className="lead">Sorry, there is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p>Try one of these instead:</p>
        <ul className="link-list">
          {NAV_ITEMS.map((item) => (
            <li key={item.href}>
              <Link href={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The metadata of that page, under the site's name. */
export const notFoundMetadata = (siteName: string) => ({
  title: { absolute: `Page not found | ${siteName}` },
  description: 'The page you were looking for does not exist.',
  robots: { index: false },
})
