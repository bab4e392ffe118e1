import './(site)/site.css'

import type { Metadata } from 'next'

import { NotFoundView, notFoundMetadata } from '@/features/site/NotFoundView'
import { SiteFrame } from '@/features/site/SiteFrame'
import { getSiteSettings } from '@/features/site/site-settings'

export async function generateMetadata(): Promise<Metadata> {
  const { brand } = await getSiteSettings()
  return notFoundMetadata(brand.siteName)
}

/** Every unmatched path: a designed page inside the site's header and footer, answered with status 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <SiteFrame>
        <NotFoundView />
      </SiteFrame>
    </html>
  )
}
