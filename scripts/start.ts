/**
 * `npm start`: build if needed, migrate (and seed a fresh database), serve on PORT, and say how to log in.
 * A database that cannot be reached does not stop the site: every page still answers with each list's
 * failure text, and the server keeps trying the database (and migrates it once it is back).
 */
import { spawnSync } from 'node:child_process'

import { installJsonConsole } from '../src/platform/log'
import { rebuildReason } from './lib/build-stamp'
import { waitForServer, warmUp } from './lib/server'

Object.assign(process.env, { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' })
// The log is JSON lines (src/platform/log.ts); only the address and login hint below are for people.
installJsonConsole()
const port = Number(process.env.PORT ?? 3000)
const distDir = process.env.NEXT_DIST_DIR || '.next'

const reason = rebuildReason(distDir)
if (reason) {
  console.log(`Building the site (${reason})...`)
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const prepare = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-database.ts'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
const outcomeLine = prepare.stdout.split('\n').findLast((l) => l.startsWith('{"ok"'))
const outcome = outcomeLine
  ? (JSON.parse(outcomeLine) as { ok: boolean; seeded?: boolean; users?: number; error?: string })
  : { ok: false, error: prepare.stdout.slice(-2000) }
if (!outcome.ok) {
  console.warn(
    `\n! The database could not be prepared: ${outcome.error}\n` +
      "  The site starts anyway: pages show each list's failure text until the database is reachable.\n",
  )
} else if (outcome.seeded) {
  console.log('Seeded the database with sample content.')
}

// The site's own HTTP server around Next's handler, in this process (src/platform/server/serve.ts).
const { serve } = await import('../src/platform/server/serve')
await serve({ port, dir: process.cwd() })

const base = `http://localhost:${port}`
await waitForServer(base)
await warmUp(base, outcome.ok)
const hint =
  outcome.ok && outcome.users === 0
    ? 'First run: open the admin address and create the first account; it becomes the admin.'
    : 'Log in with your admin account.'
process.stdout.write(`\n  Site:  ${base}\n  Admin: ${base}/admin\n  ${hint}\n\n`)
