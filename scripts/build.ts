/**
 * Production build: regenerate Payload's import map (a stale one breaks the admin), then `next build`, then
 * the public pages' own script (src/browser/enhance.ts, see src/platform/server/lean-page.ts) with esbuild.
 * Needs no database. Writes a stamp so `npm start` knows which sources and SITE_URL the build reflects.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import * as esbuild from 'esbuild'

import { SITE_ASSETS_MANIFEST } from '../src/platform/server/lean-page'
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

// One small script for every public page, named by its content so it can be cached for good.
const bundle = await esbuild.build({
  entryPoints: ['src/browser/enhance.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  platform: 'browser',
  tsconfig: 'tsconfig.json',
  write: false,
  legalComments: 'none',
})
const code = bundle.outputFiles[0]!.contents
const name = `enhance-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`
fs.mkdirSync(path.join(distDir, 'static', 'site'), { recursive: true })
fs.writeFileSync(path.join(distDir, 'static', 'site', name), code)
fs.writeFileSync(path.join(distDir, SITE_ASSETS_MANIFEST), JSON.stringify({ script: `/_next/static/site/${name}` }))
console.log(`Public pages' script: ${name}, ${code.length} bytes`)
fs.writeFileSync(path.join(distDir, STAMP_FILE), JSON.stringify(buildStamp()))
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
