import type { Metadata } from 'next'

import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { CoachingView } from '@/features/pages/views/CoachingView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('coaching')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/coaching' })
}

export default async function CoachingPage() {
  return <CoachingView copy={await getPageCopy('coaching')} />
}
