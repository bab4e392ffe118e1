import config from '@payload-config'
import { CROSS_SITE, fromAnotherSite } from '@/platform/forms/cross-site'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

/**
 * Payload's REST API (/cms-api), as `src/app/(payload)/cms-api/[...slug]/route.ts` serves it, with one check in
 * front of every handler that takes a body: a body Payload would fail on with a 500 and an error line (JSON
 * that does not parse, a multipart form without its boundary or whose `_payload` field is no JSON) or that holds
 * a NUL character (in no address, password, token or text, and PostgreSQL refuses one in a query) is answered
 * 400 in Payload's error shape. Its size was bounded before it was read (src/platform/server/request-guard.ts).
 * And every request that changes something (POST, PATCH, PUT, DELETE: a save, a delete, each button of the
 * admin such as "Mark payment received", "Refund", "Erase this person", "Cancel this workshop") that a browser
 * sent from another site is refused 403 before anything else, whatever its path's spelling, and whatever the
 * endpoint checks itself (decision 091): the admin only ever posts from its own pages.
 * The rules about logging in and resetting passwords are not here but on the operations themselves
 * (src/features/accounts/auth-guard.ts), so they hold for every path that reaches them.
 */
type Handler = ReturnType<typeof REST_POST>

export const UNREADABLE = 'The request could not be read.'

/** Why the body cannot be read, or null when it can (or is of a type Payload does not read). */
export async function unreadableBody(request: Request): Promise<string | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  try {
    let data: unknown = null
    if (type === 'application/json') {
      const text = await request.text()
      data = text ? JSON.parse(text) : null
    } else if (type.startsWith('multipart/') || type === 'application/x-www-form-urlencoded') {
      const form = await request.formData()
      const inner = form.get('_payload')
      const fields = [...form.values()].filter((v): v is string => typeof v === 'string')
      data = typeof inner === 'string' ? [JSON.parse(inner), fields] : fields
    }
    return holdsNul(data) ? 'a NUL character' : null
  } catch {
    return 'a body that does not parse'
  }
}

/** Whether a NUL is anywhere in the value. */
function holdsNul(value: unknown): boolean {
  const open: unknown[] = [value]
  while (open.length) {
    const v = open.pop()
    if (typeof v === 'string' && v.includes('\0')) return true
    if (v && typeof v === 'object') open.push(...Object.values(v))
  }
  return false
}

const readable =
  (handler: Handler): Handler =>
  async (request, context) => {
    if (request.body && (await unreadableBody(request.clone()))) {
      return Response.json(
        { errors: [{ message: UNREADABLE }] },
        { status: 400, headers: { 'Cache-Control': 'no-store' } },
      )
    }
    return handler(request, context)
  }

/** A change sent by a browser from another site is refused before its body is read. */
const fromThisSite =
  (handler: Handler): Handler =>
  async (request, context) =>
    fromAnotherSite(request)
      ? Response.json({ errors: [{ message: CROSS_SITE }] }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
      : handler(request, context)

export const GET = REST_GET(config)
export const POST = fromThisSite(readable(REST_POST(config)))
export const DELETE = fromThisSite(REST_DELETE(config))
export const PATCH = fromThisSite(readable(REST_PATCH(config)))
export const PUT = fromThisSite(readable(REST_PUT(config)))
export const OPTIONS = REST_OPTIONS(config)
