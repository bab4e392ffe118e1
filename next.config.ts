import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // Lists are cached components ('use cache' + tags): pages are rendered once, served from cache, and
  // revalidated by Payload hooks when the coach edits content (see src/content/).
  cacheComponents: true,
  partialPrefetching: true,
  experimental: {
    // One designed 404 for every unmatched path, across the site's and the admin's root layouts.
    globalNotFound: true,
  },
  // Tests build once and run several servers from copies of the build (see tests/e2e/server.ts).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  images: { unoptimized: true },
}

const config = withPayload(nextConfig, { devBundleServerPackages: false })

// Payload sends its admin-theme client hint (Accept-CH / Critical-CH / Vary) on every path. On public pages
// that makes Chromium fetch each first page twice and splits CDN caches by colour scheme: keep it to /admin.
const payloadHeaders = config.headers
config.headers = async () =>
  ((await payloadHeaders?.()) ?? []).map((rule) =>
    rule.source === '/:path*' ? { ...rule, source: '/admin/:path*' } : rule,
  )

export default config
