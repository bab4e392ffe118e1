'use client'

/** Last resort when even the layout fails: a self-contained page (no shared CSS can be assumed here). */
export default function GlobalError() {
  return (
    <html lang="en">
      <body
        style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem 1.5rem', maxWidth: '40rem', margin: '0 auto' }}
      >
        <main>
          <h1>Something went wrong</h1>
          <p>Sorry, the site could not be shown. Please try again in a moment.</p>
          <p>
            {/* A full load of the same page (public pages run without Next's client runtime). */}
            <a href="">Try again</a>{' '}
            {/* A full page load, not client navigation: the app that failed should start afresh. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">Go to the home page</a>
          </p>
        </main>
      </body>
    </html>
  )
}
