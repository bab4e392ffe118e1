import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * How guessing at the admin's login is slowed without ever locking the coach out (OWASP ASVS 5.0 §6.3,
 * and OWASP's "device cookies" scheme):
 * - every failed attempt counts against the client's address: one address gets LOGIN_LIMIT failures per
 *   window, whichever accounts it tries (an attempt counts while it runs, so parallel guesses cannot slip
 *   past the limit; one that succeeds is taken back);
 * - and against the account, unless the browser shows a device cookie: a signed mark this site gave that
 *   browser when it last logged into that very account. Attempts from such a browser count against that
 *   browser instead. So someone guessing from many addresses soon stops getting answers for the coach's
 *   account, while the coach, on the browser they use, logs in as usual. A password reset (a link from the
 *   account's own mailbox) gives the browser that mark too.
 * - Payload's own lockout (maxLoginAttempts) is off: a lock is exactly what a guesser could inflict.
 * - A failed login is answered no sooner than FAILED_LOGIN_FLOOR_MS after it arrived, and the answer is the
 *   same whether the account exists or the password is wrong (Payload's "The email or password provided is
 *   incorrect."), so neither the words nor the time tell which addresses have an account.
 * Hits are stored in the database (rate-limit-hits), so the limits hold across instances.
 */
export const LOGIN_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 } as const
/** Reset mails go to the account's own address: a few per hour is plenty, and no more can be made to flood it. */
export const FORGOT_PASSWORD_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 } as const
export const FAILED_LOGIN_FLOOR_MS = 1000

/**
 * The clock a failed answer is held on: the system's. A test puts its own `now` and `wait` in their place to
 * see how long an answer is held without spending that time (a busy machine's wall clock proves little).
 */
export const failedLoginClock = {
  now: (): number => Date.now(),
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** Holds a failed answer until FAILED_LOGIN_FLOOR_MS after `startedAt` (a failedLoginClock.now() when it arrived). */
export async function holdFailedAnswer(startedAt: number): Promise<void> {
  const left = FAILED_LOGIN_FLOOR_MS - (failedLoginClock.now() - startedAt)
  if (left > 0) await failedLoginClock.wait(left)
}

export const LOGIN_THROTTLED =
  'Too many attempts to log in. Please wait 15 minutes and try again, or use "Forgot password?".'
export const FORGOT_PASSWORD_THROTTLED =
  'Too many password resets asked for in a short time. Please wait an hour and try again.'

export const DEVICE_COOKIE = 'coach-device'
/** The device cookie goes only to the login endpoint, for a year (renewed at each login). */
export const DEVICE_COOKIE_PATH = '/cms-api/users/login'
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

const sign = (secret: string, emailHash: string, id: string) =>
  createHmac('sha256', secret).update(`admin-device\n${emailHash}\n${id}`).digest('base64url')

/** A new device cookie's value for a browser that just logged into the account with this e-mail hash. */
export function newDeviceToken(secret: string, emailHash: string): string {
  const id = randomBytes(16).toString('base64url')
  return `${id}.${sign(secret, emailHash, id)}`
}

/** The device's id when the cookie header holds a device cookie this site gave for this account, else null. */
export function deviceOf(secret: string, cookieHeader: string | null, emailHash: string): string | null {
  const value = cookieHeader
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1)
  const [id, signature, extra] = value?.split('.') ?? []
  if (!id || !signature || extra !== undefined) return null
  const expected = Buffer.from(sign(secret, emailHash, id))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null
}

export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** The counters one login attempt is charged to (see above). */
export function loginKeys(ipHash: string, emailHash: string, device: string | null): string[] {
  return [`login-client:${ipHash}`, device ? `login-device:${device}` : `login-account:${emailHash}`]
}

export function forgotPasswordKeys(ipHash: string, emailHash: string): string[] {
  return [`forgot-password-client:${ipHash}`, `forgot-password-account:${emailHash}`]
}
