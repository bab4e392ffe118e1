/** What `npm start` and `npm run dev` both do around the server: say what came of preparing the database, and where to go. */
import { spawnSync } from 'node:child_process'

import type { Prepared } from '../../src/platform/server/prepared'

/**
 * The database preparation (scripts/prepare-database.ts) compiled into the build folder, beside the server
 * program: plain Node, as the server. The tests make their seeded and migrated databases with it; a
 * production server prepares its database in its own process as it starts (src/instrumentation-node.ts).
 */
export const PREPARE_PROGRAM = 'prepare-database.mjs'

/**
 * Migrates the database and seeds a fresh one before `npm run dev` starts its server
 * (scripts/prepare-database.ts through tsx, in a process of its own), and says what came of it.
 */
export function prepareDatabase(): Prepared {
  const prepare = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-database.ts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const outcomeLine = prepare.stdout.split('\n').findLast((l) => l.startsWith('{"ok"'))
  const outcome: Prepared = outcomeLine
    ? (JSON.parse(outcomeLine) as Prepared)
    : { ok: false, error: prepare.stdout.slice(-2000) }
  reportPrepared(outcome)
  return outcome
}

/**
 * Says what the preparation came to. A database that cannot be reached is reported, not fatal: the site
 * starts and shows each list's failure text.
 */
export function reportPrepared(outcome: Prepared): void {
  if (!outcome.ok) {
    console.warn(
      `\n! The database could not be prepared: ${outcome.error}\n` +
        "  The site starts anyway: pages show each list's failure text until the database is reachable.\n",
    )
  } else if (outcome.seeded) {
    console.log('Seeded the database with sample content.')
  }
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
