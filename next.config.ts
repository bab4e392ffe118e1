import path from 'node:path'

import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // Lists are cached components ('use cache' + tags): pages are rendered once, served from cache, and
  // revalidated by Payload hooks when the coach edits content (see src/features/content/lists.ts).
  cacheComponents: true,
  // The cached reads' handler: Next's own in memory, with tags and entries shared through Redis when several
  // instances serve the site (REDIS_URL; src/platform/cache/shared-cache-handler.ts).
  cacheHandlers: { default: path.resolve(import.meta.dirname, 'src/platform/cache/shared-cache-handler.ts') },
  // Loaded from node_modules, not bundled: Turbopack bundles each route handler on its own, so every package
  // bundled into them was in memory once per route (seven copies of Payload, ≈ 9 MB of code each). Loaded
  // from node_modules, the routes, the pages and the server share one (decision record 043).
  serverExternalPackages: [
    '@redis/client',
    'payload',
    '@payloadcms/db-sqlite',
    '@payloadcms/db-postgres',
    'drizzle-orm',
    'nodemailer',
    'zod',
    'ics',
    'ical.js',
    'html-to-text',
    '@react-email/render',
    'imapflow',
    'mailparser',
    // Loaded only on a site with Stripe keys (src/platform/stripe.ts).
    'stripe',
  ],
  partialPrefetching: true,
  experimental: {
    // Server code keeps its class names: Payload picks the log level of an error by its name (a refused
    // request is info, not an error), and a stack trace in the log stays readable.
    serverMinification: false,
    // Pages re-rendered at run time are kept in the server's memory only, never written to the build folder:
    // a restart always shows the database as it is then (another database, a restored backup, an outage),
    // not pages rendered from whatever database an earlier run used.
    isrFlushToDisk: false,
    // One designed 404 for every unmatched path, across the site's and the admin's root layouts.
    globalNotFound: true,
    // Each route's code is loaded when the route is first asked for, not all at start: a site whose admin
    // nobody opens does not hold the admin in memory (decision record 043).
    preloadEntriesOnStart: false,
    // Turbopack's build cache speeds up the next build on this checkout; a CI run builds once from a clean
    // clone, and writing the cache there only costs time (≈ 20 s) and disk (≈ 280 MB).
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  // Tests build once and run several servers from copies of the build (see scripts/lib/server.ts).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Types are checked once, by `npm run typecheck` (the first step of `npm test`): the whole project, the
  // routes' generated types included (`next typegen`). Each build checking them again cost ≈ 20 s, a coach's
  // first `npm start` included.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // Compressed by the site's own server, after it has read the HTML for its script hashes (src/platform/server).
  compress: false,
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
