import type { Metadata } from 'next'

import { pageMetadata } from '@/domain/seo'
import { getPageCopy } from '@/features/pages/read'
import { WorkshopsView } from '@/features/pages/views/WorkshopsView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('workshops')
  return pageMetadata({ title: seo.title, description: seo.description, path: '/workshops' })
}

export default async function WorkshopsPage() {
  return <WorkshopsView copy={await getPageCopy('workshops')} />
}
