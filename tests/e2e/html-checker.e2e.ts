import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, describe, expect, it } from 'vitest'

import { SEEDED } from './browser'

/** The W3C Nu Html Checker, from the `vnu-jar` package, run on the machine's Java (11 or later). */
const VNU_JAR = path.join('node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar')

/** The shape of a real newsletter token (24 random bytes, base64url) that belongs to nobody. */
const UNKNOWN_TOKEN = 'A'.repeat(32)

/** Every page a visitor can be shown, with the status it answers. */
const PAGES: [string, number][] = [
  ['/', 200],
  ['/about', 200],
  ['/coaching', 200],
  ['/books', 200],
  ['/blog', 200],
  ['/workshops', 200],
  ['/schedule-and-contact', 200],
  ['/scheduling', 200],
  // The pages the newsletter mails' links open (route handlers), with a token and with a malformed one.
  [`/newsletter/confirm/${UNKNOWN_TOKEN}`, 200],
  [`/newsletter/unsubscribe/${UNKNOWN_TOKEN}`, 200],
  ['/newsletter/confirm/not-a-token', 404],
  ['/newsletter/unsubscribe/not-a-token', 404],
  // Where their buttons lead.
  ['/newsletter/confirmed', 200],
  ['/newsletter/unsubscribed', 200],
  ['/newsletter/link-invalid', 200],
  ['/newsletter/try-again', 200],
  ['/no-such-page', 404],
]

type VnuMessage = {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-html-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/**
 * Checks the files in one run of the checker (a Java start costs about a second) and returns its messages
 * that are errors or warnings, each with the page it is about. Plain "info" messages (e.g. "Trailing slash on
 * void elements has no effect", which is how React writes <meta/>) are notes, not faults. No warning is
 * tolerated: the pages have none.
 */
function checkHtml(files: Map<string, string>): string[] {
  const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files.keys()], {
    encoding: 'utf8',
  })
  if (run.error || run.status !== 0) throw new Error(`The HTML checker did not run: ${run.error ?? run.stderr}`)
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] }
  return messages
    .filter((m) => m.type !== 'info' || m.subType === 'warning')
    .map((m) => {
      const page = (m.url && files.get(fileURLToPath(m.url))) ?? m.url ?? '(no page)'
      const kind = m.subType === 'warning' ? 'warning' : m.type
      return `${page}:${m.lastLine}:${m.firstColumn} ${kind}: ${m.message} in ${JSON.stringify(m.extract ?? '')}`
    })
}

describe('the HTML of every page', () => {
  it('has no error and no warning from the W3C Nu Html Checker', async () => {
    const files = new Map<string, string>()
    // A booked call's private page (and the booking page answering a refusal, and a forged manage link).
    const slots = [...(await (await fetch(`${SEEDED}/scheduling`)).text()).matchAll(/name="slot" value="([^"]+)"/g)]
    const booked = await fetch(`${SEEDED}/api/discovery-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
      body: JSON.stringify({
        slot: slots.at(-1)![1],
        name: 'Checker',
        email: 'html.checker@example.com',
        timeZone: 'Europe/Paris',
      }),
    })
    const { redirectTo } = (await booked.json()) as { redirectTo: string }
    const pages: [string, number][] = [
      ...PAGES,
      [redirectTo, 200],
      ['/scheduling?problem=taken', 200],
      ['/scheduling/manage/1-1795447369633.forged-token-forged-token-forged-token-forg', 404],
    ]
    for (const [index, [page, status]] of pages.entries()) {
      const res = await fetch(`${SEEDED}${page}`)
      expect(res.status, page).toBe(status)
      const file = path.join(dir, `${index}.html`)
      fs.writeFileSync(file, await res.text())
      files.set(file, page)
    }
    expect(checkHtml(files)).toEqual([])
  })
})
