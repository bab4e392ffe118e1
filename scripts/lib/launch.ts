/** What `npm start` and `npm run dev` both do around the server: prepare the database, say where to go. */
import { spawnSync } from 'node:child_process'

export type Prepared = { ok: boolean; seeded?: boolean; users?: number; error?: string }

/**
 * Migrates the database and seeds a fresh one (scripts/prepare-database.ts, in a process of its own). A
 * database that cannot be reached is reported, not fatal: the site starts and shows each list's failure text.
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
