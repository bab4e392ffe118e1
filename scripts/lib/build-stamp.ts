import fs from 'node:fs'
import path from 'node:path'

export const STAMP_FILE = 'coach-build-stamp.json'
// The server program is compiled from scripts/site-server.ts and scripts/lib (scripts/lib/server-program.ts).
const SOURCES = [
  'src',
  'public',
  'scripts/site-server.ts',
  'scripts/lib',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
]

function newestMtime(p: string): number {
  let stat: fs.Stats
  try {
    stat = fs.statSync(p)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

export type BuildStamp = { siteUrl: string; sourcesMtime: number }

/** What a build depends on besides the code: SITE_URL is baked into canonical links at build time. */
export const buildStamp = (): BuildStamp => ({
  siteUrl: process.env.SITE_URL ?? '',
  sourcesMtime: Math.max(...SOURCES.map(newestMtime)),
})

/** Why a (re)build is needed, or null when the existing build is current. */
export function rebuildReason(distDir: string): string | null {
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID'))) return 'no build yet'
  let stamp: BuildStamp
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as BuildStamp
  } catch {
    return 'the build has no stamp'
  }
  const now = buildStamp()
  if (stamp.siteUrl !== now.siteUrl) return 'SITE_URL changed'
  if (now.sourcesMtime > stamp.sourcesMtime) return 'sources changed'
  return null
}
