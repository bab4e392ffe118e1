import type { Payload } from 'payload'

import { bulkMailTransport } from '@/platform/mail/transport'
import { onDrain } from '@/platform/mail/worker-state'
import { readBouncesIfDue } from './bounces'
import { runNewsletterSender } from './sending'

const INTERVAL_MS = Number(process.env.NEWSLETTER_INTERVAL_MS ?? 15_000)

type SenderState = { timer?: NodeJS.Timeout; current?: Promise<void>; again: boolean; stop: AbortController }
const KEY = Symbol.for('coach-site.newsletter-sender')
const state = (): SenderState => {
  const g = globalThis as { [KEY]?: SenderState }
  return (g[KEY] ??= { again: false, stop: new AbortController() })
}

/**
 * One sending pass at a time in this process; asked again while one runs, it runs once more after (an issue
 * sent now, or resumed, starts at once instead of at the next tick).
 */
export async function kickNewsletterSender(payload: Payload): Promise<void> {
  await kick(async () => payload)
}

async function kick(payloadOf: () => Promise<Payload>): Promise<void> {
  const s = state()
  if (s.stop.signal.aborted) return
  if (s.current) {
    s.again = true
    return
  }
  s.current = (async () => {
    try {
      do {
        s.again = false
        const payload = await payloadOf()
        // Bounces and complaints first: an address that bounced is not mailed in this pass.
        await readBouncesIfDue(payload)
        const report = await runNewsletterSender(payload, bulkMailTransport(), { signal: s.stop.signal })
        if (report.held) console.warn(`Newsletter: ${report.held} scheduled issue(s) missed their time and wait`)
        if (report.uncertain)
          console.warn(`Newsletter: ${report.uncertain} mail(s) cut while being sent, marked uncertain`)
      } while (s.again && !s.stop.signal.aborted)
    } catch (error) {
      // Most often the database or the mail server is away; the next tick tries again.
      console.error('Newsletter sending failed:', error instanceof Error ? error.message : error)
    } finally {
      s.current = undefined
    }
  })()
  await s.current
}

/**
 * The timer that starts scheduled issues and carries on an issue under way (after a restart, or on another
 * instance when this one stops). On shutdown it stops claiming mail, and the mail being handed over is
 * finished and recorded before the process exits.
 */
export function startNewsletterSender(payloadOf: () => Promise<Payload>): void {
  const s = state()
  if (s.timer) return
  s.timer = setInterval(() => void kick(payloadOf), INTERVAL_MS)
  s.timer.unref()
  onDrain(async () => {
    clearInterval(s.timer)
    s.stop.abort()
    await s.current
  })
  void kick(payloadOf)
}
