import {
  ValidationError,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type PayloadRequest,
} from 'payload'

import { brandFrom, siteUrl } from '@/domain/brand'
import { afterAuth, floorFailedLogin, throttleAuth } from '@/features/accounts/auth-guard'
import { currentPasswordField, requireCurrentPassword } from '@/features/accounts/current-password'
import { passwordResetMail } from '@/features/accounts/password-reset-mail'
import { passwordProblem } from '@/features/accounts/password-policy'
import { requireSecondStep, twoStepEndpoints, twoStepFields } from '@/features/accounts/two-step'
import { recordVisit, visitFields } from '@/features/today/visits'

import { admins, adminsFieldLevel, adminsOrSelf } from '@/platform/access'
import { choices } from '@/platform/fields/choices'

/** The mark of the account made on a fresh install (see the beforeChange hook). */
const FIRST_ACCOUNT = 'first'

const siteUrlText = () => siteUrl().toString().replace(/\/$/, '')

/** The site's name from Site settings, read inside the reset's own transaction (its `req`). */
const siteName = async (req?: PayloadRequest) => {
  const settings = req ? await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req }).catch(() => null) : null
  return brandFrom(settings?.brand).siteName
}

/**
 * Every way a password is set (the first account, a new account, "Change password", a reset from the mail)
 * passes through here before Payload hashes it: too short, too long or too common is refused with the
 * reason under the password field (./password-policy.ts).
 */
const checkNewPassword: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  // A reset from the mailed link does not ask for the two-step code; ./auth-guard.ts then ends the session
  // it would start for an account that has two-step login on, so the code is asked at next login.
  if (operation === 'resetPassword') req.context.passwordReset = true
  const password: unknown = (args as { data?: { password?: unknown } }).data?.password
  if (['create', 'update', 'resetPassword'].includes(operation) && typeof password === 'string') {
    const problem = passwordProblem(password)
    if (problem) throw new ValidationError({ collection: 'users', errors: [{ message: problem, path: 'password' }] })
  }
  return args
}

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'role'],
    group: 'Settings',
  },
  auth: {
    // No lockout: a lock is what someone guessing could inflict on the coach. Logins are throttled per
    // client address and per account instead, before the password is checked (./auth-guard.ts).
    maxLoginAttempts: 0,
    // The session cookie: HttpOnly (Payload's), Secure when the site is served over HTTPS, and SameSite=Lax
    // (a link to the admin in a mail, e.g. "a new message", opens it logged in; Strict would ask to log in
    // again). Cross-site posts are refused anyway: Payload only accepts the cookie from the site's own origin
    // (`csrf`/`serverURL` in payload.config.ts).
    cookies: { sameSite: 'Lax', secure: siteUrl().protocol === 'https:' },
    // The mail goes through the outbox (src/platform/mail/payload-email.ts), with a link to the site's public address.
    forgotPassword: {
      expiration: 60 * 60 * 1000,
      // Payload's own interval between two reset mails to an account (15 s by default) reserves the account
      // with a query outside the operation's transaction: a second pooled connection while the transaction
      // holds the first. Ten resets at once on PostgreSQL held all ten and waited on one another until each
      // failed. The site's own throttle limits resets per account and per address (./auth-guard.ts).
      minRequestInterval: 0,
      generateEmailSubject: async (args) => passwordResetMail('', siteUrlText(), await siteName(args?.req)).subject,
      generateEmailHTML: async (args) =>
        passwordResetMail(args?.token ?? '', siteUrlText(), await siteName(args?.req)).html,
    },
  },
  access: {
    admin: ({ req }) => Boolean(req.user),
    read: adminsOrSelf,
    // The first account (created at /admin on a fresh install) is allowed by Payload itself.
    create: admins,
    update: adminsOrSelf,
    delete: admins,
    // GHSA-jg8r-5jh2-v2xj: by default any logged-in user could unlock any account.
    unlock: admins,
  },
  hooks: {
    // The throttles, the failed login's floor, the reset's rule and the current password asked for a new
    // e-mail or password sit on the operations themselves, so every path to them passes (./auth-guard.ts,
    // ./current-password.ts). The current password is asked before the new one is judged.
    beforeOperation: [requireCurrentPassword, checkNewPassword, throttleAuth],
    afterOperation: [afterAuth],
    afterError: [floorFailedLogin],
    beforeLogin: [requireSecondStep],
    // The dashboard's "since your last visit" (src/features/today/visits.ts).
    afterLogin: [recordVisit],
    beforeChange: [
      async ({ data, operation, req }) => {
        // The very first account is the coach's and must be able to manage the others. Two first accounts
        // asked for at once (both find no account yet) both carry the `firstAccount` mark, which the database
        // holds unique: one is stored, the other refused, so a race never makes a second admin.
        if (operation === 'create') {
          const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
          if (totalDocs === 0) return { ...data, role: 'admin', firstAccount: FIRST_ACCOUNT }
        }
        return data
      },
    ],
  },
  endpoints: twoStepEndpoints,
  fields: [
    currentPasswordField,
    { name: 'name', type: 'text', maxLength: 120 },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'editor',
      options: choices({ admin: 'Admin (manages users)', editor: 'Editor (edits content)' }),
      admin: { description: 'The first account is always an admin. Only admins can change roles.' },
      access: { create: adminsFieldLevel, update: adminsFieldLevel },
      saveToJWT: true,
    },
    ...twoStepFields,
    ...visitFields,
    {
      // Set (by the hook above) only on the account created when there was none; unique in the database.
      name: 'firstAccount',
      type: 'text',
      unique: true,
      hidden: true,
      access: { create: () => false, update: () => false },
    },
  ],
}
