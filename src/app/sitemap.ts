import type { MetadataRoute } from 'next'

import { siteUrl } from '@/domain/brand'
import { PUBLIC_PATHS } from '@/domain/navigation'
import { ARCHIVE_PATH, getArchive, issuePath } from '@/features/newsletter/archive'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const url = (path: string) => new URL(path, siteUrl()).toString()
  const pages: MetadataRoute.Sitemap = PUBLIC_PATHS.map((path) => ({
    url: url(path),
    changeFrequency: 'weekly',
    priority: path === '/' ? 1 : 0.7,
  }))
  // The newsletter's archive, while the coach has it on: its list and each issue's page.
  const archive = await getArchive()
  if (!archive.on) return pages
  return [
    ...pages,
    { url: url(ARCHIVE_PATH), changeFrequency: 'weekly', priority: 0.5 },
    ...archive.issues.map((issue) => ({
      url: url(issuePath(issue.slug)),
      lastModified: issue.sentAt,
      changeFrequency: 'yearly' as const,
      priority: 0.4,
    })),
  ]
}
