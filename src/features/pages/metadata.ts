import type { Metadata } from 'next'

import { pageMetadata } from '@/domain/seo'
import { getSiteSettings } from '@/features/site/site-settings'

/** A public page's metadata under the site's name from Site settings → Brand (cached with the settings). */
export async function sitePageMetadata(page: { title: string; description: string; path: string }): Promise<Metadata> {
  const { brand } = await getSiteSettings()
  return pageMetadata({ ...page, siteName: brand.siteName })
}
