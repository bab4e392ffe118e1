import { siteUrl } from '@/domain/brand'

/**
 * A post a browser sent from another site is refused (403) before its body is read: the browser says so
 * in Sec-Fetch-Site, and older ones in Origin. Requests without either (mail providers' one-click
 * unsubscribe, scripts) are not browsers acting for someone else and are let through.
 */
export function crossSiteRefusal(request: Request): Response | null {
  const site = request.headers.get('sec-fetch-site')
  const origin = request.headers.get('origin')
  const host = request.headers.get('host')
  const own = new Set([siteUrl().origin, ...(host ? [`http://${host}`, `https://${host}`] : [])])
  const crossSite =
    (site !== null && site !== 'same-origin' && site !== 'none') || (origin !== null && !own.has(origin))
  return crossSite
    ? Response.json(
        { status: 'invalid', message: 'This form can only be sent from this site.' },
        { status: 403, headers: { 'Cache-Control': 'no-store' } },
      )
    : null
}
