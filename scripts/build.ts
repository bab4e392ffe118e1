/**
 * Production build: regenerate Payload's import map (a stale one breaks the admin), then `next build`, then
 * the public pages' own script (src/browser/enhance.ts, see src/platform/server/lean-page.ts) and the server
 * program (scripts/site-server.ts, see scripts/lib/server-program.ts) with esbuild.
 * Needs no database. Writes a stamp so `npm start` knows which sources and SITE_URL the build reflects.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { distDirOf } from '../src/platform/next-internals'
import { buildStamp, STAMP_FILE } from './lib/build-stamp'
import { buildServerProgram, SERVER_PROGRAM } from './lib/server-program'
import { buildSiteScript } from './lib/site-script'

const run = (args: string[]) => {
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const started = Date.now()
run(['--import', 'tsx', 'scripts/generate.ts', 'importmap'])
run([path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'])
const distDir = distDirOf('.')

// One small script for every public page, named by its content so it can be cached for good.
const { name, bytes } = await buildSiteScript(distDir)
console.log(`Public pages' script: ${name}, ${bytes} bytes`)
// The server itself, as plain JavaScript (scripts/site-server.ts).
console.log(`Server: ${SERVER_PROGRAM}, ${await buildServerProgram(distDir)} bytes`)
fs.writeFileSync(path.join(distDir, STAMP_FILE), JSON.stringify(buildStamp()))
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
