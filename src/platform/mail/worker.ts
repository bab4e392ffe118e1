import type { Payload } from 'payload'

import { BATCH_SIZE, deliverDueMail } from './outbox'
import { workerState, type WorkerState } from './worker-state'

const INTERVAL_MS = Number(process.env.OUTBOX_INTERVAL_MS ?? 10_000)

/**
 * Sends what is due now. If a run is already going, it is asked to run once more when done instead of
 * starting a second one, so a burst of form posts makes one or two runs, not one per post. (Several
 * processes may still run at once; the per-mail claim keeps them from sending the same mail.)
 */
export async function kickOutbox(payload: Payload): Promise<void> {
  await kick(async () => payload)
}

async function kick(payloadOf: () => Promise<Payload>): Promise<void> {
  const s = workerState()
  if (s.stopped) return
  if (s.running) {
    s.again = true
    return
  }
  s.running = true
  s.current = run(s, payloadOf)
  await s.current
}

/** One delivery loop per process, shared by the timer and by every request that queued mail. */
async function run(s: WorkerState, payloadOf: () => Promise<Payload>): Promise<void> {
  try {
    let fullBatch = false
    do {
      s.again = false
      const report = await deliverDueMail(await payloadOf())
      if (report.retried || report.failed)
        console.warn(`Outbox: ${report.retried} mail to retry, ${report.failed} failed`)
      // A full batch means more may be due right now.
      fullBatch = report.sent + report.retried + report.failed >= BATCH_SIZE
    } while ((s.again || fullBatch) && !s.stopped)
  } catch (error) {
    // Most often the database or the SMTP server is down; the next run tries again.
    console.error('Outbox run failed:', error instanceof Error ? error.message : error)
  } finally {
    s.running = false
    s.current = undefined
  }
}

/**
 * The timer inside the server process that picks up retries and anything a crash left behind. It is given its
 * way to the Payload client (src/instrumentation-node.ts), as the busy-calendar reader is: importing the client
 * here would close a cycle (the client's config sends Payload's own mail through this queue).
 */
export function startOutboxWorker(payloadOf: () => Promise<Payload>): void {
  const s = workerState()
  if (s.timer) return
  s.timer = setInterval(() => void kick(payloadOf), INTERVAL_MS)
  s.timer.unref()
  void kick(payloadOf)
}
