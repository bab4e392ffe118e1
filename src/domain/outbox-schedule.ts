/**
 * When the outbox tries a mail again: exponential backoff from 30 seconds, doubling, capped at one hour.
 * After MAX_ATTEMPTS failed tries the mail is marked failed (and stays visible in the admin).
 */
export const MAX_ATTEMPTS = 8
export const RETRY_BASE_MS = 30_000
const CAP_MS = 60 * 60_000

/** Delay before the next try, after `failedAttempts` tries have failed (1 or more). */
export function retryDelayMs(failedAttempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(CAP_MS, baseMs * 2 ** Math.max(0, failedAttempts - 1))
}

export type AttemptOutcome = { status: 'failed' } | { status: 'queued'; nextAttemptAt: Date }

export function afterFailedAttempt(failedAttempts: number, now: Date, baseMs = RETRY_BASE_MS): AttemptOutcome {
  if (failedAttempts >= MAX_ATTEMPTS) return { status: 'failed' }
  return { status: 'queued', nextAttemptAt: new Date(now.getTime() + retryDelayMs(failedAttempts, baseMs)) }
}

/** A mail claimed for sending longer ago than this belongs to a worker that died; it may be tried again. */
export const STALE_CLAIM_MS = 2 * 60_000
