import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from './fixtures'

import { copyBuild, serverErrorLines, type RunningSite } from '../../scripts/lib/server'
import { e2ePort } from '../support/ports'
import { startTestServer } from '../support/test-server'

const SEEDED_TITLE = 'The Five-Minute Morning Reset'
const SEEDED_AUTHOR = 'Maya R., product designer'
const EDITED_TITLE = 'Edited after the backup was taken'

/**
 * One build, restarted on other databases: what a page shows always comes from the database the server runs
 * on now, never from pages rendered on an earlier run.
 */
test.describe('one build restarted on another database', () => {
  // Made before the tests, not as the file loads (the runner loads it to list the tests, too).
  let distDir = ''
  let dataDir = ''
  test.beforeAll(() => {
    distDir = copyBuild('e2e-restart')
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coach-restart-'))
  })
  let site: RunningSite | undefined
  const start = async (run: string, env: Record<string, string> = {}) => {
    site = await startTestServer(`e2e-restart-${run}`, e2ePort(7), env, { distDir, dataDir })
    return site.url
  }
  /** Stops the server; what it logged holds no error but those of a database that is down on purpose. */
  const stop = async (expectedErrors?: RegExp) => {
    await site?.stop()
    if (site) expect(serverErrorLines(site.logFile, expectedErrors)).toEqual([])
    site = undefined
  }
  /**
   * `npm run backup` or `npm run restore` on this data folder, as a person runs it. Not spawnSync: requests
   * sent meanwhile must go out while it runs (a blocked test process sends nothing, then finds its idle
   * connections closed by the server's keep-alive timeout).
   */
  const runScript = (name: 'backup' | 'restore', folder: string) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, folder], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.on('error', reject)
      child.on('close', (status) => resolve({ status, stdout, stderr }))
    })
  /** Which of these texts the page at `url` shows (a short failure message, not the whole page). */
  const shows = async (url: string, ...texts: string[]) => {
    const html = await (await fetch(url)).text()
    return texts.filter((t) => html.includes(t))
  }

  // A test that failed half-way leaves its server running: stopped here, so the next test gets the port.
  test.afterEach(async () => {
    await site?.stop()
    site = undefined
  })
  test.afterAll(() => {
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true })
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('backs up while serving; shows a database restored from a backup as it is, an empty one as empty, and an unreachable one as failed', async () => {
    test.setTimeout(240_000)
    // 1. The seeded database, every page rendered once.
    let url = await start('seeded')
    expect(await shows(`${url}/blog`, SEEDED_TITLE)).toEqual([SEEDED_TITLE])
    // A load balancer's probes: the process is up, the database answers with every migration applied.
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    const ready = await fetch(`${url}/readyz`)
    expect([ready.status, await ready.json(), ready.headers.get('cache-control')]).toEqual([
      200,
      { ready: true, database: 'reachable', pendingMigrations: 0 },
      'no-store',
    ])
    expect(await shows(`${url}/`, SEEDED_AUTHOR)).toEqual([SEEDED_AUTHOR])
    // `npm run backup` while the site serves (and answers a burst of requests meanwhile).
    const backup = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coach-backup-')), 'today')
    const pages = Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/blog`).then((r) => r.status)))
    const written = await runScript('backup', backup)
    expect([written.status, written.stderr]).toEqual([0, ''])
    // (No secret file here: the test servers get PAYLOAD_SECRET from the environment.)
    expect(written.stdout).toMatch(
      /^Backup written to .*: the database, [1-9]\d* image files\. Readable by you only\.$/m,
    )
    expect(new Set(await pages)).toEqual(new Set([200]))
    expect(fs.statSync(backup).mode & 0o777).toBe(0o700)
    const image = fs.readdirSync(path.join(dataDir, 'media'))[0]!
    await stop()

    // 2. The coach changes a post; the page shows it.
    url = await start('edited')
    const api = `${url}/cms-api`
    const credentials = { email: 'restart@example.com', password: 'a-long-coach-password' }
    const json = { 'content-type': 'application/json' }
    await fetch(`${api}/users/first-register`, { method: 'POST', headers: json, body: JSON.stringify(credentials) })
    const { token } = (await (
      await fetch(`${api}/users/login`, { method: 'POST', headers: json, body: JSON.stringify(credentials) })
    ).json()) as { token: string }
    const auth = { ...json, Authorization: `JWT ${token}` }
    const posts = (await (
      await fetch(`${api}/blog-posts?where[title][equals]=${encodeURIComponent(SEEDED_TITLE)}`, { headers: auth })
    ).json()) as { docs: { id: number }[] }
    const patch = await fetch(`${api}/blog-posts/${posts.docs[0]!.id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ title: EDITED_TITLE }),
    })
    expect(patch.status).toBe(200)
    expect(await shows(`${url}/blog`, EDITED_TITLE)).toEqual([EDITED_TITLE])
    await stop()

    // 3. `npm run restore` while the site is stopped: the pages show the backup, its images are served, and
    // what it replaced is kept aside.
    fs.rmSync(path.join(dataDir, 'media', image))
    const restored = await runScript('restore', backup)
    expect([restored.status, restored.stderr]).toEqual([0, ''])
    const keptIn = /What it replaced is kept in (.+)\./.exec(restored.stdout)?.[1]
    expect(fs.readdirSync(keptIn!)).toEqual(expect.arrayContaining(['site.db', 'media']))
    fs.rmSync(path.dirname(backup), { recursive: true, force: true })
    url = await start('restored')
    expect(await shows(`${url}/blog`, SEEDED_TITLE, EDITED_TITLE)).toEqual([SEEDED_TITLE])
    expect((await fetch(`${url}/cms-api/media/file/${image}`)).status).toBe(200)
    // A folder that is not a backup is refused, and nothing is touched.
    const refused = await runScript('restore', dataDir)
    expect([refused.status, refused.stderr.trim()]).toEqual([
      1,
      `Nothing was restored: ${dataDir} is not a backup (it has no manifest.json).`,
    ])
    await stop()

    // 4. A fresh, empty database: every list is empty, nothing of the seeded one shows.
    url = await start('empty', { DATABASE_URL: `file:${path.join(dataDir, 'other.db')}`, SEED_ON_START: 'false' })
    const empty = 'No blog posts available at the moment.'
    expect(await shows(`${url}/blog`, empty, SEEDED_TITLE, EDITED_TITLE)).toEqual([empty])
    expect(await shows(`${url}/`, SEEDED_AUTHOR)).toEqual([])
    await stop()

    // 5. A database that cannot be reached: the failure texts, nothing of any earlier database.
    url = await start('down', { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/unreachable' })
    const failedPosts = 'Failed to load blog posts. Please try again later.'
    expect(await shows(`${url}/blog`, failedPosts, SEEDED_TITLE, EDITED_TITLE)).toEqual([failedPosts])
    const failedTestimonials = 'Failed to load testimonials. Please try again later.'
    expect(await shows(`${url}/`, failedTestimonials, SEEDED_AUTHOR)).toEqual([failedTestimonials])
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    const notReady = await fetch(`${url}/readyz`)
    expect([notReady.status, await notReady.json()]).toEqual([
      503,
      { ready: false, database: 'unreachable', pendingMigrations: null },
    ])
    await stop(/cannot connect to Postgres|connect ECONNREFUSED/)
  })

  test('on SIGTERM stops taking connections, answers the request in flight, and exits cleanly', async () => {
    const url = await start('graceful', { SEED_ON_START: 'false' })
    // A contact post whose body arrives slowly: the server is still reading it when it is told to stop. It
    // asks before sending its body (Expect: 100-continue), so the server's "go on" tells that it holds it.
    const json = JSON.stringify({ name: 'Late Visitor', email: 'late@example.com', message: 'Still there?' })
    let held: () => void = () => {}
    let rest: () => void = () => {}
    const serverHoldsIt = new Promise<void>((resolve) => (held = resolve))
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(url)
      const req = http.request(
        {
          hostname,
          port,
          path: '/api/contact',
          method: 'POST',
          headers: { 'content-type': 'application/json', expect: '100-continue' },
        },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      req.on('continue', held)
      req.write(json.slice(0, 20))
      rest = () => req.end(json.slice(20))
    })
    await serverHoldsIt
    const running = site!
    const stopped = running.stop()
    // The server says it is stopping just before it closes its port.
    await expect
      .poll(() => fs.readFileSync(running.logFile, 'utf8'))
      .toContain('SIGTERM: finishing requests in flight and mail being sent, then stopping.')
    // No new connection is taken any more...
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
    // ...but the request in flight is answered in full.
    rest()
    const res = await answer
    expect([res.status, (JSON.parse(res.body) as { status: string }).status]).toEqual([200, 'ok'])
    expect(await stopped).toBe(0)
    site = undefined
    expect(serverErrorLines(running.logFile)).toEqual([])
  })
})
