import type { Metadata } from 'next'

import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { ContactView } from '@/features/pages/views/ContactView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('contact')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/schedule-and-contact' })
}

export default async function ScheduleAndContactPage() {
  return <ContactView copy={await getPageCopy('contact')} />
}
