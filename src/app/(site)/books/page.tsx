import type { Metadata } from 'next'

import { sitePageMetadata } from '@/features/pages/metadata'
import { getPageCopy } from '@/features/pages/read'
import { BooksView } from '@/features/pages/views/BooksView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('books')
  return sitePageMetadata({ title: seo.title, description: seo.description, path: '/books' })
}

export default async function BooksPage() {
  return <BooksView copy={await getPageCopy('books')} />
}
