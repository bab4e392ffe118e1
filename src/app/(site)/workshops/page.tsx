import type { Metadata } from 'next'

import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { WorkshopsView } from '@/features/pages/views/WorkshopsView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('workshops')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/workshops' })
}

export default async function WorkshopsPage() {
  return <WorkshopsView copy={await getPageCopy('workshops')} />
}
