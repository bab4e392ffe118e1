import '@fontsource-variable/inter'
import './(site)/site.css'

import type { Metadata } from 'next'
import Link from 'next/link'

import { SiteFooter } from '@/components/SiteFooter'
import { SiteHeader } from '@/components/SiteHeader'
import { BRAND } from '@/domain/brand'
import { NAV_ITEMS } from '@/domain/navigation'

export const metadata: Metadata = {
  title: `Page not found | ${BRAND.siteName}`,
  description: 'The page you were looking for does not exist.',
  robots: { index: false },
}

/** Every unmatched path: a designed page inside the site's header and footer, answered with status 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          <section className="page-intro">
            <div className="container container--narrow">
              <h1>Page not found</h1>
              <p className="lead">
                Sorry, there is no page at this address. It may have moved, or the link may be mistyped.
              </p>
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
        </main>
        <SiteFooter />
      </body>
    </html>
  )
}
