import type { Metadata } from 'next'

import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { HomeView } from '@/features/pages/views/HomeView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('home')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/' })
}

export default async function HomePage() {
  return <HomeView copy={await getPageCopy('home')} />
}
