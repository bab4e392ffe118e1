import { render } from '@react-email/render'
import { Feed } from 'feed'

import { PUBLIC_CACHE_CONTROL } from '@/platform/server/page-cache'
import { ARCHIVE_PATH, ATOM_PATH, issuePath, RSS_PATH, type ArchiveIssue } from './archive'
import { IssueCopy } from './IssueCopy'

export type FeedFormat = 'atom' | 'rss'

const TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
}

/** An issue's body as HTML for a feed reader: the site's rendering, with the site's own paths made absolute. */
async function bodyHtml(issue: ArchiveIssue, origin: string): Promise<string> {
  const html = await render(<IssueCopy body={issue.body} base={origin} />)
  // render() writes a whole document's doctype and React's boundary marks; a feed entry holds the body only.
  return html.replace(/^<!DOCTYPE[^>]*>/i, '').replace(/<!--\/?\$-->/g, '')
}

/**
 * The archive's feed (Atom 1.0 or RSS 2.0, the `feed` package) of the sent issues, newest first: each with its
 * subject, page, the day it went out and its body. Every address is absolute, from the site's address
 * (SITE_URL, as the sitemap's).
 */
export async function archiveFeed(
  issues: ArchiveIssue[],
  format: FeedFormat,
  { site, siteName, description }: { site: URL; siteName: string; description: string },
): Promise<string> {
  const origin = site.origin
  const url = (path: string) => new URL(path, site).toString()
  const feed = new Feed({
    id: url(ARCHIVE_PATH),
    title: `${siteName}: the newsletter`,
    description,
    link: url(ARCHIVE_PATH),
    language: 'en',
    updated: issues[0] ? new Date(issues[0].sentAt) : new Date(0),
    feedLinks: { atom: url(ATOM_PATH), rss: url(RSS_PATH) },
    generator: false,
    copyright: `© ${siteName}`,
  })
  for (const issue of issues) {
    feed.addItem({
      title: issue.subject,
      id: url(issuePath(issue.slug)),
      link: url(issuePath(issue.slug)),
      date: new Date(issue.sentAt),
      published: new Date(issue.sentAt),
      ...(issue.preheader ? { description: issue.preheader } : {}),
      content: await bodyHtml(issue, origin),
    })
  }
  return format === 'atom' ? feed.atom1() : feed.rss2()
}

export const feedContentType = (format: FeedFormat) => TYPES[format]

/**
 * The answer to GET of a feed: 404 while the archive is off, 503 while it cannot be read, else the feed,
 * as shareable for a few seconds as a public page.
 */
export async function archiveFeedResponse(
  read: ArchiveIssue[] | null | 'failed',
  format: FeedFormat,
  site: { site: URL; siteName: string; description: string },
): Promise<Response> {
  if (read === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': TEXT } })
  if (read === 'failed') {
    return new Response('The newsletter could not be read. Please try again later.', {
      status: 503,
      headers: { 'Content-Type': TEXT, 'Cache-Control': 'no-store', 'Retry-After': '5' },
    })
  }
  return new Response(await archiveFeed(read, format, site), {
    headers: { 'Content-Type': feedContentType(format), 'Cache-Control': PUBLIC_CACHE_CONTROL },
  })
}

const TEXT = 'text/plain; charset=utf-8'
