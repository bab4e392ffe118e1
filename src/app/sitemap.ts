import type { MetadataRoute } from 'next'

import { siteUrl } from '@/domain/brand'
import { PUBLIC_PATHS } from '@/domain/navigation'

export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PATHS.map((path) => ({
    url: new URL(path, siteUrl()).toString(),
    changeFrequency: 'weekly',
    priority: path === '/' ? 1 : 0.7,
  }))
}
