import { NextResponse, type NextRequest } from 'next/server'

import { CALLS_IN_ADMIN, upcomingCallsPath } from '@/features/booking/calls'
import { verifiedManageToken } from '@/features/booking/manage-token'
import { CLIENT_ROUTER_QUERY } from '@/platform/next-internals'

export function proxy(request: NextRequest): NextResponse {
  const { pathname, searchParams } = request.nextUrl
  if (pathname === CALLS_IN_ADMIN) {
    // The coach's discovery calls open on the upcoming ones, soonest first; a list asked for with a filter,
    // a sort or a page (e.g. "All calls") is left as asked.
    const asked = [...searchParams.keys()].some((key) => key !== CLIENT_ROUTER_QUERY)
    return asked ? NextResponse.next() : NextResponse.redirect(new URL(upcomingCallsPath(new Date()), request.url))
  }
  // A manage link the site did not make gets the designed 404 page with status 404. (The page itself is
  // rendered per request, and Next cannot turn such a page into its 404 without JavaScript; the token's
  // signature needs no database, so it is checked here, before the page.)
  if (verifiedManageToken(lastSegment(pathname))) return NextResponse.next()
  return NextResponse.rewrite(new URL('/scheduling/manage', request.url))
}

/** The last segment of a path, decoded ('' when its escapes are malformed: no token the site made has any). */
function lastSegment(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/').pop() ?? '')
  } catch {
    return ''
  }
}

export const config = { matcher: ['/scheduling/manage/:token', '/admin/collections/discovery-calls'] }
