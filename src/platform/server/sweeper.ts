import type { Payload } from 'payload'

/** `name` in milliseconds from the environment when it is a whole number above zero, else `fallback`. */
export const intervalFromEnv = (name: string, fallback: number): number => {
  const n = Number(process.env[name])
  return Number.isInteger(n) && n > 0 ? n : fallback
}

/**
 * Runs `sweep` every `intervalMs` in this process, once per `name` however often it is started (hot reloads),
 * without keeping the process alive. Every instance runs its own: a sweep must decide what it does so that
 * two at once do it once (the database's unique keys, the ledger's). A failed round (most often the database
 * down) is logged as `failed` and the next one tries again.
 */
export function startSweeper(
  name: string,
  intervalMs: number,
  payloadOf: () => Promise<Payload>,
  sweep: (payload: Payload, now: Date) => Promise<unknown>,
  failed: string,
): void {
  const key = Symbol.for(`coach-site.${name}`)
  const g = globalThis as { [key: symbol]: NodeJS.Timeout | undefined }
  if (g[key]) return
  const run = async () => {
    try {
      await sweep(await payloadOf(), new Date())
    } catch (error) {
      console.warn(failed, error instanceof Error ? error.message : error)
    }
  }
  const timer = setInterval(() => void run(), intervalMs)
  timer.unref()
  g[key] = timer
}
