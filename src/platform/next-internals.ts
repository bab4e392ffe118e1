import { createRequire } from 'node:module'
import fs from 'node:fs'
import path from 'node:path'

import type { CacheHandler } from 'next/dist/server/lib/cache-handlers/types'

/**
 * Every assumption the site makes about Next's internals, each named once. What Next documents (routes,
 * `next()` as a custom server, 'use cache', cacheHandlers, revalidateTag) is used as documented; what follows
 * is not documented, and a Next upgrade may change it without a word. Each has a canary that fails loudly
 * when it no longer holds: ./next-internals.test.ts against the installed Next, and
 * tests/e2e/next-canaries.e2e.ts against the built and started site. Before upgrading Next (README,
 * "Upgrading Next and Payload"), run both.
 *
 * Nothing here imports the app, and the private modules are required only when asked for: the cache handler
 * (loaded by Next itself, also at build time), the proxy and the server all read this one file.
 */

// ── Next's client router (the admin's; public pages do not load it) ──────────────────────────────────────

/**
 * The request headers of Next's client router (Next's FLIGHT_HEADERS: `RSC`, `Next-Router-State-Tree`,
 * `Next-Router-Prefetch`, `Next-Router-Segment-Prefetch`, `Next-HMR-Refresh`). With one of them Next answers
 * a page's RSC payload instead of its HTML, at the same address.
 */
export const CLIENT_ROUTER_REQUEST_HEADER = /^(rsc|next-router-.*|next-hmr-refresh)$/i

/** The query parameter the client router adds to its requests (`?_rsc=...`): not a query the coach asked. */
export const CLIENT_ROUTER_QUERY = '_rsc'

// ── Next's response headers ──────────────────────────────────────────────────────────────────────────────

/** Next's bookkeeping headers on an answer (x-nextjs-cache, x-nextjs-prerender, x-nextjs-stale-time...). */
export const NEXT_RESPONSE_HEADER = /^x-nextjs-/i

/**
 * Next marks its stale copy of a page, sent while it renders the page again in the background, with
 * `x-nextjs-cache: STALE` (the first request after a start gets the build-time render so).
 */
export const isStaleCopy = (name: string, value: unknown): boolean =>
  /^x-nextjs-cache$/i.test(name) && value === 'STALE'

// ── Server actions (a form posted to a page) ─────────────────────────────────────────────────────────────

/** Next's limit on a server action's body (its default `serverActions.bodySizeLimit`, '1 MB'). */
export const SERVER_ACTION_MAX_BODY_BYTES = 1024 * 1024

// ── The nonce of the admin's scripts ─────────────────────────────────────────────────────────────────────

/**
 * Next reads the nonce it puts on every script it renders from the request's Content-Security-Policy header
 * (the first `'nonce-…'` of its `script-src`, base64): the server gives the admin's requests that header.
 */
export const NONCE_REQUEST_HEADER = 'content-security-policy'

// ── The build's output ───────────────────────────────────────────────────────────────────────────────────

/** Where Next serves the build's static files (and the site's own script, which the build puts among them). */
export const STATIC_PATH = '/_next/'
/**
 * The build's directory (`distDir`, NEXT_DIST_DIR or `.next`); `next dev` writes into its `dev` folder
 * instead, so a development server and a production build can sit side by side.
 */
export const distDirOf = (
  root: string,
  { dev = false, env = process.env as { NEXT_DIST_DIR?: string } } = {},
): string => path.join(/*turbopackIgnore: true*/ root, env.NEXT_DIST_DIR || '.next', dev ? DEV_DIST_SUBDIR : '')
export const DEV_DIST_SUBDIR = 'dev'

/** Where Next's standalone server hands the built configuration to every part of Next that loads one. */
export const STANDALONE_CONFIG_ENV = '__NEXT_PRIVATE_STANDALONE_CONFIG'

/**
 * Serves with the configuration the production build was made with, as Next's own standalone server does:
 * read from `required-server-files.json` (`config`), handed over through STANDALONE_CONFIG_ENV and returned
 * for `next({ conf })`. Otherwise Next loads and compiles next.config.ts again at start, which brings its SWC
 * compiler into memory (≈ 25 MB resident) for nothing. `distDir` is the copy being served (tests serve copies
 * of one build).
 */
export function applyBuiltConfig(distDir: string): Record<string, unknown> {
  const file = path.join(/*turbopackIgnore: true*/ distDir, 'required-server-files.json')
  const { config } = JSON.parse(fs.readFileSync(file, 'utf8')) as { config?: Record<string, unknown> }
  if (!config || typeof config !== 'object' || !('experimental' in config)) {
    throw new Error(`Next's build configuration was not found in ${file}: has Next changed where it keeps it?`)
  }
  const built = { ...config, distDir: path.relative(process.cwd(), distDir) || '.' }
  process.env[STANDALONE_CONFIG_ENV] = JSON.stringify(built)
  return built
}
/** The build's static files within it, served under `/_next/static/`. */
export const STATIC_DIR = 'static'
/** A stylesheet of the build, by its plain name: `/_next/static/chunks/<name>.css`. */
export const BUILD_STYLESHEET = /^\/_next\/static\/chunks\/([\w-]+\.css)$/

/**
 * Next's client runtime in a rendered page: its script files, its inline scripts (the page's data,
 * `self.__next_f.push(...)`, Turbopack's bootstrap, and in development `<script id="_R_">self.__next_r=...`),
 * and the preloads of its scripts.
 */
export const RUNTIME_SCRIPT_FILE = /<script\b[^>]*\ssrc="\/_next\/static\/[^"]*"[^>]*>\s*<\/script\s*>/gi
export const INLINE_SCRIPT = /<script(?: id="_R_")?>([\s\S]*?)<\/script\s*>/gi
export const RUNTIME_INLINE = /^\s*\(?\s*(self\.__next_[a-z]+|globalThis\["TURBOPACK"\])/
export const SCRIPT_PRELOAD = /<link\b[^>]*\brel="(?:preload|modulepreload)"[^>]*\bas="script"[^>]*\/?>/gi
export const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\/?>/gi
export const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*\/?>/gi

/**
 * React's streaming as Next's renderer writes it: a Suspense boundary not ready with the shell comes as
 * `<template id="B:n">` in its fallback, its content later as `<div hidden id="S:n">`, moved into place by
 * inline calls `$RC("B:n","S:n")` (`$RS("S:n","P:n")` for a segment), after the functions' definitions and
 * the shell's clock (`$RT`).
 */
export const REACT_STREAM_SCRIPT =
  /<script(?: id="_R_")?>((?:requestAnimationFrame\(function\(\)\{\$RT=|\$R[BCS][=(])[\s\S]*?)<\/script\s*>/g
export const REACT_STREAM_CALL = /\$R([CS])\("([BS]:\d+)","([SP]:\d+)"\)/g
export const REACT_STREAM_CLOCK = /^requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);?$/
export const REACT_STREAM_COMPLETE_FN = /^\$RB=\[\];\$RV=function[\s\S]*?\$RC=function\(a,b\)\{[\s\S]*?\};?/
export const REACT_STREAM_SEGMENT_FN = /^\$RS=function\(a,b\)\{[\s\S]*?\};?/
export const REACT_STREAM_SEGMENT = /<div hidden(?:="")? id="(S:\d+)">/g

// ── Private modules ──────────────────────────────────────────────────────────────────────────────────────

const requireNext = createRequire(import.meta.url)

/** Next's own in-memory 'use cache' handler (an LRU of `maxBytes`), which the site's handler wraps. */
export function nextDefaultCacheHandler(maxBytes: number): CacheHandler {
  const mod = requireNext('next/dist/server/lib/cache-handlers/default.js') as {
    createDefaultCacheHandler: (maxSize: number) => CacheHandler
  }
  return mod.createDefaultCacheHandler(maxBytes)
}

/** A tag's state in Next's per-process manifest: expired (and stale) from these instants. */
export type TagState = { stale?: number; expired?: number }

/**
 * The per-process manifest of expired tags that Next's 'use cache' handler and its cache of rendered pages
 * both consult (`revalidateTag` writes it). One module instance for the server and the app's bundle (Next
 * keeps `*.external.js` modules out of its bundles).
 */
export function nextTagsManifest(): Map<string, TagState> {
  const mod = requireNext('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as {
    tagsManifest: Map<string, TagState>
  }
  return mod.tagsManifest
}
