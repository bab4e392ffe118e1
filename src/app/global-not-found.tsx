import './(site)/site.css'

import type { Metadata } from 'next'
import Link from 'next/link'

import { SiteFrame } from '@/features/site/SiteFrame'
import { NAV_ITEMS } from '@/domain/navigation'
import { getSiteSettings } from '@/features/site/site-settings'

export async function generateMetadata(): Promise<Metadata> {
  const { brand } = await getSiteSettings()
  return {
    title: `Page not found | ${brand.siteName}`,
    description: 'The page you were looking for does not exist.',
    robots: { index: false },
  }
}

/** Every unmatched path: a designed page inside the site's header and footer, answered with status 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <SiteFrame>
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
      </SiteFrame>
    </html>
  )
}
