import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { getArchive } from '@/features/newsletter/archive'
import { ArchiveIndex, archiveMetadata } from '@/features/newsletter/ArchivePages'
import { notFoundMetadata } from '@/features/site/NotFoundView'
import { getSiteSettings } from '@/features/site/site-settings'

export async function generateMetadata(): Promise<Metadata> {
  const [archive, { brand }] = await Promise.all([getArchive(), getSiteSettings()])
  return archive.on ? archiveMetadata(brand.siteName) : notFoundMetadata(brand.siteName)
}

/** The newsletter's archive: the sent issues, when the coach turned it on (else the 404 page). */
export default async function NewsletterArchivePage() {
  const archive = await getArchive()
  if (!archive.on) notFound()
  return <ArchiveIndex archive={archive} />
}
