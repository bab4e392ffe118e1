import type { Metadata } from 'next'

/** Each page's title, description, canonical link, Open Graph and Twitter card from one call. */
export function pageMetadata({
  title,
  description,
  path,
  siteName,
}: {
  title: string
  description: string
  path: string
  siteName: string
}): Metadata {
  // The home page's title says what the site is after its name; every other page's names the page first.
  const fullTitle = path === '/' ? `${siteName}: ${title}` : `${title} | ${siteName}`
  return {
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: path },
    openGraph: { title: fullTitle, description, url: path, siteName, type: 'website', locale: 'en_US' },
    twitter: { card: 'summary', title: fullTitle, description },
  }
}
