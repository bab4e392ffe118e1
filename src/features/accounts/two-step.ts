import {
  ValidationError,
  type CollectionBeforeLoginHook,
  type Endpoint,
  type Field,
  type PayloadRequest,
} from 'payload'

import { brandFrom } from '@/domain/brand'
import { seal, unseal } from '@/platform/secret'
import { acceptedStep, newTotpSecret, TOTP_REQUIRED, TOTP_WRONG, totpEnrollment } from './totp'

/**
 * Two-step login in the admin (./totp.ts): the fields it keeps on an account, the check at login, and the
 * endpoints the account screen uses to turn it on and off (./TwoStepLoginField.tsx). The login screen
 * (./LoginView.tsx) asks for the code beside the password.
 */
type TwoStepRow = {
  id: number | string
  email?: string
  totpEnabled?: boolean | null
  totpSecret?: string | null
  totpPendingSecret?: string | null
  totpLastStep?: number | null
}

/**
 * The account's key as kept: sealed with PAYLOAD_SECRET (src/platform/secret.ts), so a copy of the database
 * (a backup, a dump) does not hold what makes the codes. A key stored before keys were sealed is read as it is.
 */
const keyOf = (stored: string): string | null => (stored.startsWith('sealed1.') ? unseal(stored, 'totp') : stored)
const sealedKey = (key: string): string => seal(key, 'totp')

/** Kept out of every answer and every screen; written only by the endpoints below (overrideAccess). */
const hiddenField = (name: string, type: 'text' | 'number'): Field =>
  ({ name, type, hidden: true, access: { create: () => false, update: () => false } }) as Field

export const twoStepFields: Field[] = [
  {
    name: 'totpEnabled',
    type: 'checkbox',
    defaultValue: false,
    admin: { hidden: true },
    access: { create: () => false, update: () => false },
  },
  hiddenField('totpSecret', 'text'),
  hiddenField('totpPendingSecret', 'text'),
  hiddenField('totpLastStep', 'number'),
  {
    name: 'twoStepLogin',
    type: 'ui',
    admin: { components: { Field: '@/features/accounts/TwoStepLoginField#TwoStepLoginField' } },
  },
]

const codeError = (message: string) => new ValidationError({ collection: 'users', errors: [{ message, path: 'totp' }] })

/**
 * After the password is right and before the session is signed: an account with two-step login on needs
 * the current code (`totp` beside the password). Throwing here makes Payload drop the session it just made.
 * The Local API (scripts, tests) and a password reset (handled in ./auth-guard.ts) are not asked.
 */
export const requireSecondStep: CollectionBeforeLoginHook = async ({ req, user }) => {
  const row = user as TwoStepRow
  if (req.payloadAPI === 'local' || req.context?.passwordReset || !row.totpEnabled || !row.totpSecret) return user
  const code = (req.data as { totp?: unknown } | undefined)?.totp
  if (typeof code !== 'string' || code.trim() === '') throw codeError(TOTP_REQUIRED)
  const key = keyOf(row.totpSecret)
  const step = key === null ? null : acceptedStep(key, code, row.totpLastStep)
  if (step === null || !(await takeStep(req, row.id, step))) throw codeError(TOTP_WRONG)
  return user
}

/**
 * Records that the code of this step was used, in one conditional UPDATE: of two logins racing with the
 * same code (read the same last step, both found the code good), exactly one gets the row, and the other is
 * refused as if the code were wrong.
 */
async function takeStep(req: PayloadRequest, id: number | string, step: number): Promise<boolean> {
  const row: unknown = await req.payload.db.updateOne({
    collection: 'users',
    where: {
      and: [
        { id: { equals: id } },
        { or: [{ totpLastStep: { exists: false } }, { totpLastStep: { less_than: step } }] },
      ],
    },
    data: { totpLastStep: step },
    options: { atomic: true },
    req,
  })
  return row != null
}

async function ownRow(req: PayloadRequest): Promise<TwoStepRow | null> {
  if (!req.user || req.user.collection !== 'users') return null
  return (await req.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: req.user.id } },
    req,
  })) as TwoStepRow | null
}

const bodyCode = async (req: PayloadRequest): Promise<string> => {
  const body = (await req.json?.().catch(() => null)) as { code?: unknown } | null
  return typeof body?.code === 'string' ? body.code : ''
}

const answer = (body: object, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
const notLoggedIn = () => answer({ errors: [{ message: 'Please log in.' }] }, 401)

const save = (req: PayloadRequest, id: number | string, data: Partial<TwoStepRow>) =>
  req.payload.update({ collection: 'users', id, data: data as never, overrideAccess: true, req })

/**
 * POST /cms-api/users/totp/setup: a new key for the logged-in account, waiting for its first code. When two-step
 * login is already on, only with the current code ({code}): a session alone (a browser left open) must not be
 * able to swap the key for one of its own.
 */
const setup: Endpoint = {
  path: '/totp/setup',
  method: 'post',
  handler: async (req) => {
    const row = await ownRow(req)
    if (!row) return notLoggedIn()
    if (row.totpEnabled && row.totpSecret) {
      const key = keyOf(row.totpSecret)
      const step = key === null ? null : acceptedStep(key, await bodyCode(req), row.totpLastStep)
      if (step === null || !(await takeStep(req, row.id, step))) {
        return answer({ errors: [{ message: TOTP_WRONG }] }, 422)
      }
    }
    const secret = newTotpSecret()
    await save(req, row.id, { totpPendingSecret: sealedKey(secret) })
    const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req }).catch(() => null)
    return answer(totpEnrollment(secret, row.email ?? 'admin', `${brandFrom(settings?.brand).siteName} admin`))
  },
}

/** POST /cms-api/users/totp/confirm {code}: the first code from the app turns two-step login on. */
const confirm: Endpoint = {
  path: '/totp/confirm',
  method: 'post',
  handler: async (req) => {
    const row = await ownRow(req)
    if (!row) return notLoggedIn()
    if (!row.totpPendingSecret) return answer({ errors: [{ message: 'Start again: press "Turn on".' }] }, 409)
    const key = keyOf(row.totpPendingSecret)
    const step = key === null ? null : acceptedStep(key, await bodyCode(req), null)
    if (step === null) return answer({ errors: [{ message: TOTP_WRONG }] }, 422)
    await save(req, row.id, {
      totpEnabled: true,
      totpSecret: row.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    })
    return answer({ enabled: true })
  },
}

/** POST /cms-api/users/totp/disable {code}: a current code turns it off again. */
const disable: Endpoint = {
  path: '/totp/disable',
  method: 'post',
  handler: async (req) => {
    const row = await ownRow(req)
    if (!row) return notLoggedIn()
    if (!row.totpEnabled || !row.totpSecret) return answer({ enabled: false })
    const key = keyOf(row.totpSecret)
    const step = key === null ? null : acceptedStep(key, await bodyCode(req), row.totpLastStep)
    if (step === null) return answer({ errors: [{ message: TOTP_WRONG }] }, 422)
    await save(req, row.id, { totpEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: step })
    return answer({ enabled: false })
  },
}

/** GET /cms-api/users/totp/status: whether the logged-in account has it on. */
const status: Endpoint = {
  path: '/totp/status',
  method: 'get',
  handler: async (req) => {
    const row = await ownRow(req)
    return row ? answer({ enabled: Boolean(row.totpEnabled) }) : notLoggedIn()
  },
}

/**
 * Another account's row, for an admin only (the coach managing an assistant's account); null for anyone
 * else, and for one's own account, which is turned off with a code instead (`disable` above).
 */
async function otherAccountRow(req: PayloadRequest): Promise<TwoStepRow | 'not-allowed' | null> {
  if (!req.user || req.user.collection !== 'users' || (req.user as { role?: string }).role !== 'admin') {
    return 'not-allowed'
  }
  const id = req.routeParams?.id
  if (typeof id !== 'string' && typeof id !== 'number') return 'not-allowed'
  const row = (await req.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: id } },
    req,
  })) as TwoStepRow | null
  // Compared as found, not as written: `01`, ` 1` or `1.0` in the path name the admin's own account too.
  return row && String(row.id) === String(req.user.id) ? 'not-allowed' : row
}

const notAllowed = () =>
  answer({ errors: [{ message: 'Only an admin can do this, for an account not their own.' }] }, 403)
const noSuchAccount = () => answer({ errors: [{ message: 'There is no such account.' }] }, 404)

/** GET /cms-api/users/:id/totp/status: whether that account has it on (admins, for another's account). */
const statusOfAccount: Endpoint = {
  path: '/:id/totp/status',
  method: 'get',
  handler: async (req) => {
    const row = await otherAccountRow(req)
    if (row === 'not-allowed') return req.user ? notAllowed() : notLoggedIn()
    return row ? answer({ enabled: Boolean(row.totpEnabled) }) : noSuchAccount()
  },
}

/**
 * POST /cms-api/users/:id/totp/off: an admin turns two-step login off for another account (someone who lost
 * the phone with their app); they log in with their password alone until they turn it on again. Logged,
 * by account ids.
 */
const turnOffForAccount: Endpoint = {
  path: '/:id/totp/off',
  method: 'post',
  handler: async (req) => {
    const row = await otherAccountRow(req)
    if (row === 'not-allowed') return req.user ? notAllowed() : notLoggedIn()
    if (!row) return noSuchAccount()
    if (row.totpEnabled) {
      await save(req, row.id, { totpEnabled: false, totpSecret: null, totpPendingSecret: null })
      console.info(`Two-step login turned off for user ${row.id} by admin ${req.user!.id}`)
    }
    return answer({ enabled: false })
  },
}

export const twoStepEndpoints: Endpoint[] = [setup, confirm, disable, status, statusOfAccount, turnOffForAccount]

/** Whether the account with this e-mail has two-step login on (for the password reset's answer). */
export async function twoStepOn(
  req: { payload: PayloadRequest['payload'] },
  email: string,
): Promise<number | string | null> {
  const row = (await req.payload.db.findOne({
    collection: 'users',
    where: { email: { equals: email.trim().toLowerCase() } },
  })) as TwoStepRow | null
  return row?.totpEnabled ? row.id : null
}

/**
 * Turns two-step login off for the account with this e-mail, for whoever runs the site's server when the
 * coach has lost their authenticator app (`npm run two-step-off -- <e-mail>`); the password stays as it is.
 * Answers whether there was such an account with it on.
 */
export async function turnOffTwoStep(payload: PayloadRequest['payload'], email: string): Promise<boolean> {
  const row = (await payload.db.findOne({
    collection: 'users',
    where: { email: { equals: email.trim().toLowerCase() } },
  })) as TwoStepRow | null
  if (!row?.totpEnabled) return false
  await payload.update({
    collection: 'users',
    id: row.id,
    data: { totpEnabled: false, totpSecret: null, totpPendingSecret: null } as never,
    overrideAccess: true,
  })
  return true
}

/** Ends every session of an account (as Payload's logout does for one). */
export async function endSessions(payload: PayloadRequest['payload'], id: number | string): Promise<void> {
  const user = await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })
  if (user) await payload.db.updateOne({ collection: 'users', id, data: { ...user, sessions: [] }, returning: false })
}
