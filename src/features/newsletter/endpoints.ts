import { crossSiteRefusal, mediaType, readAtMost } from '@/platform/forms/http'
import { payloadClient } from '@/platform/payload'
import { confirmSubscription, unsubscribe } from './form'

/** The token from the query (links in mail, one-click) or from the posted form (the pages' buttons). */
async function tokenOf(request: Request): Promise<{ token: string; oneClick: boolean }> {
  const url = new URL(request.url)
  // At most 4 KB is read: a token and the one-click field are far smaller.
  const body = (await readAtMost(request, 4096)) ?? ''
  const type = mediaType(request)
  // RFC 8058 asks mail providers for multipart/form-data, and allows url-encoded.
  const form =
    type === 'multipart/form-data'
      ? await new Response(body, { headers: { 'content-type': request.headers.get('content-type')! } })
          .formData()
          .catch(() => new FormData())
      : new URLSearchParams(type === 'application/x-www-form-urlencoded' ? body : '')
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    token: field('token') || url.searchParams.get('token') || '',
    oneClick: field('List-Unsubscribe') === 'One-Click',
  }
}

/** Answers a button's form post with the page to show next (a relative Location needs no host). */
const seeOther = (path: string) => new Response(null, { status: 303, headers: { Location: path } })

/** POST /api/newsletter/confirm: the confirmation page's button. */
export async function confirmEndpoint(request: Request): Promise<Response> {
  const refused = crossSiteRefusal(request)
  if (refused) return refused
  const { token } = await tokenOf(request)
  try {
    const outcome = await confirmSubscription(await payloadClient(), token)
    return seeOther(outcome === 'confirmed' ? '/newsletter/confirmed' : '/newsletter/link-invalid')
  } catch (error) {
    console.error('Confirming a subscription failed:', error instanceof Error ? error.message : error)
    return seeOther('/newsletter/try-again')
  }
}

/**
 * POST /api/newsletter/unsubscribe: mail clients' one-click (RFC 8058, answered 200) and the unsubscribe
 * page's button (answered with the "unsubscribed" page). Idempotent.
 */
export async function unsubscribeEndpoint(request: Request): Promise<Response> {
  const refused = crossSiteRefusal(request)
  if (refused) return refused
  const { token, oneClick } = await tokenOf(request)
  try {
    const outcome = await unsubscribe(await payloadClient(), token)
    if (oneClick) {
      return outcome === 'unsubscribed'
        ? new Response('You have been unsubscribed.', { status: 200 })
        : new Response('This unsubscribe link is not valid.', { status: 404 })
    }
    return seeOther(outcome === 'unsubscribed' ? '/newsletter/unsubscribed' : '/newsletter/link-invalid')
  } catch (error) {
    console.error('Unsubscribing failed:', error instanceof Error ? error.message : error)
    if (oneClick) return new Response('Please try again later.', { status: 503, headers: { 'Retry-After': '60' } })
    return seeOther('/newsletter/try-again')
  }
}
