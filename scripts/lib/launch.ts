/** What `npm start` and `npm run dev` both do around the server: prepare the database, say where to go. */
import { spawnSync } from 'node:child_process'

/**
 * The compiled database preparation (scripts/prepare-database.ts) in the build folder, beside the server
 * program: plain Node, as the server. Through tsx it cost about 7.5 s of CPU a start, compiled about 6
 * (measured 2026-11-26; the browser tests start some forty servers a run).
 */
export const PREPARE_PROGRAM = 'prepare-database.mjs'

export type Prepared = { ok: boolean; seeded?: boolean; users?: number; error?: string }

/**
 * Migrates the database and seeds a fresh one (scripts/prepare-database.ts, in a process of its own): the
 * compiled `program` when given (`npm start`: plain Node, scripts/lib/server-program.ts), else the source
 * through tsx (`npm run dev`). A database that cannot be reached is reported, not fatal: the site starts and
 * shows each list's failure text.
 */
export function prepareDatabase(program?: string): Prepared {
  const args = program ? [program] : ['--import', 'tsx', 'scripts/prepare-database.ts']
  const prepare = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const outcomeLine = prepare.stdout.split('\n').findLast((l) => l.startsWith('{"ok"'))
  const outcome: Prepared = outcomeLine
    ? (JSON.parse(outcomeLine) as Prepared)
    : { ok: false, error: prepare.stdout.slice(-2000) }
  if (!outcome.ok) {
    console.warn(
      `\n! The database could not be prepared: ${outcome.error}\n` +
        "  The site starts anyway: pages show each list's failure text until the database is reachable.\n",
    )
  } else if (outcome.seeded) {
    console.log('Seeded the database with sample content.')
  }
  return outcome
}

/** The addresses and how to log in, for people (the rest of the log is JSON lines). */
export function announce(port: number, outcome: Prepared): void {
  const base = `http://localhost:${port}`
  const hint =
    outcome.ok && outcome.users === 0
      ? 'First run: open the admin address and create the first account; it becomes the admin.'
      : 'Log in with your admin account.'
  process.stdout.write(`\n  Site:  ${base}\n  Admin: ${base}/admin\n  ${hint}\n\n`)
}
