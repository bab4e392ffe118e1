import fs from 'node:fs'
import path from 'node:path'

import {
  BUILD_STYLESHEET,
  INLINE_SCRIPT,
  MODULE_PRELOAD,
  REACT_STREAM_CALL,
  REACT_STREAM_CLOCK,
  REACT_STREAM_COMPLETE_FN,
  REACT_STREAM_SCRIPT,
  REACT_STREAM_SEGMENT,
  REACT_STREAM_SEGMENT_FN,
  RUNTIME_INLINE,
  RUNTIME_SCRIPT_FILE,
  SCRIPT_PRELOAD,
  STATIC_DIR,
  STATIC_PATH,
  STYLESHEET_LINK,
} from '../next-internals'

/**
 * Public pages without the framework's client runtime.
 *
 * Every interactive part of a public page is small: the menu button, the video button, the forms (which
 * already work without JavaScript: they post to their server actions and the page comes back with the
 * result), the booking page's time zone. For those, Next's client runtime (React, its router, the page's
 * data as inline scripts: about 125 kB of compressed script and half the HTML) costs a phone seconds of
 * loading and hundreds of milliseconds of blocked main thread (the Lighthouse budgets: ≤ 120 kB of script,
 * TBT ≤ 100 ms). So the site's server sends public pages as Next rendered them, minus that runtime, plus:
 * - the site's own stylesheet inline (no request before the first paint), and
 * - one small deferred script, src/browser/enhance.ts, that adds the same behaviour to the rendered HTML
 *   (built by scripts/build.ts with esbuild into <distDir>/static/site/).
 * The admin keeps Next's runtime. The coach's previews of drafts (/preview/...) are lean too: they show the
 * page exactly as visitors will get it. A lean page holds no inline script that runs (its policy allows none:
 * src/platform/server/security-headers.ts); what React streams into a page is put in place here (see
 * `completeBoundaries`).
 */

/** The enhancement script's address, from the manifest the build writes (null when absent: tests of HTML). */
export type LeanAssets = { script: string | null; readStylesheet: (href: string) => string | null }

export const SITE_ASSETS_MANIFEST = 'site-assets.json'

/**
 * What the site's own server needs to make lean pages out of the build in `distDir`. `live` (development):
 * the manifest and the stylesheets are read again for every page, as they change while the server runs.
 */
export function leanAssets(distDir: string, { live = false } = {}): LeanAssets {
  const staticDir = path.join(distDir, STATIC_DIR)
  const readScript = (): string | null => {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(distDir, SITE_ASSETS_MANIFEST), 'utf8')) as {
        script?: string
      }
      return manifest.script ?? null
    } catch {
      return null
    }
  }
  const script = live ? null : readScript()
  const styles = new Map<string, string | null>()
  const readStylesheet = (href: string): string | null => {
    // Only the build's own stylesheets, by their plain names: never a path from anywhere else.
    const name = BUILD_STYLESHEET.exec(href)?.[1]
    const css = name ? readOrNull(path.join(staticDir, 'chunks', name)) : null
    return css === null ? null : absoluteUrls(css, href)
  }
  return {
    get script() {
      return live ? readScript() : script
    },
    readStylesheet: (href) => {
      if (live) return readStylesheet(href)
      if (!styles.has(href)) styles.set(href, readStylesheet(href))
      return styles.get(href) ?? null
    },
  }
}

/** A stylesheet's relative url()s (fonts: `../media/x.woff2`) made absolute, as it moves into the page. */
export const absoluteUrls = (css: string, href: string): string =>
  css.replace(/url\((['"]?)(?![a-z][a-z0-9+.-]*:|\/|#)([^'")]+)\1\)/gi, (_, quote: string, url: string) => {
    return `url(${quote}${new URL(url, new URL(href, 'http://site')).pathname}${quote})`
  })

const readOrNull = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** Paths whose answers are left as they are: the admin's pages (they need Next's runtime), static files. */
export const keepsRuntime = (pathname: string): boolean =>
  /^\/admin(\/|$)/.test(pathname) || pathname.startsWith(STATIC_PATH)

/**
 * The page without Next's runtime, with what React streamed into it in place, the site's stylesheets inline
 * and the enhancement script. Anything else is left as it was: JSON-LD, every element.
 */
export function leanPage(html: string, assets: LeanAssets): string {
  let out = completeBoundaries(html)
    .replace(RUNTIME_SCRIPT_FILE, '')
    .replace(INLINE_SCRIPT, (whole, body: string) => (RUNTIME_INLINE.test(body) ? '' : whole))
    .replace(SCRIPT_PRELOAD, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET_LINK, (whole, href: string) => {
      const css = assets.readStylesheet(href)
      // A stylesheet cannot close the style element it is put in; if one could, it stays a link.
      return css === null || /<\/style/i.test(css) ? whole : `<style>${css}</style>`
    })
  if (assets.script) out = out.replace('</head>', `<script src="${assets.script}" defer></script></head>`)
  return out
}

/**
 * React's streaming done on the server. A Suspense boundary that was not ready when the shell was written (on
 * the workshops page, the questions) comes as its fallback with `<template id="B:n">`, and further down as
 * `<div hidden id="S:n">` with an inline script that moves it into place in the browser (`$RC`; `$RS` for a
 * segment in place of `<template id="P:n">`). A lean page runs no inline script, and the whole document is here:
 * so the content is moved into place now, as React's own script does, and the scripts go. The page shows it
 * without any script, and it stays one static document. A page with anything else from React (a boundary that
 * failed, `$RX`; styles, `$RR`) is left whole, and its scripts are refused by the policy.
 */
export function completeBoundaries(html: string): string {
  const scripts = [...html.matchAll(REACT_STREAM_SCRIPT)]
  if (scripts.length === 0) return html
  const calls: [kind: string, target: string, segment: string][] = []
  for (const [, body = ''] of scripts) {
    // Each script holds React's functions (defined once) and calls: only the calls this does are allowed.
    const rest = body
      .replace(REACT_STREAM_CLOCK, '')
      .replace(REACT_STREAM_CALL, (_, kind: string, a: string, b: string) => {
        calls.push(kind === 'C' ? ['C', a, b] : ['S', b, a])
        return ''
      })
      .replace(REACT_STREAM_COMPLETE_FN, '')
      .replace(REACT_STREAM_SEGMENT_FN, '')
    if (rest.trim() !== '') return html
  }
  let out = html
  for (const [whole] of scripts) out = out.replace(whole, '')
  for (const [kind, target, segmentId] of calls) {
    const segment = takeSegment(out, segmentId)
    if (!segment) return html
    out = segment.rest
    if (kind === 'S') {
      const placeholder = `<template id="${target}"></template>`
      if (!out.includes(placeholder)) return html
      out = out.replace(placeholder, () => segment.content)
      continue
    }
    const template = out.indexOf(`<!--$?--><template id="${target}"></template>`)
    const end = template < 0 ? -1 : boundaryEnd(out, template + '<!--$?-->'.length)
    if (end < 0) return html
    out = `${out.slice(0, template)}<!--$-->${segment.content}${out.slice(end)}`
  }
  return out
}

/** The content of `<div hidden id="S:n">` (nested divs counted), and the document without that div. */
function takeSegment(html: string, id: string): { content: string; rest: string } | null {
  const open = [...html.matchAll(REACT_STREAM_SEGMENT)].find((m) => m[1] === id)
  if (!open) return null
  const start = open.index + open[0].length
  const tags = /<div\b|<\/div\s*>/g
  tags.lastIndex = start
  let depth = 0
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[0].startsWith('</')) {
      if (depth === 0)
        return { content: html.slice(start, m.index), rest: html.slice(0, open.index) + html.slice(tags.lastIndex) }
      depth--
    } else depth++
  }
  return null
}

/** Where a boundary's fallback ends: its closing `<!--/$-->` (boundaries nested in the fallback counted). */
function boundaryEnd(html: string, from: number): number {
  const marks = /<!--(\/?)(?:\$[?!~]?|&)-->/g
  marks.lastIndex = from
  let depth = 0
  for (let m = marks.exec(html); m; m = marks.exec(html)) {
    if (!m[1]) depth++
    else if (depth === 0) return m.index
    else depth--
  }
  return -1
}
