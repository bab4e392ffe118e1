import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import { expect, SEEDED_KINDS, test } from './fixtures'

import {
  BROKEN_BODIES,
  CLIENT_PREFIX,
  markerEmail,
  nextClient,
  ODD_TYPES,
  PATHS,
  PERSONAL,
  SCRIPT_MARK,
  STRINGS,
  UNESCAPED_SCRIPT,
  WRONG_TYPES,
} from '../support/hostile-corpus'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string, SEEDED_DATA_DIR: string, SEEDED_LOG_FILE: string
/** The seeded site on each database under test: the hostile values that reach a database reach each kind. */
let SEEDED_SITES: [string, string][] = []
test.beforeAll(async ({ seeded, sharedSites }) => {
  SEEDED = seeded.url
  SEEDED_DATA_DIR = seeded.dataDir
  SEEDED_LOG_FILE = seeded.logFile
  SEEDED_SITES = await Promise.all(
    SEEDED_KINDS.map(async ([database, kind]): Promise<[string, string]> => [
      database,
      (await sharedSites.get(kind)).url,
    ]),
  )
})

/*
 * Every public endpoint and form of the seeded site fed bad input (tests/support/hostile-corpus.ts): no answer
 * is a 5xx or missing, no page echoes a script, no redirect leaves the site, the server keeps answering, nothing is
 * stored (no message, subscriber, call, mail or account), and nothing a visitor sent reaches the log. Each
 * request comes from its own client address (the seeded server believes one proxy hop), so no rate limit
 * is shared with the other tests; every form post is one the site must refuse, so the hourly mail ceiling
 * is not touched.
 */

type Answer = { status: number; type: string; nosniff: boolean; location: string | null; body: string }
type Outcome = Answer | { error: string }

/** What went wrong, all of it: a test reports every bad answer at once rather than the first. */
const problems: string[] = []
let requests = 0

/** Checks one answer against the rules every answer keeps; `refusedOnly`: the statuses it may have. */
function check(label: string, site: string, outcome: Outcome, refusedOnly?: readonly number[]): void {
  requests++
  if ('error' in outcome) return void problems.push(`${label}: no answer (${outcome.error})`)
  const { status, type, nosniff, location, body } = outcome
  if (status >= 500) problems.push(`${label}: ${status} ${body.slice(0, 200)}`)
  if (refusedOnly && !refusedOnly.includes(status)) problems.push(`${label}: ${status}, expected one of ${refusedOnly}`)
  // A script we sent may come back only as data a browser will not run: JSON or text, never sniffed.
  if (UNESCAPED_SCRIPT.test(body) && (/html|xml/.test(type) || !type || !nosniff)) {
    problems.push(`${label}: the answer (${type}) repeats a script unescaped`)
  }
  if (location && new URL(location, site).origin !== new URL(site).origin) {
    problems.push(`${label}: redirects off the site, to ${location}`)
  }
}

const answerOf = async (res: Response): Promise<Answer> => ({
  status: res.status,
  type: res.headers.get('content-type') ?? '',
  nosniff: res.headers.get('x-content-type-options') === 'nosniff',
  location: res.headers.get('location'),
  body: await res.text(),
})

/** A request from a new client address; redirects are not followed. */
async function send(site: string, target: string, init: RequestInit = {}): Promise<Outcome> {
  try {
    const headers = { 'x-forwarded-for': nextClient(), ...(init.headers as Record<string, string>) }
    const res = await fetch(`${site}${target}`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      ...init,
      headers,
    })
    return await answerOf(res)
  } catch (error) {
    return { error: String((error as Error).cause ?? error) }
  }
}

/** A request sent as it is written (fetch would normalise the path), with node:http. */
function sendRaw(
  site: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(site)
    const req = http.request(
      {
        hostname,
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: { 'x-forwarded-for': nextClient(), ...options.headers },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            nosniff: res.headers['x-content-type-options'] === 'nosniff',
            location: res.headers.location ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', (error) => resolve({ error: error.message }))
    req.end(options.body)
  })
}

/**
 * A body sent in chunks until the server answers: `total` bytes at most (Infinity: endless), a pause of
 * `pauseMs` after each chunk. Answers the status and when it came, or why none came within `timeoutMs`.
 * With `held`, the request asks before its body (Expect: 100-continue), and `held` is called when the server
 * says to go on: it holds the request and reads the body.
 */
function stream(
  site: string,
  target: string,
  headers: Record<string, string>,
  {
    chunk = 64 * 1024,
    total = Infinity,
    pauseMs = 0,
    timeoutMs = 5_000,
    held,
  }: { chunk?: number; total?: number; pauseMs?: number; timeoutMs?: number; held?: () => void } = {},
): Promise<{ status: number; ms: number } | { error: string }> {
  return new Promise((resolve) => {
    const started = Date.now()
    const { hostname, port } = new URL(site)
    let sent = 0
    let done = false
    const finish = (result: { status: number; ms: number } | { error: string }) => {
      if (done) return
      done = true
      clearTimeout(timer)
      req.destroy()
      resolve(result)
    }
    const req = http.request(
      {
        hostname,
        port,
        path: target,
        method: 'POST',
        headers: { 'x-forwarded-for': nextClient(), ...(held ? { expect: '100-continue' } : {}), ...headers },
      },
      (res) => {
        res.resume()
        finish({ status: res.statusCode ?? 0, ms: Date.now() - started })
      },
    )
    if (held) req.on('continue', held)
    // The server may close the connection as it refuses the body; its answer has usually arrived by then.
    req.on('error', (error) => setTimeout(() => finish({ error: error.message }), 200))
    const timer = setTimeout(() => finish({ error: `no answer within ${timeoutMs} ms` }), timeoutMs)
    const pump = () => {
      if (done || req.destroyed) return
      if (sent >= total) return void req.end()
      const size = Math.min(chunk, total - sent)
      sent += size
      req.write(Buffer.alloc(size, 0x41), () => setTimeout(pump, pauseMs))
    }
    pump()
  })
}

/** A request written byte for byte on a socket: answers the status line (or why there was none). */
function sendOnSocket(site: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(site)
    let out = ''
    const socket = net.connect(Number(port), hostname, () => socket.write(text))
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(out.split('\r\n')[0] || 'no answer within 5 s')
    }, 5_000)
    socket.on('data', (d: Buffer) => {
      out += d.toString('latin1')
      if (out.includes('\r\n')) {
        clearTimeout(timer)
        socket.destroy()
        resolve(out.split('\r\n')[0]!)
      }
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      resolve(out.split('\r\n')[0] || `error: ${error.message}`)
    })
  })
}

/**
 * Every UTF-8 byte of the text percent-encoded (encodeURIComponent throws on a lone surrogate), its first
 * 2,000 characters only: a longer address is refused by Node's parser (431) before the site sees it.
 */
const pct = (text: string): string =>
  [...Buffer.from(text.slice(0, 2000), 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')

/** Runs `fn` on every item, `width` at a time. */
async function all<T>(items: readonly T[], fn: (item: T) => Promise<void>, width = 8): Promise<void> {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item)
    }),
  )
}

async function expectHealthy(site: string): Promise<void> {
  const health = await fetch(`${site}/healthz`)
  expect(health.status, `${site}/healthz`).toBe(200)
  const page = await fetch(`${site}/about`)
  expect(page.status, `${site}/about`).toBe(200)
}

/** A post from the site's own page (so it reaches the parser), with this body and media type. */
const jsonPost = (site: string, body: string | Buffer, type: string | null = 'application/json'): RequestInit => ({
  method: 'POST',
  body: typeof body === 'string' ? body : new Uint8Array(body),
  headers: { origin: site, 'sec-fetch-site': 'same-origin', ...(type ? { 'content-type': type } : {}) },
})

/** The form endpoints, with the fields each takes (the spam defences' too). */
const FORMS = {
  '/api/contact': ['name', 'email', 'inquiryType', 'message'],
  '/api/subscribe': ['email', 'source'],
  '/api/discovery-calls': ['slot', 'name', 'email', 'note', 'timeZone'],
} as const
type FormPath = keyof typeof FORMS
const FORM_PATHS = Object.keys(FORMS) as FormPath[]
const everyField = (form: FormPath, value: unknown): Record<string, unknown> =>
  Object.fromEntries(FORMS[form].map((field) => [field, value]))
/** A time long gone: a booking for it is checked against the calls of that address, then refused (409). */
const PAST_SLOT = '2020-01-06T10:00:00Z'

/**
 * A post whose personal fields look right and whose hostile value sits where it makes the post fail: the
 * contact form's inquiry type (never one of the four), the booking's time (long gone, after the address was
 * looked up), the sign-up's address (never a valid one). Nothing of it may be stored, mailed or logged.
 */
function personalPost(form: FormPath, value: string, n: number): Record<string, unknown> {
  if (form === '/api/contact') {
    return { name: `Visitor ${PERSONAL}`, email: markerEmail(n), inquiryType: value, message: `${value} ${PERSONAL}` }
  }
  if (form === '/api/subscribe') return { email: `${markerEmail(n)}<${value}>` }
  return { slot: PAST_SLOT, name: `${value} ${PERSONAL}`, email: markerEmail(n), note: value, timeZone: value }
}

/** What a form endpoint answers a post it must not take: never 200 (which would mean stored). */
const REFUSED = [400, 403, 409, 413, 415, 422] as const

/** Rows a post could leave behind, and the files a mail would become. */
const TABLES = [
  'contact_messages',
  'subscribers',
  'discovery_calls',
  'mail_outbox',
  'users',
  'users_sessions',
  'media',
  'payload_preferences',
  'payload_locked_documents',
]
function rowCounts(): Record<string, number> {
  const db = new DatabaseSync(path.join(SEEDED_DATA_DIR, 'site.db'), { readOnly: true })
  try {
    return Object.fromEntries(
      TABLES.map((t) => [t, Number((db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n)]),
    )
  } finally {
    db.close()
  }
}

let countsBefore: Record<string, number> = {}
let logOffset = 0
const started = Date.now()

test.beforeAll(() => {
  countsBefore = rowCounts()
  logOffset = fs.statSync(SEEDED_LOG_FILE).size
})

// Each test reports its own bad answers.
test.beforeEach(() => {
  problems.length = 0
})

test.afterAll(() => {
  console.log(`hostile input: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`)
})

test.describe('hostile input', () => {
  test('the form endpoints, in JSON and url-encoded: wrong types, broken bodies, odd media types, injections', async () => {
    for (const [, site] of SEEDED_SITES) {
      // The whole corpus on SQLite; on PostgreSQL (when tested) the values that reach the database (the
      // parsing before it is the same code).
      const full = site === SEEDED
      const posts: [string, FormPath, RequestInit][] = []
      for (const form of FORM_PATHS) {
        STRINGS.forEach(([label, value], i) => {
          posts.push([`${form} every field ${label}`, form, jsonPost(site, JSON.stringify(everyField(form, value)))])
          posts.push([
            `${form} personal ${label}`,
            form,
            jsonPost(site, JSON.stringify(personalPost(form, value, i + 1))),
          ])
          if (!full) return
          posts.push([
            `${form} url-encoded ${label}`,
            form,
            jsonPost(
              site,
              new URLSearchParams(everyField(form, value) as Record<string, string>).toString(),
              'application/x-www-form-urlencoded',
            ),
          ])
        })
        if (!full) continue
        for (const [label, value] of WRONG_TYPES) {
          // The honeypot and the fill time get the wrong types too (a string in the honeypot is a bot: 200).
          const body = { ...everyField(form, value), website: value, startedAt: value }
          posts.push([`${form} wrong type ${label}`, form, jsonPost(site, JSON.stringify(body))])
        }
        for (const [label, type, body] of BROKEN_BODIES) {
          posts.push([`${form} broken body ${label}`, form, jsonPost(site, body, type)])
        }
        for (const type of ODD_TYPES) {
          const body = JSON.stringify(personalPost(form, 'x', 0))
          posts.push([`${form} media type ${type?.slice(0, 40)}`, form, jsonPost(site, body, type)])
        }
      }
      await all(posts, async ([label, form, init]) => check(label, site, await send(site, form, init), REFUSED))
      await expectHealthy(site)
    }
    expect(problems).toEqual([])
  })

  test('the newsletter buttons and link pages: odd tokens, bodies and media types', async () => {
    const tokens: [string, string][] = [
      ...STRINGS,
      ['valid shape, unknown', 'a'.repeat(43)],
      ['4 KB', 'c'.repeat(4096)],
    ]
    const jobs: [string, () => Promise<Outcome>][] = []
    for (const action of ['confirm', 'unsubscribe']) {
      const api = `/api/newsletter/${action}`
      for (const [label, token] of tokens) {
        const form = new URLSearchParams({ token, 'List-Unsubscribe': 'One-Click' }).toString()
        jobs.push([
          `${api} body ${label}`,
          () => send(SEEDED, api, jsonPost(SEEDED, form, 'application/x-www-form-urlencoded')),
        ])
        jobs.push([`${api} query ${label}`, () => send(SEEDED, `${api}?token=${pct(token)}`, { method: 'POST' })])
        jobs.push([`/newsletter/${action}/ ${label}`, () => send(SEEDED, `/newsletter/${action}/${pct(token)}`)])
      }
      for (const [label, type, body] of BROKEN_BODIES) {
        jobs.push([`${api} broken body ${label}`, () => send(SEEDED, api, jsonPost(SEEDED, body, type))])
      }
      const multipart = [
        ['no boundary', 'multipart/form-data', 'token=x'],
        [
          'unclosed part',
          'multipart/form-data; boundary=zz',
          '--zz\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc',
        ],
        [
          'file as token',
          'multipart/form-data; boundary=zz',
          '--zz\r\nContent-Disposition: form-data; name="token"; filename="../../x"\r\nContent-Type: text/html\r\n\r\n<script>\r\n--zz--\r\n',
        ],
        [
          'header injection',
          'multipart/form-data; boundary=zz',
          '--zz\r\nContent-Disposition: form-data; name="List-Unsubscribe\r\nX: y"\r\n\r\nOne-Click\r\n--zz--\r\n',
        ],
      ]
      for (const [label, type, body] of multipart) {
        jobs.push([`${api} multipart ${label}`, () => send(SEEDED, `${api}?token=x`, jsonPost(SEEDED, body!, type!))])
      }
      jobs.push([`${api} cross-site`, () => send(SEEDED, api, { method: 'POST', headers: { origin: 'null' } })])
      jobs.push([`${api} GET`, () => send(SEEDED, `${api}?token=${'a'.repeat(43)}`)])
      for (const raw of [
        '%ZZ',
        '%00',
        '..%2f..%2f..%2fetc%2fpasswd',
        '%E0%A4%A',
        `${'a'.repeat(16)}%0d%0aSet-Cookie:x=y`,
      ]) {
        jobs.push([`/newsletter/${action}/${raw}`, () => sendRaw(SEEDED, `/newsletter/${action}/${raw}`)])
      }
    }
    await all(jobs, async ([label, job]) => check(label, SEEDED, await job()))
    await expectHealthy(SEEDED)
    expect(problems).toEqual([])
  })

  test('the read API, the calendar feed, the booking pages and the preview: odd names, tokens and queries', async () => {
    const names = [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'books.json',
      'BOOKS',
      'books%00',
      '..%2f..%2fpackage.json',
      '%2e%2e',
      'contact-messages',
      'users',
      pct(`<script>alert('${SCRIPT_MARK}')</script>`),
      'x'.repeat(2000),
    ]
    const queries = [
      '?limit=-1&page=-5&depth=999&sort=;DROP%20TABLE%20books',
      '?where[title][like]=%27%20OR%201=1--&where[__proto__][polluted]=1',
      '?__proto__[polluted]=1&constructor[prototype][polluted]=1',
      '?%ZZ=%E0%A4%A',
      `?q=${'x'.repeat(6000)}`,
    ]
    // A manage token the site signed, for a call that does not exist (the seeded server's secret, scripts/lib/server.ts).
    const signed = (secret: string, id: number, ms: number) =>
      `${id}-${ms}.${createHmac('sha256', secret).update(`discovery-call-manage\ndiscovery-call-${id}-${ms}@coach-site`).digest('base64url')}`
    const manageTokens = [
      ...STRINGS.map(([, s]) => pct(s)),
      `1-1.${'a'.repeat(43)}`,
      '%ZZ',
      '%E0%A4%A',
      '..%2f..%2fsite.db',
      `${'9'.repeat(12)}-${'9'.repeat(15)}.${'a'.repeat(43)}`,
      signed('e2e-seeded-secret', 999_999, 1_700_000_000_000),
    ]
    const targets = [
      ...names.map((n) => `/api/${n}`),
      ...queries.map((q) => `/api/books${q}`),
      // Payload's own read API too, with the queries it answers (it has no answer but a 500 for some others,
      // e.g. a negative page on SQLite, which the site's pages never send).
      ...queries.slice(1, 3).map((q) => `/cms-api/books${q}`),
      ...names.map((n) => `/calendar/${n}`),
      ...names.map((n) => `/calendar/${n}.ics`),
      '/calendar/.ics',
      `/calendar/${'a'.repeat(32)}.ics`,
      ...STRINGS.map(([, s]) => `/scheduling?problem=${pct(s)}&from=${pct(s)}`),
      '/scheduling?from=-1&from=2&problem[]=x',
      '/scheduling?from=275760-09-13&problem=__proto__',
      ...manageTokens.map((t) => `/scheduling/manage/${t}`),
      ...STRINGS.map(
        ([, s]) =>
          `/scheduling/manage/${signed('e2e-seeded-secret', 999_999, 1_700_000_000_000)}?done=${pct(s)}&problem=${pct(s)}&booked=${pct(s)}`,
      ),
      ...names.map((n) => `/preview/${n}`),
      '/preview/home',
      '/preview/home?redirect=https://elsewhere.example/',
    ]
    await all(targets, async (target) => check(`GET ${target.slice(0, 120)}`, SEEDED, await sendRaw(SEEDED, target)))
    // The signed token gets past src/proxy.ts to the page itself, which knows no such call.
    const manage = await sendRaw(SEEDED, `/scheduling/manage/${manageTokens.at(-1)}?done=__proto__&problem=constructor`)
    expect('error' in manage ? manage.error : [manage.status, manage.body.includes('This link is not valid')]).toEqual([
      200,
      true,
    ])
    // The read API answers only GET and HEAD.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      check(`${method} /api/books`, SEEDED, await sendRaw(SEEDED, '/api/books', { method, body: '{}' }))
    }
    await expectHealthy(SEEDED)
    expect(problems).toEqual([])
  })

  test('the admin login, forgotten and reset password: broken bodies and hostile fields', async () => {
    const jobs: [string, string, string, RequestInit][] = []
    const auth = ['/cms-api/users/login', '/cms-api/users/forgot-password', '/cms-api/users/reset-password']
    // On PostgreSQL (when tested), the fields that reach its queries.
    for (const [, site] of SEEDED_SITES.slice(1)) {
      STRINGS.forEach(([label, value], i) => {
        const body = {
          email: i % 2 ? value : `${PERSONAL}.auth${i}@example.org${value}`,
          password: value,
          token: value,
        }
        for (const endpoint of auth) {
          jobs.push([`${site}${endpoint} fields ${label}`, site, endpoint, jsonPost(site, JSON.stringify(body))])
        }
      })
    }
    for (const endpoint of auth) {
      for (const [label, type, body] of BROKEN_BODIES)
        jobs.push([`${endpoint} broken body ${label}`, SEEDED, endpoint, jsonPost(SEEDED, body, type)])
      for (const type of ODD_TYPES)
        jobs.push([
          `${endpoint} media type ${type?.slice(0, 40)}`,
          SEEDED,
          endpoint,
          jsonPost(SEEDED, '{"email":"x"}', type),
        ])
      const multipart = (fields: Record<string, string>) => {
        const form = new FormData()
        for (const [name, value] of Object.entries(fields)) form.set(name, value)
        return { method: 'POST', body: form, headers: { origin: SEEDED } }
      }
      jobs.push([`${endpoint} _payload not JSON`, SEEDED, endpoint, multipart({ _payload: '{' })])
      jobs.push([`${endpoint} _payload null`, SEEDED, endpoint, multipart({ _payload: 'null' })])
      jobs.push([`${endpoint} _payload array`, SEEDED, endpoint, multipart({ _payload: '[1,2]' })])
      jobs.push([
        `${endpoint} form without _payload`,
        SEEDED,
        endpoint,
        multipart({ email: markerEmail(900), password: 'x' }),
      ])
      STRINGS.forEach(([label, value], i) => {
        const body = {
          email: i % 2 ? value : `${PERSONAL}.auth${i}@example.org${value}`,
          password: value,
          token: value,
        }
        jobs.push([`${endpoint} fields ${label}`, SEEDED, endpoint, jsonPost(SEEDED, JSON.stringify(body))])
      })
      for (const [label, value] of WRONG_TYPES) {
        const body = { email: value, password: value, token: value }
        jobs.push([`${endpoint} wrong type ${label}`, SEEDED, endpoint, jsonPost(SEEDED, JSON.stringify(body))])
      }
    }
    // A failed login is answered after a second: many at once.
    await all(jobs, async ([label, site, endpoint, init]) => check(label, site, await send(site, endpoint, init)), 24)
    for (const [, site] of SEEDED_SITES) await expectHealthy(site)
    expect(problems).toEqual([])
  })

  test('forms posted to pages without JavaScript (server actions): hostile fields, arguments, origins', async () => {
    /** The hidden fields of a form as the page renders it (which action to run, and how). */
    const formOn = async (page: string, id: string) => {
      const html = await (await fetch(`${SEEDED}${page}`)).text()
      const form = new RegExp(`<form id="${id}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? ''
      const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map(
        ([, name, value]) => [
          name!,
          (value ?? '')
            .replace(/&quot;/g, '"')
            .replace(/&#x27;/g, "'")
            .replace(/&amp;/g, '&'),
        ],
      )
      const id0 = /"id":"([0-9a-f]+)"/.exec(hidden.map(([, v]) => v).join(' '))?.[1] ?? ''
      return { hidden, actionId: id0 }
    }
    const forms = [
      { page: '/schedule-and-contact', id: 'contact-form', fields: FORMS['/api/contact'] },
      { page: '/', id: 'subscribe-footer', fields: FORMS['/api/subscribe'] },
      { page: '/scheduling', id: 'book-call', fields: FORMS['/api/discovery-calls'] },
    ]
    const jobs: [string, () => Promise<Outcome>][] = []
    for (const { page, id, fields } of forms) {
      const { hidden, actionId } = await formOn(page, id)
      expect(actionId, `the action of #${id}`).not.toBe('')
      const post = (values: Record<string, string | Blob>, headers: Record<string, string> = {}) => {
        const form = new FormData()
        for (const [name, value] of hidden) form.append(name!, value!)
        for (const [name, value] of Object.entries(values)) form.append(name, value)
        return send(SEEDED, page, { method: 'POST', body: form, headers: { origin: SEEDED, ...headers } })
      }
      for (const [label, value] of STRINGS) {
        if (label === '60k characters') continue
        jobs.push([`${page} #${id} ${label}`, () => post(Object.fromEntries(fields.map((f) => [f, value])))])
      }
      jobs.push([
        `${page} #${id} a file for each field`,
        () => post(Object.fromEntries(fields.map((f) => [f, new Blob(['<x>'])]))),
      ])
      jobs.push([
        `${page} #${id} from another origin`,
        () => post({ email: 'x' }, { origin: 'https://elsewhere.example' }),
      ])
      jobs.push([`${page} #${id} origin null`, () => post({ email: 'x' }, { origin: 'null' })])
      // Called as the page's script would, with arguments that are not the form's.
      for (const args of ['[]', '[null]', '[null,"x"]', '[null,{}]', '[null,null]', '[null,[1,2]]', '[null,42]']) {
        jobs.push([
          `${page} action(${args})`,
          () =>
            send(SEEDED, page, {
              method: 'POST',
              body: args,
              headers: { origin: SEEDED, 'next-action': actionId, 'content-type': 'text/plain;charset=UTF-8' },
            }),
        ])
      }
      jobs.push([
        `${page} unknown action`,
        () =>
          send(SEEDED, page, {
            method: 'POST',
            body: '[]',
            headers: { origin: SEEDED, 'next-action': 'f'.repeat(42) },
          }),
      ])
    }
    await all(jobs, async ([label, job]) => check(label, SEEDED, await job()), 6)
    await expectHealthy(SEEDED)
    expect(problems).toEqual([])
  })

  test('paths, methods and request targets: traversal, odd encodings, weird pages', async () => {
    await all(PATHS, async (target) => {
      const answer = await sendRaw(SEEDED, target)
      check(`GET ${target.slice(0, 120)}`, SEEDED, answer)
      // Nothing from outside the site's public files: no database, secret, package or environment file.
      if (!('error' in answer) && /SQLite format 3|e2e-seeded-secret|"devDependencies"|\[core\]/.test(answer.body)) {
        problems.push(`GET ${target}: answers a file it must not`)
      }
    })
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'POST']) {
      check(
        `${method} /about`,
        SEEDED,
        await sendRaw(SEEDED, '/about', {
          method,
          body: 'a=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      )
    }
    const { host } = new URL(SEEDED)
    const lines = [
      `GET * HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `GET http://[ HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `GET http://elsewhere.example/ HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `GET //[ HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\n\r\n`,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-For: <script>, 999.1.1.1, ::::\r\nX-Request-Id: ../../${'x'.repeat(300)}\r\n\r\n`,
      `GET /about HTTP/1.1\r\nHost: ${'h'.repeat(300)}\r\nOrigin: null\r\n\r\n`,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n`,
      `GET /about HTTP/9.9\r\nHost: ${host}\r\n\r\n`,
      `GET /about\u0000 HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    ]
    for (const line of lines) {
      const status = await sendOnSocket(SEEDED, line)
      requests++
      const code = Number(/^HTTP\/1\.1 (\d{3})/.exec(status)?.[1])
      // Node's parser closes the connection on some of these without a word: that is fine, a 5xx or a hang is not.
      if (code >= 500 || status.startsWith('no answer'))
        problems.push(`${JSON.stringify(line.slice(0, 60))}: ${status}`)
    }
    await expectHealthy(SEEDED)
    expect(problems).toEqual([])
  })

  test('huge, endless and slow bodies: cut off with 413 (or answered) within seconds, never hanging the server', async () => {
    const json = { 'content-type': 'application/json', origin: SEEDED }
    const endpoints: [string, Record<string, string>][] = [
      ...FORM_PATHS.map((p): [string, Record<string, string>] => [p, json]),
      ['/api/newsletter/confirm', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['/api/newsletter/unsubscribe', { 'content-type': 'multipart/form-data; boundary=zz' }],
      ['/cms-api/users/login', json],
      ['/cms-api/users/forgot-password', json],
      ['/cms-api/users/reset-password', json],
      ['/cms-api/users/LOGIN', json],
      ['/cms-api/books', json],
      ['/cms-api/media', { 'content-type': 'multipart/form-data; boundary=zz' }],
      ['/schedule-and-contact', { 'content-type': 'multipart/form-data; boundary=zz', origin: SEEDED }],
      ['/api/books', json],
    ]
    const results: string[] = []
    await all(
      endpoints.flatMap(
        ([target, headers]) =>
          [
            [`${target} 5 MB`, target, { ...headers, 'content-length': String(5 * 1024 * 1024) }, 5 * 1024 * 1024],
            [`${target} endless`, target, headers, Infinity],
          ] as const,
      ),
      async ([label, target, headers, total]) => {
        const outcome = await stream(SEEDED, target, headers, { total })
        requests++
        if ('error' in outcome || outcome.status >= 500) problems.push(`${label}: ${JSON.stringify(outcome)}`)
        else results.push(`${label}: ${outcome.status}`)
      },
      4,
    )
    // The form endpoints stop reading at 64 KB: 413, whatever the body's length.
    for (const target of FORM_PATHS) expect(results).toContain(`${target} endless: 413`)
    // The admin's API reads no body of unstated length (411) nor one over its megabyte (413), by any spelling.
    for (const target of ['/cms-api/users/login', '/cms-api/users/LOGIN', '/cms-api/books']) {
      expect(results).toContain(`${target} endless: 411`)
      expect(results).toContain(`${target} 5 MB: 413`)
    }
    expect(results).toContain('/cms-api/media endless: 411')
    // A body that trickles in (a byte every 100 ms) holds one request, not the server: while the server holds
    // it, reading its body, the server answers others at once.
    let held: () => void = () => {}
    const serverHoldsIt = new Promise<void>((resolve) => (held = resolve))
    const slow = stream(SEEDED, '/api/contact', json, { chunk: 1, pauseMs: 100, timeoutMs: 2_000, held })
    await serverHoldsIt
    const during = Date.now()
    await expectHealthy(SEEDED)
    expect(Date.now() - during).toBeLessThan(2_000)
    expect(await slow).toEqual({ error: 'no answer within 2000 ms' })
    await expectHealthy(SEEDED)
    expect(problems).toEqual([])
  })

  test('stored nothing, wrote no error and kept every personal detail out of the log', async () => {
    await expectHealthy(SEEDED)
    expect(rowCounts()).toEqual(countsBefore)
    // Not a trace of what was sent in the database's files or in the mail written to disk.
    for (const file of ['site.db', 'site.db-wal']) {
      const full = path.join(SEEDED_DATA_DIR, file)
      if (!fs.existsSync(full)) continue
      const bytes = fs.readFileSync(full)
      expect(bytes.includes(PERSONAL), file).toBe(false)
      expect(bytes.includes(SCRIPT_MARK), file).toBe(false)
    }
    const outbox = path.join(SEEDED_DATA_DIR, 'outbox')
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      expect(fs.readFileSync(path.join(outbox, file), 'utf8').includes(PERSONAL), file).toBe(false)
    }
    // The server's log reaches the file through its pipes, copied as they come: once a line it writes now is
    // in the file, so are the lines it wrote while answering the tests before (its pipes are copied in order,
    // and those lines were written before their answers came back). Payload notes a query it refuses, under
    // the request's id (the seeded server takes the proxy's), so such a line is asked for.
    const mark = `log-mark-${Date.now()}`
    const refused = await fetch(`${SEEDED}/cms-api/books?where[${mark}][equals]=1`, {
      headers: { 'x-request-id': mark, 'x-forwarded-for': nextClient() },
    })
    expect(refused.status).toBe(400)
    await expect.poll(() => fs.readFileSync(SEEDED_LOG_FILE, 'utf8')).toContain(`"requestId":"${mark}"`)
    const log = fs.readFileSync(SEEDED_LOG_FILE).subarray(logOffset).toString('utf8')
    const lines = log.split('\n').filter(Boolean)
    expect(lines.filter((l) => l.includes(PERSONAL) || l.includes(CLIENT_PREFIX))).toEqual([])
    const errors = lines.filter((line) => {
      try {
        const { level } = JSON.parse(line) as { level?: unknown }
        return level === 'error' || level === 'fatal' || (typeof level === 'number' && level >= 50)
      } catch {
        return !/^\s*$|^ {2}(Site|Admin):/.test(line)
      }
    })
    expect(errors).toEqual([])
  })
})
