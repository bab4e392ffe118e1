import {
  APIError,
  type CollectionAfterErrorHook,
  type CollectionAfterOperationHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'
import { generateExpiredPayloadCookie } from 'payload/shared'

import { siteUrl } from '@/domain/brand'
import { keyedHash } from '@/domain/tokens'
import { clientFromHeaders } from '@/platform/forms/client'
import { forgetHits, hitRateLimit } from '@/platform/forms/guard'
import { payloadSecret } from '@/platform/secret'
import {
  deviceCookie,
  deviceOf,
  failedLoginClock,
  FORGOT_PASSWORD_LIMIT,
  FORGOT_PASSWORD_THROTTLED,
  forgotPasswordKeys,
  holdFailedAnswer,
  LOGIN_LIMIT,
  LOGIN_THROTTLED,
  loginKeys,
  newDeviceToken,
} from './login-throttle'
import { endSessions, twoStepOn } from './two-step'

/**
 * The rules around logging in, asking for a reset mail and resetting a password (./login-throttle.ts), as
 * hooks of Payload's own operations: every way a client can reach those operations passes through them,
 * whatever the spelling of the path (Payload matches its endpoints without regard to case, Next's route
 * files with it), and so will the next endpoint Payload adds for them. Only the Local API (the site's own
 * scripts and tests, which hold the database anyway) is not asked.
 */

/** What a login attempt was charged to, kept on the request for the hooks that run after the operation. */
type Attempt = { keys: string[]; at: Date; startedAt: number; emailHash: string }
const ATTEMPT = 'loginAttempt'

const fromClient = (req: PayloadRequest) => req.payloadAPI !== 'local'

const emailIn = (data: unknown): string => {
  const email = (data as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

/** A refused attempt: Payload's error shape, status 429, logged as info (payload.config.ts `loggingLevels`). */
export class TooManyAttempts extends APIError {
  constructor(message: string) {
    super(message, 429, undefined, true)
  }
}

/** With a Retry-After the admin's screen ignores and scripts can use. */
function throttled(req: PayloadRequest, message: string, windowMs: number): TooManyAttempts {
  req.responseHeaders ??= new Headers()
  req.responseHeaders.set('Retry-After', String(windowMs / 1000))
  return new TooManyAttempts(message)
}

/**
 * Before a login and before a reset mail is asked for: the attempt is counted against the client's address
 * and the account (or the browser's device cookie), and refused past the limit, before any password is
 * checked or mail written.
 */
export const throttleAuth: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!['login', 'forgotPassword', 'resetPassword'].includes(operation) || !fromClient(req)) return args
  const data = (args as { data?: unknown }).data
  if (operation === 'resetPassword') return args
  const secret = payloadSecret()
  const email = emailIn(data)
  const emailHash = keyedHash(secret, email)
  const { ipHash } = clientFromHeaders(req.headers)
  const at = new Date()
  if (operation === 'forgotPassword') {
    // No address: Payload's own answer ("Missing email."), without counting against anyone.
    if (!email) return args
    if (!(await hitRateLimit(req.payload, forgotPasswordKeys(ipHash, emailHash), at, FORGOT_PASSWORD_LIMIT))) {
      throw throttled(req, FORGOT_PASSWORD_THROTTLED, FORGOT_PASSWORD_LIMIT.windowMs)
    }
    return args
  }
  const startedAt = failedLoginClock.now()
  const keys = loginKeys(ipHash, emailHash, deviceOf(secret, req.headers.get('cookie'), emailHash))
  if (!(await hitRateLimit(req.payload, keys, at, LOGIN_LIMIT))) {
    throw throttled(req, LOGIN_THROTTLED, LOGIN_LIMIT.windowMs)
  }
  req.context[ATTEMPT] = { keys, at, startedAt, emailHash } satisfies Attempt
  return args
}

/** The browser that just proved it holds the account gets (or renews) its device cookie. */
function markDevice(req: PayloadRequest, emailHash: string): void {
  req.responseHeaders ??= new Headers()
  req.responseHeaders.append(
    'Set-Cookie',
    deviceCookie(newDeviceToken(payloadSecret(), emailHash), siteUrl().protocol === 'https:'),
  )
}

/**
 * After a login that worked: its hits are taken back (only failures count) and the browser is marked as the
 * account's own. After a reset from the mailed link: the browser that followed it is marked too, unless the
 * account has two-step login on; then the new password is set but the session the reset started is ended and
 * no session cookie is given, so the login screen follows and asks for the code.
 */
export const afterAuth: CollectionAfterOperationHook = async ({ operation, req, result }) => {
  if (!fromClient(req)) return result
  if (operation === 'login') {
    const attempt = req.context[ATTEMPT] as Attempt | undefined
    if (!attempt) return result
    await forgetHits(req.payload, attempt.keys, attempt.at)
    markDevice(req, attempt.emailHash)
    return result
  }
  if (operation === 'resetPassword') {
    const email = (result as { user?: { email?: unknown } }).user?.email
    if (typeof email !== 'string') return result
    const twoStepId = await twoStepOn(req, email)
    if (!twoStepId) {
      markDevice(req, keyedHash(payloadSecret(), email))
      return result
    }
    await endSessions(req.payload, twoStepId)
    // Without a token Payload's answer sets an empty session cookie; this one, sent after it, removes it.
    req.responseHeaders ??= new Headers()
    req.responseHeaders.append(
      'Set-Cookie',
      generateExpiredPayloadCookie({
        collectionAuthConfig: req.payload.collections.users.config.auth,
        cookiePrefix: req.payload.config.cookiePrefix,
      }) as string,
    )
    return {
      message: 'Your password was changed. Log in with it and the code from your app.',
    } as unknown as typeof result
  }
  return result
}

/**
 * A failed login (a wrong password, an unknown account, a wrong or missing two-step code) is answered no
 * sooner than FAILED_LOGIN_FLOOR_MS after it arrived, so the time does not tell which of these it was.
 */
export const floorFailedLogin: CollectionAfterErrorHook = async ({ req }) => {
  const attempt = req.context?.[ATTEMPT] as Attempt | undefined
  if (attempt) await holdFailedAnswer(attempt.startedAt)
}
