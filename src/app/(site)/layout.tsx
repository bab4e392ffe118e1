import '@fontsource-variable/inter'
import './site.css'

import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SiteFooter } from '@/components/SiteFooter'
import { SiteHeader } from '@/components/SiteHeader'
import { BRAND, siteUrl } from '@/domain/brand'

export const metadata: Metadata = {
  metadataBase: siteUrl(),
  title: BRAND.siteName,
  description: BRAND.description,
  applicationName: BRAND.siteName,
  icons: { icon: '/favicon.svg' },
}

export const viewport: Viewport = { themeColor: '#2f6f5e', width: 'device-width', initialScale: 1 }

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  )
}
