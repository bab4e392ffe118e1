import { randomBytes } from 'node:crypto'
import http from 'node:http'

import { expect, SEEDED_KINDS, test } from './fixtures'

import { FAILED_LOGIN_FLOOR_MS, FORGOT_PASSWORD_LIMIT, LOGIN_LIMIT } from '@/features/accounts/login-throttle'
import { currentCode } from '@/features/accounts/totp'
import { ADMIN_API_MAX_BODY_BYTES } from '@/platform/server/request-guard'
import { logInAsCoach } from '../support/coach'
import { mailsWritten } from '../support/mail-files'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string, SEEDED_DATA_DIR: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
  SEEDED_DATA_DIR = seeded.dataDir
})

// What the coach reads, word for word (not the code's constants: a changed text must fail here).
const LOGIN_THROTTLED = 'Too many attempts to log in. Please wait 15 minutes and try again, or use "Forgot password?".'
const FORGOT_PASSWORD_THROTTLED =
  'Too many password resets asked for in a short time. Please wait an hour and try again.'
const TOTP_REQUIRED = 'Enter the 6-digit code from your authenticator app.'

/*
 * The doors into the coach's account, tried against the started production build by every spelling a client
 * can send: the throttles, the failed login's one-second floor and "a reset never skips the two-step code"
 * hold on each, because they sit on Payload's operations rather than on one route's exact path.
 */
const RUN = randomBytes(3).toString('hex')
let clients = 0
/** A client address of its own (the seeded server believes one proxy hop), so no test shares a limit. */
const newClient = () => `198.18.${parseInt(RUN.slice(0, 2), 16)}.${++clients}`
let people = 0
const nobody = () => `nobody-${RUN}-${++people}@example.org`

/** Every way a client can write the path of one of the users collection's operations. */
const spellings = (operation: string): string[] => {
  const capitalised = operation.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())
  return [
    `/cms-api/users/${operation}`,
    `/cms-api/users/${operation.toUpperCase()}`,
    `/cms-api/users/${capitalised}`,
    `/cms-api/users/${operation}/`,
    `/cms-api/users/${operation.toUpperCase()}/`,
    `/cms-api/users/%${operation.charCodeAt(0).toString(16)}${operation.slice(1)}`,
    `/cms-api/users/%${operation.charCodeAt(0).toString(16).toUpperCase()}${operation.slice(1).toUpperCase()}`,
    `/cms-api/Users/${operation}`,
    `/cms-api/USERS/${operation.toUpperCase()}`,
    `/cms-api/users//${operation}`,
    `/cms-api/users/./${operation}`,
    `/cms-api/users/${operation}?depth=0`,
  ]
}

type Outcome = { path: string; status: number; ms: number; body: string; cookies: string[] }

async function post(
  target: string,
  body: object,
  from: string,
  headers: Record<string, string> = {},
  site: string = SEEDED,
) {
  const started = Date.now()
  const res = await fetch(`${site}${target}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site, 'x-forwarded-for': from, ...headers },
    body: JSON.stringify(body),
  })
  const outcome: Outcome = {
    path: target,
    status: res.status,
    ms: Date.now() - started,
    body: await res.text(),
    cookies: res.headers.getSetCookie(),
  }
  return outcome
}

const message = (o: Outcome) => (JSON.parse(o.body) as { errors?: { message: string }[] }).errors?.[0]?.message

test.describe("the admin's login, reset mail and reset, by every spelling of their paths", () => {
  for (const [database, kind] of SEEDED_KINDS)
    test(`${database}: a failed login is answered after a second and counted against its address, whatever the spelling`, async ({
      sharedSites,
    }) => {
      const site = (await sharedSites.get(kind)).url
      const paths = spellings('login')
      const attempt = (p: string, from: string) => post(p, { email: nobody(), password: 'wrong' }, from, {}, site)
      // One wrong password per spelling, each from an address of its own.
      const outcomes = await Promise.all(paths.map((p) => attempt(p, newClient())))
      const reached = outcomes.filter((o) => o.status === 401)
      // What reaches the login gets the floor and the same words; what does not is not found, never a session.
      for (const o of outcomes) {
        expect([401, 404], `${o.path}: ${o.status} ${o.body}`).toContain(o.status)
        if (o.status === 401) {
          expect(o.ms, o.path).toBeGreaterThanOrEqual(FAILED_LOGIN_FLOOR_MS - 20)
          expect(message(o), o.path).toBe('The email or password provided is incorrect.')
        }
      }
      // The spellings that reached Payload's own handler before the rules moved onto its operation.
      for (const p of ['/cms-api/users/LOGIN', '/cms-api/users/Login', '/cms-api/users/login/']) {
        expect(reached.map((o) => o.path)).toContain(p)
      }

      // From one address: the limit's failures over all those spellings, then every spelling is refused.
      const from = newClient()
      for (let i = 0; i < LOGIN_LIMIT.max; i++) {
        const o = await attempt(reached[i % reached.length]!.path, from)
        expect(o.status, o.path).toBe(401)
      }
      for (const { path: p } of reached) {
        const o = await attempt(p, from)
        expect([o.status, message(o)], p).toEqual([429, LOGIN_THROTTLED])
      }
    })

  for (const [database, kind] of SEEDED_KINDS)
    test(`${database}: reset mails are limited per address, whatever the spelling`, async ({ sharedSites }) => {
      const site = (await sharedSites.get(kind)).url
      const paths = spellings('forgot-password')
      const from = newClient()
      const answers: Outcome[] = []
      for (const p of paths) answers.push(await post(p, { email: nobody() }, from, {}, site))
      const reached = answers.filter((o) => o.status !== 404)
      expect(reached.map((o) => o.path)).toEqual(expect.arrayContaining(paths.slice(0, 4)))
      expect(reached.slice(0, FORGOT_PASSWORD_LIMIT.max).map((o) => o.status)).toEqual(
        Array(FORGOT_PASSWORD_LIMIT.max).fill(200),
      )
      for (const o of reached.slice(FORGOT_PASSWORD_LIMIT.max)) {
        expect([o.status, message(o)], o.path).toEqual([429, FORGOT_PASSWORD_THROTTLED])
      }
    })

  test('a reset from the mail never skips the two-step code, whatever the spelling', async () => {
    const { token: coachToken } = await logInAsCoach()
    const asCoach = { authorization: `JWT ${coachToken}` }
    // An assistant's account per spelling (Payload sends an account one reset mail per 15 seconds), each with
    // two-step login on.
    const spelled = ['/cms-api/users/RESET-PASSWORD', '/cms-api/users/Reset-Password/', '/cms-api/users/reset-password']
    const ids: number[] = []
    try {
      await Promise.all(
        spelled.map(async (p, i) => {
          const assistant = { email: `assistant-${RUN}-${i}@example.org`, password: `an assistant's passphrase ${RUN}` }
          const created = await post('/cms-api/users', { ...assistant, role: 'editor' }, newClient(), asCoach)
          expect(created.status, created.body).toBe(201)
          ids.push((JSON.parse(created.body) as { doc: { id: number } }).doc.id)
          const login = await post('/cms-api/users/login', assistant, newClient())
          const asAssistant = { authorization: `JWT ${(JSON.parse(login.body) as { token: string }).token}` }
          const setup = await post('/cms-api/users/totp/setup', {}, newClient(), asAssistant)
          const key = (JSON.parse(setup.body) as { key: string }).key.replace(/\s+/g, '')
          const on = await post('/cms-api/users/totp/confirm', { code: currentCode(key) }, newClient(), asAssistant)
          expect(on.body).toBe('{"enabled":true}')

          const asked = await post('/cms-api/users/forgot-password', { email: assistant.email }, newClient())
          expect(asked.status).toBe(200)
          const token = await resetTokenMailedTo(assistant.email)
          assistant.password = `a renewed passphrase ${RUN} ${i}`
          const reset = await post(p, { token, password: assistant.password }, newClient())
          expect(reset.status, `${p}: ${reset.body}`).toBe(200)
          expect(reset.body, p).not.toContain('"token"')
          expect(JSON.parse(reset.body)).toMatchObject({
            message: 'Your password was changed. Log in with it and the code from your app.',
          })
          // No session: what the answer sets for Payload's cookie is empty, and its last word removes it.
          const session = reset.cookies.filter((c) => c.startsWith('payload-token='))
          expect(session.length, p).toBeGreaterThan(0)
          expect(
            session.every((c) => c.startsWith('payload-token=;')),
            p,
          ).toBe(true)
          const expires = /Expires=([^;]+)/.exec(session.at(-1)!)?.[1]
          expect(Date.parse(expires ?? '') < Date.now(), `${p}: ${session.join(' | ')}`).toBe(true)
          const me = await fetch(`${SEEDED}/cms-api/users/me`, {
            headers: { cookie: session.map((c) => c.split(';')[0]).join('; ') },
          })
          expect(((await me.json()) as { user: unknown }).user, p).toBeNull()
          // The new password alone does not open the admin: the code is asked for.
          const again = await post('/cms-api/users/login', assistant, newClient())
          expect(again.status, p).toBe(400)
          expect(again.body, p).toContain(TOTP_REQUIRED)
        }),
      )
    } finally {
      for (const id of ids) await fetch(`${SEEDED}/cms-api/users/${id}`, { method: 'DELETE', headers: asCoach })
    }
  })
})

test.describe("the admin's API and bodies it was not made for", () => {
  /** Declares a body of `length` bytes, sends the first 64 KB of it, and answers the status and body. */
  const declare = (target: string, length: number, type = 'application/json') =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(SEEDED)
      const req = http.request(
        { hostname, port, path: target, method: 'POST', headers: { 'content-type': type, 'content-length': length } },
        (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      req.write(Buffer.alloc(64 * 1024, 0x41))
    })

  test('refuses an anonymous body of gigabytes at once, by its stated length, on every path, and stays up', async () => {
    for (const target of ['/cms-api/users', '/cms-api/users/LOGIN', '/cms-api/books', '/cms-api/media', '/cms-api/x']) {
      const answer = await declare(target, 3 * 1024 ** 3, 'multipart/form-data; boundary=zz')
      expect(answer.status, target).toBe(413)
      // In Payload's error shape, which the admin's screens show.
      const { errors } = JSON.parse(answer.body) as { errors: { message: string }[] }
      expect(errors[0]!.message, target).toMatch(/^The request is too large\.$|^An image can be at most 15 MB/)
      // "At once": only 64 KB of the 3 GB are ever sent, so a server that waited for the body would never
      // answer and this test would run into its timeout; no bound in milliseconds on a busy machine.
    }
    const justOver = await declare('/cms-api/books', ADMIN_API_MAX_BODY_BYTES + 1)
    expect(justOver.status).toBe(413)
    expect((await fetch(`${SEEDED}/healthz`)).status).toBe(200)
  })
})

/** The token of a reset mail to this address not used yet, from the mail the seeded server wrote to disk. */
async function resetTokenMailedTo(address: string): Promise<string> {
  const newToken = async () => {
    for (const mail of await mailsWritten(SEEDED_DATA_DIR)) {
      const token = /\/admin\/reset\/([\w-]+)/.exec(mail.text ?? '')?.[1]
      if (token && mail.to?.some((t) => t.address === address) && !usedTokens.has(token)) return token
    }
    return undefined
  }
  await expect.poll(newToken, { timeout: 20_000, message: `a new reset mail to ${address}` }).toBeDefined()
  const token = (await newToken())!
  usedTokens.add(token)
  return token
}
const usedTokens = new Set<string>()
