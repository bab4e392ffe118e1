import '@fontsource-variable/inter'
import './site.css'

import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SiteFrame } from '@/components/SiteFrame'
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
      <SiteFrame>{children}</SiteFrame>
    </html>
  )
}
