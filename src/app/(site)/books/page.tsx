import type { Metadata } from 'next'

import { pageMetadata } from '@/domain/seo'
import { getPageCopy } from '@/features/pages/read'
import { BooksView } from '@/features/pages/views/BooksView'

export async function generateMetadata(): Promise<Metadata> {
  const { seo } = await getPageCopy('books')
  return pageMetadata({ title: seo.title, description: seo.description, path: '/books' })
}

export default async function BooksPage() {
  return <BooksView copy={await getPageCopy('books')} />
}
