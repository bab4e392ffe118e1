import type { Metadata } from 'next'

import { pageMetadata } from '@/domain/seo'
import { getPageCopy } from '@/features/pages/read'
import { AboutView } from '@/features/pages/views/AboutView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('about')
  return pageMetadata({ title: seo.title, description: seo.description, path: '/about' })
}

export default async function AboutPage() {
  return <AboutView copy={await getPageCopy('about')} />
}
