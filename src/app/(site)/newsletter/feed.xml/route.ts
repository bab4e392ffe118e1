import { connection } from 'next/server'

import { siteUrl } from '@/domain/brand'
import { ARCHIVE_DESCRIPTION, getArchiveFeed } from '@/features/newsletter/archive'
import { archiveFeedResponse } from '@/features/newsletter/archive-feed'
import { getSiteSettings } from '@/features/site/site-settings'

/** GET /newsletter/feed.xml: the sent issues as a feed (Atom 1.0); 404 while the archive is off. */
export async function GET(): Promise<Response> {
  // Answered per request from the cached reads (tagged like the archive's pages), never prerendered.
  await connection()
  const [issues, { brand }] = await Promise.all([getArchiveFeed(), getSiteSettings()])
  return archiveFeedResponse(issues, 'atom', {
    site: siteUrl(),
    siteName: brand.siteName,
    description: ARCHIVE_DESCRIPTION,
  })
}
