import type { Payload } from 'payload'

import { intervalFromEnv, startSweeper } from '@/platform/server/sweeper'
import { settleWorkshops } from './seats'

/** WORKSHOP_SWEEP_MS: how often lapsed holds are ended and free seats offered (default a minute). */
export const sweepInterval = (): number => intervalFromEnv('WORKSHOP_SWEEP_MS', 60_000)

/**
 * Moves the waitlists on by themselves (decision 064): every minute, each hold that ran out ends and its seat
 * is offered to the next person waiting, whether or not anyone opens a page. Every instance runs it; the
 * decisions are the same ones the pages make, and the offer's mail is queued once.
 */
export function startWorkshopSweeper(payloadOf: () => Promise<Payload>): void {
  startSweeper(
    'workshop-sweeper',
    sweepInterval(),
    payloadOf,
    settleWorkshops,
    'The workshop waitlists were not moved on:',
  )
}
