import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import type { SmtpPeer } from '../../../scripts/lib/smtp-peer'
import { HOUR } from '../../support/clock'
import type { TestDatabase } from '../../support/database'
import { linkToken } from '../../support/outbox'
import { asClient, restRequest } from '../../support/rest'
import { testSite } from '../../support/site'

// The refusals the coach reads, word for word (not the code's constants: a changed text must fail here).
const TOTP_WRONG = 'That code is not right, or it was already used. Enter the current code from your app.'
const PASSWORD_TOO_SHORT = 'A password must be at least 12 characters long.'
const PASSWORD_COMMON =
  'This password is too common: it is among the first that attackers try. Please choose another (a few unrelated words make a strong one).'
const CURRENT_PASSWORD_MISSING = 'Enter your current password to change your e-mail or password.'
const CURRENT_PASSWORD_WRONG = 'This is not your current password.'
const CURRENT_PASSWORD_THROTTLED = 'Too many wrong passwords. Please wait 15 minutes and try again.'

/**
 * The coach's accounts below HTTP, on a real database and a real SMTP peer: the first account and the roles,
 * two-step login, the password rules, the current password asked for one's own changes by every path, the
 * password reset mailed through the outbox, and bursts of logins, resets and changes at once, none waiting on
 * another for the database.
 */
export function accountsSuite(label: string, setup: () => Promise<TestDatabase>) {
  describe(`accounts on ${label}`, () => {
    let payload: Payload
    let smtp: SmtpPeer
    const site = testSite(setup, { smtp: true })
    const { smtpDown, smtpUp } = site
    let mod: typeof import('@/platform/mail/outbox')

    beforeAll(async () => {
      ;({ payload, smtp } = site)
      mod = await import('@/platform/mail/outbox')
    })

    it('makes the first account the admin; only an admin manages users and unlocks accounts', async () => {
      await payload.delete({ collection: 'users', where: { id: { exists: true } } })
      // Two first accounts asked for at once, both before either is stored: one is made, as the admin.
      const racing = await Promise.allSettled(
        ['first-a@example.com', 'first-b@example.com'].map((email) =>
          payload.create({ collection: 'users', data: { email, password: 'a racing passphrase', role: 'editor' } }),
        ),
      )
      expect(racing.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      const admins = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } } })
      expect(admins.totalDocs).toBe(1)
      await payload.delete({ collection: 'users', where: { id: { exists: true } } })

      const first = await payload.create({
        collection: 'users',
        data: { email: 'coach@example.com', password: 'coach-password-1', role: 'editor' },
      })
      expect(first.role).toBe('admin')
      const editor = await payload.create({
        collection: 'users',
        overrideAccess: false,
        user: first,
        data: { email: 'assistant@example.com', password: 'assistant-password-1', role: 'editor' },
      })
      expect(editor.role).toBe('editor')

      await expect(
        payload.create({
          collection: 'users',
          overrideAccess: false,
          user: editor,
          data: { email: 'intruder@example.com', password: 'intruder-password-1', role: 'admin' },
        }),
      ).rejects.toThrow(/not allowed/i)
      // Payload's unlock type asks for a password it does not use; the e-mail names the account.
      const unlock = (email: string, by: typeof first) =>
        payload.unlock({
          collection: 'users',
          data: { email } as { email: string; password: string },
          overrideAccess: false,
          req: { user: { ...by, collection: 'users' } },
        })
      await expect(unlock('coach@example.com', editor)).rejects.toThrow(/not allowed/i)
      await expect(unlock('assistant@example.com', first)).resolves.toBe(true)
      // An editor may not promote themselves.
      const self = await payload.update({
        collection: 'users',
        id: editor.id,
        overrideAccess: false,
        user: editor,
        data: { role: 'admin' },
      })
      expect(self.role).toBe('editor')
    })

    it('turns two-step login on with the first code from the app, off with a later one (or from the server for a lost phone); never twice the same code; an admin turns it off for another account', async () => {
      const { twoStepEndpoints } = await import('@/features/accounts/two-step')
      const { currentCode } = await import('@/features/accounts/totp')
      const [setup, confirm, disable, status] = twoStepEndpoints
      const user = await payload.create({
        collection: 'users',
        data: { email: `two-step@${label.toLowerCase()}.example`, password: 'a fine long passphrase', role: 'editor' },
      })
      const call = async (
        endpoint: typeof setup,
        body: object = {},
        as: object | null = { id: user.id, collection: 'users' },
      ) => {
        const res = (await endpoint!.handler({ payload, user: as, json: async () => body } as never)) as Response
        return {
          status: res.status,
          body: (await res.json()) as Record<string, unknown> & { errors?: { message: string }[] },
        }
      }
      expect((await call(setup, {}, null)).status).toBe(401)
      expect((await call(status)).body).toEqual({ enabled: false })
      const { body: enrollment } = await call(setup)
      expect(enrollment.uri).toMatch(/^otpauth:\/\/totp\//)
      const key = String(enrollment.key).replace(/ /g, '')
      expect((await call(confirm, { code: '000000' })).body.errors?.[0]?.message).toBe(TOTP_WRONG)
      expect((await call(confirm, { code: currentCode(key) })).body).toEqual({ enabled: true })
      expect((await call(status)).body).toEqual({ enabled: true })
      // Once it is on, a new key (turning it on again) takes the current code: a session alone cannot swap it.
      expect((await call(setup)).body.errors?.[0]?.message).toBe(TOTP_WRONG)
      expect((await call(setup, { code: currentCode(key) })).status).toBe(422)
      expect((await call(status)).body).toEqual({ enabled: true })
      // The secret never leaves the server: not in what the API or the admin reads.
      const read = await payload.findByID({ collection: 'users', id: user.id, overrideAccess: false, user })
      expect(JSON.stringify(read)).not.toContain(key)
      // Nor is it in the database as it is: a copy of the database alone does not make codes.
      const row = await payload.db.findOne({ collection: 'users', where: { id: { equals: user.id } } })
      expect(JSON.stringify(row)).not.toContain(key)
      expect((row as { totpSecret?: string }).totpSecret).toMatch(/^sealed1\./)
      // The code just used cannot be used again; the next one turns it off.
      expect((await call(disable, { code: currentCode(key) })).status).toBe(422)
      expect((await call(disable, { code: currentCode(key, Date.now() + 30_000) })).body).toEqual({ enabled: false })

      // A lost phone: whoever runs the server turns it off for the account (npm run two-step-off).
      const { turnOffTwoStep } = await import('@/features/accounts/two-step')
      await call(setup)
      const again = String((await call(setup)).body.key).replace(/ /g, '')
      expect((await call(confirm, { code: currentCode(again) })).body).toEqual({ enabled: true })
      // With its current code, a new key can be set up (it waits for its own first code).
      const swapped = await call(setup, { code: currentCode(again, Date.now() + 30_000) })
      expect(swapped.body.uri).toMatch(/^otpauth:\/\/totp\//)
      expect(await turnOffTwoStep(payload, user.email.toUpperCase())).toBe(true)
      expect((await call(status)).body).toEqual({ enabled: false })
      const login = await payload.login({
        collection: 'users',
        data: { email: user.email, password: 'a fine long passphrase' },
      })
      expect(login.user?.email).toBe(user.email)
      expect(await turnOffTwoStep(payload, user.email)).toBe(false)

      // Or an admin turns it off on the account's screen: only an admin, and only for another's account.
      const [, , , , statusOf, offFor] = twoStepEndpoints
      const third = String((await call(setup)).body.key).replace(/ /g, '')
      expect((await call(confirm, { code: currentCode(third) })).body).toEqual({ enabled: true })
      // Two logins at once with one code, both having read the row before either wrote: exactly one gets in.
      const { requireSecondStep } = await import('@/features/accounts/two-step')
      const next = currentCode(third, Date.now() + 30_000)
      const readRow = () => payload.db.findOne({ collection: 'users', where: { id: { equals: user.id } } })
      const loginWith = (row: unknown, code: string) =>
        requireSecondStep({
          req: { payload, payloadAPI: 'REST', context: {}, data: { totp: code } },
          user: row,
        } as never).then(
          () => 'in',
          () => 'refused',
        )
      const [first, second] = await Promise.all([readRow(), readRow()])
      expect((await Promise.all([loginWith(first, next), loginWith(second, next)])).sort()).toEqual(['in', 'refused'])
      expect(await loginWith(await readRow(), next)).toBe('refused')
      const admin = { id: -1, collection: 'users', role: 'admin' }
      const at = (id: number | string, as: object | null) =>
        ({ payload, user: as, routeParams: { id: String(id) }, json: async () => ({}) }) as never
      const answer = async (endpoint: typeof setup, req: never) => {
        const res = (await endpoint!.handler(req)) as Response
        return { status: res.status, body: (await res.json()) as Record<string, unknown> }
      }
      expect((await answer(offFor, at(user.id, null))).status).toBe(401)
      expect((await answer(offFor, at(user.id, { id: user.id, collection: 'users', role: 'editor' }))).status).toBe(403)
      expect((await answer(offFor, at(user.id, { ...admin, id: user.id }))).status).toBe(403)
      // Nor by another spelling of its own id, which the database reads as the same number.
      for (const spelling of [`0${user.id}`, ` ${user.id}`, `${user.id}.0`]) {
        expect((await answer(offFor, at(spelling, { ...admin, id: user.id }))).status, spelling).not.toBe(200)
      }
      expect((await answer(statusOf, at(user.id, admin))).body).toEqual({ enabled: true })
      expect((await call(status)).body).toEqual({ enabled: true })
      expect((await answer(offFor, at(user.id, admin))).body).toEqual({ enabled: false })
      expect((await answer(statusOf, at(user.id, admin))).body).toEqual({ enabled: false })
      expect((await call(status)).body).toEqual({ enabled: false })
      expect((await answer(offFor, at(987654, admin))).status).toBe(404)
      await payload.delete({ collection: 'users', id: user.id })
    })

    it('mails a reset to a dozen accounts asked at once, and takes a dozen own passwords changed at once: none waits on another for the database', async () => {
      // More resets at once than the database pool has connections (10): each runs in a transaction, and none
      // may need a second connection while it holds the first, or all of them wait on one another.
      const emails = Array.from({ length: 12 }, (_, i) => `burst-${i}@${label.toLowerCase()}.example`)
      const users = []
      for (const email of emails)
        users.push(
          await payload.create({
            collection: 'users',
            data: { email, password: 'a fine long passphrase', role: 'editor' },
          }),
        )
      const outcomes = await Promise.allSettled(
        emails.map((email) => payload.forgotPassword({ collection: 'users', data: { email } })),
      )
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'asked'))).toEqual(
        emails.map(() => 'asked'),
      )
      const asked = await payload.find({
        collection: 'users',
        where: { email: { in: emails } },
        showHiddenFields: true,
        pagination: false,
      })
      expect(asked.docs.filter((u) => typeof u.resetPasswordToken === 'string')).toHaveLength(12)
      // The same for a dozen coaches changing their own password at once, each asked for the current one.
      const { updateByIDOperation } = await import('payload')
      const changed = await Promise.allSettled(
        users.map(async (user, i) =>
          updateByIDOperation({
            collection: payload.collections.users,
            id: user.id,
            data: { password: 'another fine long passphrase', currentPassword: 'a fine long passphrase' },
            depth: 0,
            overrideAccess: false,
            req: await asClient(payload, user, `192.0.2.${100 + i}`),
          }),
        ),
      )
      expect(changed.map((o) => (o.status === 'rejected' ? String(o.reason) : 'changed'))).toEqual(
        emails.map(() => 'changed'),
      )
      await payload.delete({ collection: 'users', where: { id: { in: users.map((u) => u.id) } } })
    })

    it('logs a dozen accounts in at once and takes a dozen own passwords changed at once through the REST API, as the account screen sends them: none waits on another for the database', async () => {
      // The client's path of the dozen above: Payload's REST handlers, logged in with the session each login gave.
      const password = 'a fine long passphrase'
      const emails = Array.from({ length: 12 }, (_, i) => `rest-burst-${i}@${label.toLowerCase()}.example`)
      const users = []
      for (const email of emails)
        users.push(await payload.create({ collection: 'users', data: { email, password, role: 'editor' } }))
      const rest = async (method: string, path: string, body: object, from: string, token?: string) => {
        const response = await restRequest(path, { method, body, from, token })
        return { status: response.status, body: (await response.json()) as { token?: string } }
      }
      const logins = await Promise.all(
        emails.map((email, i) => rest('POST', '/users/login', { email, password }, `192.0.2.${130 + i}`)),
      )
      expect(logins.map((l) => l.status)).toEqual(emails.map(() => 200))
      const changed = await Promise.all(
        users.map((user, i) =>
          rest(
            'PATCH',
            `/users/${user.id}`,
            { password: 'another fine long passphrase', currentPassword: password },
            `192.0.2.${130 + i}`,
            logins[i]!.body.token,
          ),
        ),
      )
      expect(changed.map((c) => (c.status === 200 ? 'changed' : `${c.status} ${JSON.stringify(c.body)}`))).toEqual(
        emails.map(() => 'changed'),
      )
      const loggedIn = await payload.login({
        collection: 'users',
        data: { email: emails[11]!, password: 'another fine long passphrase' },
      })
      expect(loggedIn.user?.email).toBe(emails[11])
      await payload.delete({ collection: 'users', where: { id: { in: users.map((u) => u.id) } } })
    })

    it('holds a failed login’s answer to the same second whether the address has an account or not', async () => {
      const { failedLoginClock } = await import('@/features/accounts/login-throttle')
      const email = `held@${label.toLowerCase()}.example`
      const user = await payload.create({
        collection: 'users',
        data: { email, password: 'a fine long passphrase', role: 'editor' },
      })
      // On this test's clock, not the machine's: a wrong password is checked by 100 ms and held the 900 ms
      // left; an unknown address answered by 400 ms is held the 600 ms left.
      const now = vi
        .spyOn(failedLoginClock, 'now')
        .mockReturnValueOnce(0)
        .mockReturnValueOnce(100)
        .mockReturnValueOnce(0)
        .mockReturnValueOnce(400)
      const wait = vi.spyOn(failedLoginClock, 'wait').mockResolvedValue()
      try {
        for (const tried of [email, `nobody@${label.toLowerCase()}.example`]) {
          const answer = await restRequest('/users/login', {
            method: 'POST',
            body: { email: tried, password: 'not the passphrase' },
            from: '192.0.2.77',
          })
          expect([answer.status, await answer.json()], tried).toEqual([
            401,
            { errors: [{ message: 'The email or password provided is incorrect.' }] },
          ])
        }
        expect(wait.mock.calls).toEqual([[900], [600]])
      } finally {
        now.mockRestore()
        wait.mockRestore()
        await payload.delete({ collection: 'users', id: user.id })
      }
    })

    it('refuses a short or common password wherever one is set, keeping the old one; never locks an account', async () => {
      const email = `policy@${label.toLowerCase()}.example`
      const refusal = (message: string) => ({ data: { errors: [{ path: 'password', message }] } })
      await expect(
        payload.create({ collection: 'users', data: { email, password: 'short-pw', role: 'editor' } }),
      ).rejects.toMatchObject(refusal(PASSWORD_TOO_SHORT))
      expect((await payload.count({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)

      const user = await payload.create({
        collection: 'users',
        data: { email, password: 'a fine long passphrase', role: 'editor' },
      })
      await expect(
        payload.update({ collection: 'users', id: user.id, data: { password: 'Password2024!' } }),
      ).rejects.toMatchObject(refusal(PASSWORD_COMMON))
      const token = await payload.forgotPassword({ collection: 'users', data: { email }, disableEmail: true })
      await expect(
        payload.resetPassword({ collection: 'users', data: { token, password: 'qwerty123456' }, overrideAccess: true }),
      ).rejects.toMatchObject(refusal(PASSWORD_COMMON))
      // The old password still works, after more wrong guesses than any lockout would allow.
      for (let i = 0; i < 12; i++) {
        await expect(
          payload.login({ collection: 'users', data: { email, password: `wrong guess ${i}` } }),
        ).rejects.toThrow('The email or password provided is incorrect.')
      }
      const login = await payload.login({ collection: 'users', data: { email, password: 'a fine long passphrase' } })
      expect(login.user?.email).toBe(email)
      await payload.delete({ collection: 'users', id: user.id })
    })

    it('asks for the current password to change one’s own e-mail or password, by every path; an admin changing another account is not asked', async () => {
      const { updateByIDOperation, updateOperation } = await import('payload')
      const { failedLoginClock, LOGIN_LIMIT } = await import('@/features/accounts/login-throttle')
      const domain = `${label.toLowerCase()}.example`
      let password = 'my own long passphrase'
      const owner = await payload.create({
        collection: 'users',
        data: { email: `owner@${domain}`, password, role: 'editor' },
      })
      const coachPassword = 'the coach’s long passphrase'
      const coach = await payload.create({
        collection: 'users',
        data: { email: `coach-of-owner@${domain}`, password: coachPassword, role: 'admin' },
      })
      type Account = typeof owner
      type Data = Record<string, unknown>
      const collection = payload.collections.users
      const outcome = (done: Promise<unknown>) =>
        done.then(
          (doc) => ({ saved: JSON.stringify(doc) }),
          (error: { status?: number; message?: string; data?: { errors?: { path: string; message: string }[] } }) => ({
            status: error.status,
            errors: error.data?.errors?.map(({ path, message }) => ({ path, message })) ?? error.message,
          }),
        )
      /** PATCH /cms-api/users/<id> */
      const patch = async (as: Account, id: number | string, data: Data, from = '192.0.2.61') =>
        outcome(
          updateByIDOperation({
            collection,
            id,
            data,
            depth: 0,
            overrideAccess: false,
            req: await asClient(payload, as, from),
          }),
        )
      /** PATCH /cms-api/users?where=… */
      const patchWhere = async (as: Account, where: object, data: Data) =>
        outcome(
          updateOperation({
            collection,
            where: where as never,
            data,
            depth: 0,
            overrideAccess: false,
            req: await asClient(payload, as, '192.0.2.61'),
          }),
        )
      const refused = (message: string) => ({ status: 400, errors: [{ path: 'currentPassword', message }] })
      const stored = async (id: number | string) => {
        const row = (await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as Data
        return { email: row.email, hash: row.hash, salt: row.salt }
      }
      const logsIn = (email: string, pw: string) =>
        payload.login({ collection: 'users', data: { email, password: pw } }).then(
          () => true,
          () => false,
        )
      const asStored = await stored(owner.id)

      // Without the current password, or with a wrong one: refused on the field, for a new password and for a
      // new e-mail, whatever spelling of the id or `where` names the account. A wrong one takes a failed login's time.
      const newPassword = 'a brand new passphrase'
      expect(await patch(owner, owner.id, { password: newPassword })).toEqual(refused(CURRENT_PASSWORD_MISSING))
      expect(await patch(owner, owner.id, { password: newPassword, currentPassword: '' })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      // The answer is held on the clock of failed logins: it arrived at 0, was checked by 250 ms, and is held
      // the 750 ms left of the failed login's second (on this test's clock, not the machine's).
      const now = vi.spyOn(failedLoginClock, 'now').mockReturnValueOnce(0).mockReturnValueOnce(250)
      const wait = vi.spyOn(failedLoginClock, 'wait').mockResolvedValue()
      try {
        expect(await patch(owner, owner.id, { password: newPassword, currentPassword: 'not my password' })).toEqual(
          refused(CURRENT_PASSWORD_WRONG),
        )
        expect(wait.mock.calls).toEqual([[750]])
      } finally {
        now.mockRestore()
        wait.mockRestore()
      }
      expect(await patch(owner, owner.id, { email: `taken-over@${domain}` })).toEqual(refused(CURRENT_PASSWORD_MISSING))
      expect(await patch(owner, `0${owner.id}`, { email: `taken-over@${domain}` })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      expect(
        await patchWhere(
          owner,
          { email: { equals: owner.email } },
          { email: `taken-over@${domain}`, currentPassword: 'x' },
        ),
      ).toEqual(refused(CURRENT_PASSWORD_WRONG))
      expect(await patchWhere(owner, { id: { exists: true } }, { password: newPassword })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      // The same for an admin's own account, also in a bulk update that takes in another's.
      expect(await patch(coach, coach.id, { password: newPassword })).toEqual(refused(CURRENT_PASSWORD_MISSING))
      expect(await patchWhere(coach, { id: { in: [owner.id, coach.id] } }, { password: newPassword })).toEqual(
        refused(CURRENT_PASSWORD_MISSING),
      )
      // Nothing changed: the stored hash, salt and address are as they were, and the old password logs in.
      expect(await stored(owner.id)).toEqual(asStored)
      expect(await logsIn(owner.email, password)).toBe(true)
      expect(await logsIn(coach.email, coachPassword)).toBe(true)
      // The account screen sends the address unchanged with every save (in any case): that is not a change.
      expect(await patch(owner, owner.id, { email: owner.email.toUpperCase(), name: 'Own Name' })).toMatchObject({
        saved: expect.stringContaining('"name":"Own Name"'),
      })

      // With the right one: changed, and the current password is neither stored nor answered.
      const changed = await patch(owner, owner.id, { password: newPassword, currentPassword: password })
      expect(changed).toMatchObject({ saved: expect.stringContaining(`"email":"${owner.email}"`) })
      expect(JSON.stringify(changed)).not.toContain(password)
      expect(
        JSON.stringify(await payload.db.findOne({ collection: 'users', where: { id: { equals: owner.id } } })),
      ).not.toContain(password)
      expect(await logsIn(owner.email, password)).toBe(false)
      password = newPassword
      expect(await logsIn(owner.email, password)).toBe(true)
      const newEmail = `owner-moved@${domain}`
      expect(await patch(owner, owner.id, { email: newEmail, currentPassword: password })).toMatchObject({
        saved: expect.stringContaining(`"email":"${newEmail}"`),
      })

      // The coach (an admin) sets another account's password and address without being asked.
      password = 'set by the coach for the owner'
      expect(await patch(coach, owner.id, { password })).toMatchObject({ saved: expect.any(String) })
      expect(await patch(coach, owner.id, { email: `owner@${domain}` })).toMatchObject({
        saved: expect.stringContaining(`"email":"owner@${domain}"`),
      })
      expect(await logsIn(`owner@${domain}`, password)).toBe(true)

      // Wrong current passwords count as failed logins: past the limit even the right one is not checked.
      // Five at a time: each holds its update's database connection while its hits are written through
      // another, and PostgreSQL's pool has ten.
      const guesser = '198.51.100.61'
      const guesses = []
      for (let i = 0; i < LOGIN_LIMIT.max; i += 5) {
        guesses.push(
          ...(await Promise.all(
            [0, 1, 2, 3, 4].map((j) =>
              patch(owner, owner.id, { password: newPassword, currentPassword: `guess ${i + j}` }, guesser),
            ),
          )),
        )
      }
      // The account already had two wrong ones above: the last guesses are not even checked.
      for (const answer of guesses) {
        expect([refused(CURRENT_PASSWORD_WRONG), { status: 429, errors: CURRENT_PASSWORD_THROTTLED }]).toContainEqual(
          answer,
        )
      }
      const before = await stored(owner.id)
      expect(await patch(owner, owner.id, { password: newPassword, currentPassword: password }, guesser)).toEqual({
        status: 429,
        errors: CURRENT_PASSWORD_THROTTLED,
      })
      expect(await stored(owner.id)).toEqual(before)
      await payload.delete({ collection: 'users', where: { id: { in: [owner.id, coach.id] } } })
    })

    it("sends the admin's password reset mail through the outbox, across an SMTP outage; its link sets a new password", async () => {
      const email = `reset@${label.toLowerCase()}.example`
      await payload.create({
        collection: 'users',
        data: { email, password: 'the-old-password-1', role: 'editor' },
        overrideAccess: true,
      })
      await smtpDown()
      await payload.forgotPassword({ collection: 'users', data: { email } })
      // Queued in the outbox (just after Payload commits the token), and kept while SMTP is down. (Only this
      // address's mail is looked at: an earlier test's mail, queued as late, may share the outbox.)
      const toThisUser = { to: { equals: email } }
      await expect
        .poll(
          async () => (await payload.find({ collection: 'mail-outbox', where: toThisUser, overrideAccess: true })).docs,
          { timeout: 10_000 },
        )
        .toMatchObject([{ kind: 'account', to: email, subject: 'Reset your password | Jordan Ellis Coaching' }])
      const mailsTo = () => smtp.mails.filter((m) => m.to?.some((t) => t.address === email))
      await mod.deliverDueMail(payload)
      expect(mailsTo()).toHaveLength(0)
      // The outbox's own try (Payload's mail kicks it) is over before the peer is back: one still under way
      // would reach the peer once it is up, beside the try an hour later below.
      await expect
        .poll(
          async () =>
            (
              await payload.find({
                collection: 'mail-outbox',
                where: toThisUser,
                overrideAccess: true,
                showHiddenFields: true,
              })
            ).docs[0],
          { timeout: 10_000 },
        )
        .toMatchObject({ status: 'queued', attempts: 1 })

      await smtpUp()
      await mod.deliverDueMail(payload, new Date(Date.now() + HOUR))
      expect(mailsTo()).toHaveLength(1)
      const [mail] = mailsTo()
      expect(mail!.from?.address).toBe('site@example.com')
      expect(mail!.to?.map((t) => t.address)).toEqual([email])
      const token = linkToken(mail!.text, 'http://localhost:3000/admin/reset')
      // Payload's reset token, as stored: 20 random bytes in hex.
      expect(token, mail!.text).toMatch(/^[0-9a-f]{40}$/)

      await payload.resetPassword({
        collection: 'users',
        data: { token: token!, password: 'the-new-password-2' },
        overrideAccess: true,
      })
      const login = await payload.login({ collection: 'users', data: { email, password: 'the-new-password-2' } })
      expect(login.user?.email).toBe(email)
      await expect(
        payload.login({ collection: 'users', data: { email, password: 'the-old-password-1' } }),
      ).rejects.toThrow('The email or password provided is incorrect.')
    })
  })
}
