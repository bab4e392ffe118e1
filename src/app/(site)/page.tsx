import type { Metadata } from 'next'

import { pageMetadata } from '@/domain/seo'
import { getPageCopy } from '@/features/pages/read'
import { HomeView } from '@/features/pages/views/HomeView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('home')
  return pageMetadata({ title: seo.title, description: seo.description, path: '/' })
}

export default async function HomePage() {
  return <HomeView copy={await getPageCopy('home')} />
}
