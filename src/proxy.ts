import { NextResponse, type NextRequest } from 'next/server'

import { CALLS_IN_ADMIN, UPCOMING_CALLS_IN_ADMIN } from '@/features/booking/calls'
import { verifiedManageToken } from '@/features/booking/manage-token'
import { archiveHasPage } from '@/features/newsletter/archive-gate'
import { ARCHIVE_PATH } from '@/features/newsletter/archive-rules'
import { NEWSLETTER_LINK_PAGES } from '@/features/newsletter/issue-slug'
import { CLIENT_ROUTER_QUERY } from '@/platform/next-internals'

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, searchParams } = request.nextUrl
  if (pathname === ARCHIVE_PATH || pathname.startsWith(`${ARCHIVE_PATH}/`)) return newsletterArchive(request)
  if (pathname === CALLS_IN_ADMIN) {
    // The coach's discovery calls open on the upcoming ones under Today, This week and Later; Payload's table
    // asked for with a filter, a sort or a page (e.g. "All calls", or the table itself, which writes its
    // query into the address) is left as asked.
    const asked = [...searchParams.keys()].some((key) => key !== CLIENT_ROUTER_QUERY)
    return asked ? NextResponse.next() : NextResponse.redirect(new URL(UPCOMING_CALLS_IN_ADMIN, request.url))
  }
  // A manage link the site did not make gets the designed 404 page with status 404. (The page itself is
  // rendered per request, and Next cannot turn such a page into its 404 without JavaScript; the token's
  // signature needs no database, so it is checked here, before the page.)
  if (verifiedManageToken(lastSegment(pathname))) return NextResponse.next()
  return NextResponse.rewrite(new URL('/scheduling/manage', request.url))
}

/**
 * The newsletter's archive (/newsletter, /newsletter/<slug>): a page it does not have (the archive is off, or
 * no issue in it has that address) gets the designed 404 page with status 404, as an unknown manage link
 * does. The newsletter's own pages under /newsletter/ (the mails' link pages, the feeds) pass as they are.
 */
async function newsletterArchive(request: NextRequest): Promise<NextResponse> {
  const slug = request.nextUrl.pathname === ARCHIVE_PATH ? null : lastSegment(request.nextUrl.pathname)
  if (slug !== null && (slug.includes('.') || isNewsletterLinkPage(slug))) return NextResponse.next()
  if (await archiveHasPage(slug)) return NextResponse.next()
  return NextResponse.rewrite(new URL(NO_ARCHIVE_PAGE, request.url))
}

const isNewsletterLinkPage = (name: string) => (NEWSLETTER_LINK_PAGES as readonly string[]).includes(name)

/** A path no route answers (two segments under a reserved name): Next gives it the designed 404. */
const NO_ARCHIVE_PAGE = `${ARCHIVE_PATH}/archive/not-there`

/** The last segment of a path, decoded ('' when its escapes are malformed: no token the site made has any). */
function lastSegment(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/').pop() ?? '')
  } catch {
    return ''
  }
}

export const config = {
  matcher: ['/scheduling/manage/:token', '/admin/collections/discovery-calls', '/newsletter', '/newsletter/:slug'],
}
