/**
 * `npm run dev` is the site's own server on Next's development server: a developer sees what a visitor gets
 * (lean public pages with the site's script, the policy), not plain `next dev`.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from './fixtures'

import { distDirOf } from '@/platform/next-internals'
import { serverErrorLines } from '../../scripts/lib/server'
import { e2ePort } from '../support/ports'

const PORT = e2ePort(20)
const BASE = `http://localhost:${PORT}`
// Next's development server writes into `.next/dev`, beside the production build (which copies of the build
// leave out: scripts/lib/server.ts). Another build folder would make Next add it to tsconfig.json.
const DEV_DIR = distDirOf('.', { dev: true, env: {} })
let dataDir = ''
const logFile = path.join(os.tmpdir(), `coach-e2e-dev-${PORT}.log`)
let child: ReturnType<typeof spawn> | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-e2e-dev-'))
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NEXT_DIST_DIR: '',
      PAYLOAD_SECRET: 'e2e-dev-secret',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = fs.createWriteStream(logFile)
  child.stderr?.pipe(log)
  await new Promise<void>((resolve, reject) => {
    let out = ''
    child!.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk)
      out += chunk.toString()
      if (out.includes('Admin: ')) resolve()
    })
    child!.on('exit', (code) => reject(new Error(`npm run dev exited with ${code}:\n${out.slice(-3000)}`)))
  })
})

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.on('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(DEV_DIR, { recursive: true, force: true })
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

test.describe('npm run dev', () => {
  test("serves the public pages as production does: no Next runtime, the site's own script, the public policy", async () => {
    test.setTimeout(180_000)
    // The first request compiles the page.
    const res = await fetch(`${BASE}/`, { signal: AbortSignal.timeout(150_000) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';")
    const html = await res.text()
    expect(html).toContain('<h1')
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!.trim())
    const script = /^src="(\/_next\/static\/site\/enhance-[0-9a-f]{16}\.js)" defer$/
    // Only the site's own script, and data (JSON-LD): no inline script, none of Next's files.
    expect(scripts.filter((attrs) => attrs !== 'type="application/ld+json"')).toEqual([expect.stringMatching(script)])
    const src = script.exec(scripts.find((attrs) => script.test(attrs))!)![1]!
    const served = await fetch(`${BASE}${src}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/javascript/)
    expect(serverErrorLines(logFile)).toEqual([])
  })
})
