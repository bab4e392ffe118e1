import type { MetadataRoute } from 'next'

import { siteUrl } from '@/domain/brand'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/cms-api'] },
    sitemap: new URL('/sitemap.xml', siteUrl()).toString(),
  }
}
