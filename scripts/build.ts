/**
 * Production build: regenerate Payload's import map (a stale one breaks the admin), then `next build`.
 * Needs no database. Writes a stamp so `npm start` knows which sources and SITE_URL the build reflects.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { buildStamp, STAMP_FILE } from './lib/build-stamp'

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
const distDir = process.env.NEXT_DIST_DIR || '.next'
fs.writeFileSync(path.join(distDir, STAMP_FILE), JSON.stringify(buildStamp()))
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
