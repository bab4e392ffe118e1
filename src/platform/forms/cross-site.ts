import { siteUrl } from '@/domain/brand'

/**
 * Whether a browser sent the request from another site: it says so in Sec-Fetch-Site, and older ones in
 * Origin. Requests without either (mail providers' one-click unsubscribe, scripts) are not browsers acting for
 * someone else.
 */
export function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  const origin = request.headers.get('origin')
  const host = request.headers.get('host')
  const own = new Set([siteUrl().origin, ...(host ? [`http://${host}`, `https://${host}`] : [])])
  return (site !== null && site !== 'same-origin' && site !== 'none') || (origin !== null && !own.has(origin))
}

export const CROSS_SITE = 'This form can only be sent from this site.'

/** A post a browser sent from another site is refused (403) before its body is read (see fromAnotherSite). */
export function crossSiteRefusal(request: Request): Response | null {
  return fromAnotherSite(request)
    ? Response.json(
        { status: 'invalid', message: CROSS_SITE },
        { status: 403, headers: { 'Cache-Control': 'no-store' } },
      )
    : null
}
