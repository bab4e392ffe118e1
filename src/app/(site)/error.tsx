'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'

/**
 * A designed error page for a fault while rendering a page; the header and footer stay. "Try again" loads
 * the page afresh (public pages run without Next's client runtime, so a link, not the boundary's reset).
 */
export default function SiteError() {
  const pathname = usePathname()
  return (
    <section className="page-intro">
      <div className="container container--narrow">
        <h1>Something went wrong</h1>
        <p className="lead">Sorry, this page could not be shown. Please try again in a moment.</p>
        <div className="button-row">
          <a href={pathname} className="button button--primary">
            Try again
          </a>
          <Link href="/" className="button button--secondary">
            Go to the home page
          </Link>
        </div>
      </div>
    </section>
  )
}
