/**
 * The production server as a program of its own: scripts/site-server.ts and the site's code it imports,
 * compiled by esbuild into the build folder, run by plain Node. Packages stay in node_modules (imported, not
 * bundled), so the server shares one copy of Payload, Next and the rest with the pages Next serves.
 */
import fs from 'node:fs'
import path from 'node:path'

import * as esbuild from 'esbuild'

import { PREPARE_PROGRAM } from './launch'

/** The compiled server inside a build folder. */
export const SERVER_PROGRAM = 'site-server.mjs'

/**
 * Node's flags for the serving process (`npm start` names the same; a unit test holds them equal), so that
 * the site fits a 1 GB server (decision record 043):
 * - a young generation of 1 MB per semi-space instead of 16: a request's short-lived objects are collected
 *   often and cheaply, and V8 keeps far less memory committed for them;
 * - the old generation grows 20 % past what is live before it is collected again, instead of up to several
 *   times: under load the heap stays near its live size instead of swelling by hundreds of megabytes;
 * - a ceiling of 384 MB for the old generation, as a guard only: what is live after start is about 100 MB,
 *   about 140 MB with the admin in use.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--heap-growing-percent=20', '--max-old-space-size=384']

export const serverProgramPath = (distDir: string): string => path.join(distDir, SERVER_PROGRAM)

/** Compiles the server and its database preparation into `distDir`; gives the server's size in bytes. */
export async function buildServerProgram(distDir: string): Promise<number> {
  const outfile = serverProgramPath(distDir)
  await Promise.all([
    compile('scripts/site-server.ts', outfile),
    compile('scripts/prepare-database.ts', path.join(distDir, PREPARE_PROGRAM)),
  ])
  return fs.statSync(outfile).size
}

/**
 * Next's entry points such as `next/cache` are files without a package exports map, which plain Node's ESM
 * loader finds only with their extension (the preparation's Payload config imports them).
 */
const nextEntryPoints: esbuild.Plugin = {
  name: 'next-entry-points',
  setup(build) {
    build.onResolve({ filter: /^next\/[\w-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }))
  },
}

async function compile(entryPoint: string, outfile: string): Promise<void> {
  await esbuild.build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    tsconfig: 'tsconfig.json',
    // Stack traces in the log stay readable without source maps (which would cost memory at run time).
    keepNames: true,
    logLevel: 'warning',
    plugins: [nextEntryPoints],
  })
}
