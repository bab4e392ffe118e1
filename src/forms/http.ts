import { clientFromHeaders } from './client'
import { handleForm, type FormName } from './handle'
import { httpStatus } from './results'

/** Larger bodies are refused before they are read: the longest valid contact message is far smaller. */
export const MAX_BODY_BYTES = 64 * 1024

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/<form>: JSON or a url-encoded form in, JSON out, with the status saying what happened
 * (200 accepted, 422 invalid, 429 too many posts, 413 too large, 415 wrong type, 503 try again).
 */
export async function formEndpoint(form: FormName, request: Request): Promise<Response> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) return json({ status: 'invalid', message: 'The form is too large.' }, 413)
  const body = await request.text()
  if (Buffer.byteLength(body) > MAX_BODY_BYTES)
    return json({ status: 'invalid', message: 'The form is too large.' }, 413)

  const type = request.headers.get('content-type') ?? ''
  let raw: Record<string, unknown>
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body)
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
      raw = parsed as Record<string, unknown>
    } catch {
      return json({ status: 'invalid', message: 'The form data could not be read.' }, 400)
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    raw = Object.fromEntries(new URLSearchParams(body))
  } else {
    return json({ status: 'invalid', message: 'Send the form as JSON or as a url-encoded form.' }, 415)
  }

  const result = await handleForm(form, raw, clientFromHeaders(request.headers))
  // Values are only echoed to the page that posted them; the API answers without them.
  const { status, message } = result
  return json(
    { status, message, ...(result.status === 'invalid' ? { errors: result.errors } : {}) },
    httpStatus(result),
  )
}

export const methodNotAllowed = (): Response =>
  Response.json({ error: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } })
