import type { Payload } from 'payload'

import { settleWorkshops } from './seats'

const TIMER = Symbol.for('coach-site.workshop-sweeper')

/** WORKSHOP_SWEEP_MS: how often lapsed holds are ended and free seats offered (default a minute). */
export const sweepInterval = (): number => {
  const n = Number(process.env.WORKSHOP_SWEEP_MS)
  return Number.isInteger(n) && n > 0 ? n : 60_000
}

/**
 * Moves the waitlists on by themselves (decision 064): every minute, each hold that ran out ends and its seat
 * is offered to the next person waiting, whether or not anyone opens a page. Every instance runs it; the
 * decisions are the same ones the pages make, and the offer's mail is queued once.
 */
export function startWorkshopSweeper(payloadOf: () => Promise<Payload>): void {
  const g = globalThis as { [TIMER]?: NodeJS.Timeout }
  if (g[TIMER]) return
  const run = async () => {
    try {
      await settleWorkshops(await payloadOf(), new Date())
    } catch (error) {
      // Most often the database is down; the next tick tries again.
      console.warn('The workshop waitlists were not moved on:', error instanceof Error ? error.message : error)
    }
  }
  g[TIMER] = setInterval(() => void run(), sweepInterval())
  g[TIMER].unref()
}
