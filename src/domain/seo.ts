import type { Metadata } from 'next'

import { BRAND } from './brand'

/** Each page's title, description, canonical link, Open Graph and Twitter card from one call. */
export function pageMetadata({
  title,
  description,
  path,
}: {
  title: string
  description: string
  path: string
}): Metadata {
  // The home page's title says what the site is after its name; every other page's names the page first.
  const fullTitle = path === '/' ? `${BRAND.siteName}: ${title}` : `${title} | ${BRAND.siteName}`
  return {
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: path },
    openGraph: { title: fullTitle, description, url: path, siteName: BRAND.siteName, type: 'website', locale: 'en_US' },
    twitter: { card: 'summary', title: fullTitle, description },
  }
}
