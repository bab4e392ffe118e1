/**
 * The public pages' own script (src/browser/enhance.ts, see src/platform/server/lean-page.ts), bundled with
 * esbuild into the build's static files under a name made from its content, so it can be cached for good,
 * and named in the build's site-assets manifest. `npm run build` writes it once; `npm run dev` rebuilds it on
 * every change of its sources (the server reads the manifest again on each page in development).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import * as esbuild from 'esbuild'

import { STATIC_DIR, STATIC_PATH } from '../../src/platform/next-internals'
import { SITE_ASSETS_MANIFEST } from '../../src/platform/server/lean-page'

const OPTIONS = {
  entryPoints: ['src/browser/enhance.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  platform: 'browser',
  tsconfig: 'tsconfig.json',
  write: false,
  legalComments: 'none',
} satisfies esbuild.BuildOptions

/** Writes the script and the manifest naming it; returns the file's name. */
function writeScript(distDir: string, code: Uint8Array): string {
  const name = `enhance-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`
  fs.mkdirSync(path.join(distDir, STATIC_DIR, 'site'), { recursive: true })
  fs.writeFileSync(path.join(distDir, STATIC_DIR, 'site', name), code)
  fs.writeFileSync(
    path.join(distDir, SITE_ASSETS_MANIFEST),
    JSON.stringify({ script: `${STATIC_PATH}${STATIC_DIR}/site/${name}` }),
  )
  return name
}

/** Builds the script once into `distDir`. */
export async function buildSiteScript(distDir: string): Promise<{ name: string; bytes: number }> {
  const result = await esbuild.build(OPTIONS)
  const code = result.outputFiles[0]!.contents
  return { name: writeScript(distDir, code), bytes: code.length }
}

/** Builds the script into `distDir` now and again on every change of its sources; returns how to stop. */
export async function watchSiteScript(distDir: string): Promise<() => Promise<void>> {
  const context = await esbuild.context({
    ...OPTIONS,
    plugins: [
      {
        name: 'site-script',
        setup(build) {
          build.onEnd((result) => {
            // esbuild prints the errors itself; the last good script stays in place meanwhile.
            const code = result.outputFiles?.[0]?.contents
            if (result.errors.length === 0 && code) writeScript(distDir, code)
          })
        },
      },
    ],
  })
  await context.watch()
  return () => context.dispose()
}
