import './site.css'

import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SiteFrame } from '@/features/site/SiteFrame'
import { siteUrl } from '@/domain/brand'
import { getSiteSettings } from '@/features/site/site-settings'

export async function generateMetadata(): Promise<Metadata> {
  const { brand } = await getSiteSettings()
  return {
    metadataBase: siteUrl(),
    title: brand.siteName,
    description: brand.description,
    applicationName: brand.siteName,
    icons: { icon: '/favicon.svg' },
  }
}

export const viewport: Viewport = { themeColor: '#2f6f5e', width: 'device-width', initialScale: 1 }

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <SiteFrame>{children}</SiteFrame>
    </html>
  )
}
