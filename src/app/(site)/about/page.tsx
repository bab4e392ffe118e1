import type { Metadata } from 'next'

import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { AboutView } from '@/features/pages/views/AboutView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('about')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/about' })
}

export default async function AboutPage() {
  return <AboutView copy={await getPageCopy('about')} />
}
