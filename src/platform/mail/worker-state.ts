/**
 * The outbox worker's state, one per process, kept on globalThis: the server's bundled code and the HTTP
 * server around it (src/platform/server/serve.ts, loaded outside the bundle) reach the same one. This module
 * imports nothing, so the server can wait for a delivery run without loading the app a second time.
 */
export type WorkerState = {
  timer?: NodeJS.Timeout
  running: boolean
  again: boolean
  /** The delivery run under way, if any. */
  current?: Promise<void>
  /** Set on shutdown: no new run starts. */
  stopped?: boolean
  /** Other senders' ways to stop for shutdown (e.g. the newsletter's), each resolving when it has stopped. */
  drains?: (() => Promise<void>)[]
}

const KEY = Symbol.for('coach-site.outbox-worker')

export const workerState = (): WorkerState => {
  const g = globalThis as { [KEY]?: WorkerState }
  return (g[KEY] ??= { running: false, again: false })
}

/**
 * For a graceful shutdown: starts no further run and waits (at most `timeoutMs`) for the one under way, so
 * a mail being handed to SMTP is finished and marked sent rather than cut off and sent again after restart.
 */
export async function drainOutbox(timeoutMs: number): Promise<void> {
  const s = workerState()
  s.stopped = true
  if (s.timer) clearInterval(s.timer)
  const running = [...(s.current ? [s.current] : []), ...(s.drains ?? []).map((drain) => drain())]
  if (running.length === 0) return
  let timer: NodeJS.Timeout | undefined
  await Promise.race([Promise.all(running), new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))])
  clearTimeout(timer)
}

/** Registers another sender to stop, and wait for, on shutdown. */
export function onDrain(drain: () => Promise<void>): void {
  const s = workerState()
  ;(s.drains ??= []).push(drain)
}
