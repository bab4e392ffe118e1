/**
 * Vitest setup file of the unit and integration projects, which run their files one after another in a few
 * long-lived processes (`isolate: false`): loading Payload and its libraries costs a process several seconds of
 * CPU, most of an integration file's start (and a unit file's start cost more than most unit files' tests), and
 * is now paid once per process instead of once per file. Before
 * each file this puts the process back as a fresh one would be for everything the site keeps between files:
 * its own modules are loaded again (so the file's app reads its environment and holds its state anew, as
 * in a process of its own), the environment is as the process started, Payload forgets the instance of the
 * file before (which its testPayload stopped), and the site's process-wide state (kept on globalThis so that
 * it survives a development server's module reloads) is dropped, its timers stopped.
 */
import { vi } from 'vitest'

const START_ENV = Symbol.for('coach-tests.start-env')
const g = globalThis as { [START_ENV]?: NodeJS.ProcessEnv; _payload?: Map<string, unknown> }

/** State the site installs once per process on purpose and that stays valid across files. */
const KEEP = new Set(['coach.log.console-installed', 'coach-site.busy-calendar.ical-budget'])

function stopTimers(value: unknown, depth = 0): void {
  if (value instanceof Object && value.constructor?.name === 'Timeout') clearInterval(value as NodeJS.Timeout)
  else if (value && typeof value === 'object' && depth < 2)
    for (const inner of Object.values(value)) stopTimers(inner, depth + 1)
}

vi.resetModules()
g[START_ENV] ??= { ...process.env }
for (const key of Object.keys(process.env)) if (!(key in g[START_ENV])) delete process.env[key]
Object.assign(process.env, g[START_ENV])
g._payload?.clear()
for (const key of Object.getOwnPropertySymbols(globalThis)) {
  const name = key.description ?? ''
  if (!name.startsWith('coach') || name.startsWith('coach-tests') || KEEP.has(name)) continue
  const holder = globalThis as unknown as Record<symbol, unknown>
  stopTimers(holder[key])
  delete holder[key]
}
