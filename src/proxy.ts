import { NextResponse, type NextRequest } from 'next/server'

import { verifiedManageToken } from '@/features/booking/manage-token'

/**
 * A manage link the site did not make gets the designed 404 page with status 404. (The page itself is
 * rendered per request, and Next cannot turn such a page into its 404 without JavaScript; the token's
 * signature needs no database, so it is checked here, before the page.)
 */
export function proxy(request: NextRequest): NextResponse {
  const token = decodeURIComponent(request.nextUrl.pathname.split('/').pop() ?? '')
  if (verifiedManageToken(token)) return NextResponse.next()
  return NextResponse.rewrite(new URL('/scheduling/manage', request.url))
}

export const config = { matcher: '/scheduling/manage/:token' }
