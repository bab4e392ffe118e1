'use client'

import Link from 'next/link'

/** A designed error page for a fault while rendering a page; the header and footer stay. */
export default function SiteError({ reset }: { error: Error; reset: () => void }) {
  return (
    <section className="page-intro">
      <div className="container container--narrow">
        <h1>Something went wrong</h1>
        <p className="lead">Sorry, this page could not be shown. Please try again in a moment.</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={reset}>
            Try again
          </button>
          <Link href="/" className="button button--secondary">
            Go to the home page
          </Link>
        </div>
      </div>
    </section>
  )
}
