import { pbkdf2, timingSafeEqual } from 'node:crypto'

import {
  ValidationError,
  type CollectionBeforeOperationHook,
  type Field,
  type PayloadRequest,
  type Where,
} from 'payload'

import { keyedHash } from '@/domain/tokens'
import { clientFromHeaders } from '@/platform/forms/client'
import { forgetHits, hitRateLimit } from '@/platform/forms/guard'
import { payloadSecret } from '@/platform/secret'
import { readingWith } from '@/platform/transaction'
import { TooManyAttempts } from './auth-guard'
import { failedLoginClock, holdFailedAnswer, LOGIN_LIMIT, loginKeys } from './login-throttle'

/**
 * Changing one's own e-mail address or password takes the current password (OWASP ASVS 5.0 §6.2.3): a
 * session alone (a browser left open, a stolen cookie) must not be able to take the account over for good.
 * The check is a hook on Payload's update operation itself, so every path to it passes: PATCH by id (by any
 * spelling of the id), a bulk update by `where`, the account screen, GraphQL. An admin changing another
 * account (the coach managing an assistant's) is not asked, nor is the Local API (the site's scripts and
 * tests, which hold the database anyway).
 */
export const CURRENT_PASSWORD_MISSING = 'Enter your current password to change your e-mail or password.'
export const CURRENT_PASSWORD_WRONG = 'This is not your current password.'
export const CURRENT_PASSWORD_THROTTLED = 'Too many wrong passwords. Please wait 15 minutes and try again.'

/**
 * Where the account screen takes it (./CurrentPasswordField.tsx, shown on one's own account only). Virtual:
 * never stored, and the hook below takes it out of the data before anything else sees it.
 */
export const currentPasswordField: Field = {
  name: 'currentPassword',
  type: 'text',
  virtual: true,
  label: 'Current password',
  admin: {
    // A virtual field is read-only in the admin unless told otherwise.
    readOnly: false,
    // A function, so Payload renders it on the server for the custom field to show.
    description: () => 'Needed to change your e-mail or password.',
    components: { Field: '@/features/accounts/CurrentPasswordField#CurrentPasswordField' },
  },
}

type AccountRow = { id: number | string; email?: string | null; hash?: string | null; salt?: string | null }

const PBKDF2_PREFIX = 'pbkdf2-sha256-v1:'

/**
 * Whether `password` is the account's, checked as Payload's login checks it (payload/dist/auth/strategies/
 * local/authenticate.js, which is not exported): PBKDF2-SHA256 with the stored salt, 600,000 rounds and 32
 * bytes for hashes marked `pbkdf2-sha256-v1:`, 25,000 rounds and 512 bytes for older ones.
 */
export async function passwordMatches(row: Pick<AccountRow, 'hash' | 'salt'>, password: string): Promise<boolean> {
  const { hash, salt } = row
  if (typeof hash !== 'string' || typeof salt !== 'string' || !hash) return false
  const current = hash.startsWith(PBKDF2_PREFIX)
  const stored = Buffer.from(current ? hash.slice(PBKDF2_PREFIX.length) : hash, 'hex')
  const [rounds, length] = current ? [600_000, 32] : [25_000, 512]
  const given = await new Promise<Buffer>((resolve, reject) =>
    pbkdf2(password, salt, rounds, length, 'sha256', (error, key) => (error ? reject(error) : resolve(key))),
  )
  return given.length === stored.length && timingSafeEqual(given, stored)
}

const fieldError = (message: string) =>
  new ValidationError({ collection: 'users', errors: [{ message, path: 'currentPassword' }] })

/**
 * The account of the logged-in user when this update would change it: found by the database, not by
 * comparing ids as written (`01` names account 1 too), and through the user's own access rules, so a bulk
 * update's `where` is read exactly as Payload's update reads it.
 */
async function ownAccountTargeted(req: PayloadRequest, args: { id?: unknown; where?: Where }): Promise<boolean> {
  const user = req.user
  if (!user || user.collection !== 'users') return false
  const target: Where | undefined =
    typeof args.id === 'string' || typeof args.id === 'number' ? { id: { equals: args.id } } : args.where
  if (!target) return false
  // On SQLite outside the update's transaction: it must not have read anything before the hits below are
  // written; on PostgreSQL inside it (src/platform/transaction.ts, `readingWith`).
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    where: { and: [target, { id: { equals: user.id } }] },
    overrideAccess: false,
    user,
    req: readingWith(req),
  })
  return totalDocs > 0
}

/**
 * Before an update from a client: when it would change the user's own password or e-mail address, the data
 * must hold `currentPassword`, right. A wrong one counts as a failed login for the throttle (./login-throttle.ts,
 * by the client's address and the account) and is answered no sooner than a failed login; past the limit
 * no password is checked at all. `currentPassword` is taken out of the data whatever happens.
 */
export const requireCurrentPassword: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: Record<string, unknown> }).data
  if (!data || typeof data !== 'object') return args
  const { currentPassword, ...rest } = data
  const withoutIt = { ...args, data: rest } as typeof args
  if (operation !== 'update' || req.payloadAPI === 'local' || !req.user) return withoutIt

  const newPassword = typeof rest.password === 'string' && rest.password !== ''
  const newEmail = typeof rest.email === 'string' ? rest.email.trim().toLowerCase() : null
  if (!newPassword && newEmail === null) return withoutIt
  if (!(await ownAccountTargeted(req, args as { id?: unknown; where?: Where }))) return withoutIt
  const row = (await req.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: req.user.id } },
    req: readingWith(req),
  })) as AccountRow | null
  if (!row) return withoutIt
  // The account screen sends the e-mail with every save: only a different address is a change.
  if (!newPassword && newEmail === (row.email ?? '').trim().toLowerCase()) return withoutIt

  if (typeof currentPassword !== 'string' || currentPassword === '') throw fieldError(CURRENT_PASSWORD_MISSING)
  const startedAt = failedLoginClock.now()
  const at = new Date()
  const keys = loginKeys(
    clientFromHeaders(req.headers).ipHash,
    keyedHash(payloadSecret(), (row.email ?? '').trim().toLowerCase()),
    null,
  )
  if (!(await hitRateLimit(req.payload, keys, at, LOGIN_LIMIT))) {
    req.responseHeaders ??= new Headers()
    req.responseHeaders.set('Retry-After', String(LOGIN_LIMIT.windowMs / 1000))
    throw new TooManyAttempts(CURRENT_PASSWORD_THROTTLED)
  }
  if (!(await passwordMatches(row, currentPassword))) {
    await holdFailedAnswer(startedAt)
    throw fieldError(CURRENT_PASSWORD_WRONG)
  }
  await forgetHits(req.payload, keys, at)
  return withoutIt
}
