/**
 * `npm start`: build if needed, migrate (and seed a fresh database), serve on PORT, and say how to log in.
 * A database that cannot be reached does not stop the site: every page still answers with each list's
 * failure text, and the server keeps trying the database (and migrates it once it is back).
 */
import { spawnSync } from 'node:child_process'

import { installJsonConsole } from '../src/platform/log'
import { distDirOf } from '../src/platform/next-internals'
import { rebuildReason } from './lib/build-stamp'
import { announce, prepareDatabase } from './lib/launch'
import { waitForServer, warmUp } from './lib/server'

Object.assign(process.env, { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' })
// The log is JSON lines (src/platform/log.ts); only the address and login hint below are for people.
installJsonConsole()
const port = Number(process.env.PORT ?? 3000)
const distDir = distDirOf('.')

const reason = rebuildReason(distDir)
if (reason) {
  console.log(`Building the site (${reason})...`)
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const outcome = prepareDatabase()

// The site's own HTTP server around Next's handler, in this process (src/platform/server/serve.ts).
const { serve } = await import('../src/platform/server/serve')
await serve({ port, dir: process.cwd() })

const base = `http://localhost:${port}`
await waitForServer(base)
await warmUp(base, outcome.ok)
announce(port, outcome)
