import { clientFromHeaders } from './client'
import { crossSiteRefusal } from './cross-site'
import { submitForm, type FormDefinition, type FormSchema } from './pipeline'
import { httpStatus } from './results'

export { crossSiteRefusal }

/** Larger bodies are refused before they are read: the longest valid contact message is far smaller. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * The body as text, or null as soon as it grows past `max` bytes (a body without a length is read in chunks),
 * or when the client stops sending it (it closed the connection: nobody is left to answer).
 */
export async function readAtMost(request: Request, max: number): Promise<string | null> {
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const read = await reader.read().catch(() => null)
    if (!read) return null
    const { done, value } = read
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/** The media type of a request's body, without parameters, lower case ('' when there is none). */
export const mediaType = (request: Request): string =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

/**
 * POST /api/<form>: JSON or a url-encoded form in, JSON out, with the status saying what happened
 * (200 accepted, 422 invalid, 429 too many posts, 413 too large, 415 wrong type, 403 sent from another site,
 * 503 try again).
 */
export async function formEndpoint<Schema extends FormSchema, Field extends string>(
  form: FormDefinition<Schema, Field>,
  request: Request,
): Promise<Response> {
  const refused = crossSiteRefusal(request)
  if (refused) return refused
  const type = mediaType(request)
  if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
    return json({ status: 'invalid', message: 'Send the form as JSON or as a url-encoded form.' }, 415)
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  const body = declared > MAX_BODY_BYTES ? null : await readAtMost(request, MAX_BODY_BYTES)
  if (body === null) return json({ status: 'invalid', message: 'The form is too large.' }, 413)

  let raw: Record<string, unknown>
  if (type === 'application/json') {
    try {
      const parsed: unknown = JSON.parse(body)
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
      raw = parsed as Record<string, unknown>
    } catch {
      return json({ status: 'invalid', message: 'The form data could not be read.' }, 400)
    }
  } else {
    raw = Object.fromEntries(new URLSearchParams(body))
  }

  const result = await submitForm(form, raw, clientFromHeaders(request.headers))
  // Values are only echoed to the page that posted them; the API answers without them.
  const { status, message } = result
  return json(
    {
      status,
      message,
      ...(result.status === 'invalid' ? { errors: result.errors } : {}),
      ...(result.status === 'ok' && result.redirectTo ? { redirectTo: result.redirectTo } : {}),
    },
    httpStatus(result),
  )
}

export const methodNotAllowed = (): Response =>
  Response.json({ error: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } })
