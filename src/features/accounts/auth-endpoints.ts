import config from '@payload-config'
import { REST_POST } from '@payloadcms/next/routes'
import { getPayload } from 'payload'

import { siteUrl } from '@/domain/brand'
import { keyedHash } from '@/domain/tokens'
import { clientFromHeaders } from '@/platform/forms/client'
import { forgetHits, hitRateLimit } from '@/platform/forms/guard'
import { readAtMost } from '@/platform/forms/http'
import { payloadSecret } from '@/platform/secret'
import {
  deviceCookie,
  deviceOf,
  FAILED_LOGIN_FLOOR_MS,
  FORGOT_PASSWORD_LIMIT,
  FORGOT_PASSWORD_THROTTLED,
  forgotPasswordKeys,
  LOGIN_LIMIT,
  LOGIN_THROTTLED,
  loginKeys,
  newDeviceToken,
} from './login-throttle'
import { twoStepOn } from './two-step'

/** A login or reset request is a few hundred bytes; anything past this is refused unread. */
const MAX_AUTH_BODY_BYTES = 16 * 1024

const payloadPost = REST_POST(config)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Payload's error shape, so the admin's login screen shows the words as it shows its own. */
const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ errors: [{ message }] }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** What Payload answers a body it cannot read with: a 500 (multipart) or an error line (JSON). */
const UNREADABLE = 'The request could not be read.'

/**
 * The fields of a login or reset request: the admin's screens send a multipart form whose `_payload` field
 * holds JSON; scripts send JSON. Null when the body is not what its type says (broken JSON, a multipart body
 * without its boundary) or holds a NUL character; any other type has no fields Payload reads.
 */
async function fieldsIn(request: Request): Promise<Record<string, unknown> | null> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  try {
    let data: unknown = {}
    if (type.startsWith('application/json')) {
      const text = await request.text()
      data = text ? JSON.parse(text) : {}
    } else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      const form = await request.formData()
      const inner = form.get('_payload')
      data = typeof inner === 'string' ? JSON.parse(inner) : Object.fromEntries(form)
    }
    if (holdsNul(data)) return null
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
  } catch {
    return null
  }
}

/** Whether a NUL is anywhere in the value: in no address, password or token, and PostgreSQL refuses one in a query. */
function holdsNul(value: unknown): boolean {
  const open: unknown[] = [value]
  while (open.length) {
    const v = open.pop()
    if (typeof v === 'string' && v.includes('\0')) return true
    if (v && typeof v === 'object') open.push(...Object.values(v))
  }
  return false
}

/** The e-mail address the fields name, trimmed and in lower case ('' when there is none). */
const emailIn = (fields: Record<string, unknown>): string =>
  typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : ''

/** The request again, its body read once (at most MAX_AUTH_BODY_BYTES) so it can be read twice. */
async function buffered(request: Request): Promise<Request | null> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  const body = declared > MAX_AUTH_BODY_BYTES ? null : await readAtMost(request, MAX_AUTH_BODY_BYTES)
  if (body === null) return null
  return new Request(request.url, { method: 'POST', headers: request.headers, body })
}

/** POST /cms-api/users/login, throttled per address and per account (./login-throttle.ts), then Payload's. */
export async function login(request: Request): Promise<Response> {
  const started = Date.now()
  const copy = await buffered(request)
  if (!copy) return refuse(413, 'The request is too large.')
  const fields = await fieldsIn(copy.clone())
  if (!fields) return refuse(400, UNREADABLE)
  const secret = payloadSecret()
  const emailHash = keyedHash(secret, emailIn(fields))
  const device = deviceOf(secret, copy.headers.get('cookie'), emailHash)
  const payload = await getPayload({ config })
  const keys = loginKeys(clientFromHeaders(copy.headers).ipHash, emailHash, device)
  const at = new Date()
  if (!(await hitRateLimit(payload, keys, at, LOGIN_LIMIT))) {
    return refuse(429, LOGIN_THROTTLED, { 'Retry-After': String(LOGIN_LIMIT.windowMs / 1000) })
  }
  const response = await payloadPost(copy, { params: Promise.resolve({ slug: ['users', 'login'] }) })
  if (response.ok) {
    // Only failed attempts count: a login that worked takes its hits back.
    await forgetHits(payload, keys, at)
    markDevice(response, emailHash)
  } else {
    await sleep(FAILED_LOGIN_FLOOR_MS - (Date.now() - started))
  }
  return response
}

/** The browser that just proved it holds the account gets (or renews) its device cookie. */
function markDevice(response: Response, emailHash: string): void {
  const token = newDeviceToken(payloadSecret(), emailHash)
  response.headers.append('Set-Cookie', deviceCookie(token, siteUrl().protocol === 'https:'))
}

/**
 * POST /cms-api/users/reset-password: Payload's, and the browser that followed the mailed link (and is now
 * logged in) gets the device cookie, so a coach whose account is being guessed at is let in after a reset.
 */
export async function resetPassword(request: Request): Promise<Response> {
  const copy = await buffered(request)
  if (!copy) return refuse(413, 'The request is too large.')
  if (!(await fieldsIn(copy.clone()))) return refuse(400, UNREADABLE)
  const response = await payloadPost(copy, { params: Promise.resolve({ slug: ['users', 'reset-password'] }) })
  if (!response.ok) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { user?: { email?: unknown } } | null
  const email = body?.user?.email
  if (typeof email !== 'string') return response
  const payload = await getPayload({ config })
  const twoStepId = await twoStepOn({ payload }, email)
  if (twoStepId) {
    // Two-step login is on: the new password is set, but the session the reset started is ended and its
    // cookie not sent; the admin then shows the login screen, which asks for the code.
    await endSessions(payload, twoStepId)
    const headers = new Headers(response.headers)
    headers.delete('Set-Cookie')
    return Response.json(
      { message: 'Your password was changed. Log in with it and the code from your app.' },
      { headers },
    )
  }
  markDevice(response, keyedHash(payloadSecret(), email))
  return response
}

/** Ends every session of an account (as Payload's logout does for one). */
async function endSessions(payload: Awaited<ReturnType<typeof getPayload>>, id: number | string): Promise<void> {
  const user = await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })
  if (user) await payload.db.updateOne({ collection: 'users', id, data: { ...user, sessions: [] }, returning: false })
}

/** POST /cms-api/users/forgot-password, throttled per address and per account, then Payload's. */
export async function forgotPassword(request: Request): Promise<Response> {
  const copy = await buffered(request)
  if (!copy) return refuse(413, 'The request is too large.')
  const fields = await fieldsIn(copy.clone())
  if (!fields) return refuse(400, UNREADABLE)
  const email = emailIn(fields)
  // Payload's own answer to no address, without its error line (and without counting against anyone).
  if (!email) return refuse(400, 'Missing email.')
  const emailHash = keyedHash(payloadSecret(), email)
  const payload = await getPayload({ config })
  const keys = forgotPasswordKeys(clientFromHeaders(copy.headers).ipHash, emailHash)
  if (!(await hitRateLimit(payload, keys, new Date(), FORGOT_PASSWORD_LIMIT))) {
    return refuse(429, FORGOT_PASSWORD_THROTTLED, { 'Retry-After': String(FORGOT_PASSWORD_LIMIT.windowMs / 1000) })
  }
  return payloadPost(copy, { params: Promise.resolve({ slug: ['users', 'forgot-password'] }) })
}
