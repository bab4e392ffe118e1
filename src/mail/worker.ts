import { payloadClient } from '@/content/payload'
import { deliverDueMail } from './outbox'

const INTERVAL_MS = Number(process.env.OUTBOX_INTERVAL_MS ?? 10_000)
const KEY = Symbol.for('coach-site.outbox-worker')

/**
 * The outbox worker inside the server process: every few seconds it sends what is due (new mail is also
 * sent right after the request that queued it). Runs are never concurrent within a process, and the
 * per-mail claim keeps several processes from sending the same mail.
 */
export function startOutboxWorker(): void {
  const g = globalThis as { [KEY]?: NodeJS.Timeout }
  if (g[KEY]) return
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      const report = await deliverDueMail(await payloadClient())
      if (report.retried || report.failed)
        console.warn(`Outbox: ${report.retried} mail to retry, ${report.failed} failed`)
    } catch (error) {
      // Most often the database is down; the next tick tries again.
      console.error('Outbox run failed:', error instanceof Error ? error.message : error)
    } finally {
      running = false
    }
  }
  g[KEY] = setInterval(() => void tick(), INTERVAL_MS)
  g[KEY].unref()
  void tick()
}
