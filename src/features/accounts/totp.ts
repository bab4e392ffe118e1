import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'

/**
 * Two-step login (optional, per account): after the password, a 6-digit code from an authenticator app
 * (RFC 6238 TOTP: SHA-1, 30-second steps, what every authenticator app reads; `otpauth`). A code is taken
 * from one step before to one step after the current one (clocks drift), and never twice: the last step
 * used is stored, so a code someone saw cannot be replayed. Guessing codes is bounded by the login
 * throttle (./login-throttle.ts): a wrong code is a failed login.
 */
export const TOTP_REQUIRED = 'Enter the 6-digit code from your authenticator app.'
export const TOTP_WRONG = 'That code is not right, or it was already used. Enter the current code from your app.'

const totp = (secret: string, label = 'admin', issuer = 'Site admin') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })

/** A new secret, base32 (what people type into an app when they cannot scan). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** What a person's authenticator app needs: the otpauth:// address, as a QR code too, and the key itself. */
export function totpEnrollment(secret: string, account: string, siteName: string) {
  const uri = totp(secret, account, siteName).toString()
  return { uri, key: secret.replace(/(.{4})/g, '$1 ').trim(), qrSvg: renderSVG(uri, { border: 2 }) }
}

/** The time step a code belongs to, or null when it is wrong or its step is not after `lastStep`. */
export function acceptedStep(secret: string, code: string, lastStep: number | null | undefined, now = Date.now()) {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const delta = totp(secret).validate({ token, timestamp: now, window: 1 })
  if (delta === null) return null
  const step = Math.floor(now / 1000 / 30) + delta
  return lastStep !== null && lastStep !== undefined && step <= lastStep ? null : step
}

/** The current code (for tests, and nothing else). */
export const currentCode = (secret: string, now = Date.now()): string => totp(secret).generate({ timestamp: now })
