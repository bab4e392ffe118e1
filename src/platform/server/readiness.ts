/**
 * Readiness for a load balancer (GET /readyz): the database answers and every migration this build carries
 * is applied. The check runs inside the app (it needs Payload), which registers it here on globalThis at
 * start (src/instrumentation-node.ts); the HTTP server, loaded outside the app's bundle, calls it. This
 * module imports nothing, so both sides share it without loading the app twice.
 */
export type Readiness = {
  ready: boolean
  database: 'reachable' | 'unreachable' | 'starting'
  pendingMigrations: number | null
}

type Check = () => Promise<Readiness>
const KEY = Symbol.for('coach-site.readiness')
const slot = () => globalThis as { [KEY]?: Check }

export const registerReadinessCheck = (check: Check): void => {
  slot()[KEY] = check
}

/** The registered check, bounded in time: a database that hangs counts as unreachable. */
export async function readiness(timeoutMs = 3000): Promise<Readiness> {
  const check = slot()[KEY]
  if (!check) return { ready: false, database: 'starting', pendingMigrations: null }
  const unreachable: Readiness = { ready: false, database: 'unreachable', pendingMigrations: null }
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      check(),
      new Promise<Readiness>((resolve) => (timer = setTimeout(() => resolve(unreachable), timeoutMs))),
    ])
  } catch {
    return unreachable
  } finally {
    clearTimeout(timer)
  }
}
