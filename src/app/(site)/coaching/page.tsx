import type { Metadata } from 'next'

import { buyLinks } from '@/features/packages/buy-links'
import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { CoachingView } from '@/features/pages/views/CoachingView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('coaching')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/coaching' })
}

export default async function CoachingPage() {
  const [copy, links] = await Promise.all([getPageCopy('coaching'), buyLinks()])
  return <CoachingView copy={copy} buyLinks={links} />
}
