/**
 * The newsletter's throttle, as the SMTP server sees it: no window of `windowMs` may hold more than `limit`
 * mails taken by the server. The server takes a mail at some moment between the start of its SMTP
 * transaction and the end of it (the 250 after DATA), so the sender cannot know that moment; it counts each
 * mail from the start of its transaction until `windowMs` after its end:
 *
 *   one more may start at `now` when (transactions still open) + (transactions ended after now - windowMs)
 *   is below `limit`.
 *
 * Why that holds at the server: take any window [w, w + windowMs] at the server and, of the mails it took in
 * that window, the one whose transaction started last, at s ≤ w + windowMs. Every other one started before s
 * and was taken at or after w, so at s it was either still open or had ended at or after w ≥ s - windowMs:
 * each was counted at s, which let at most limit - 1 of them through, so the window holds at most `limit`.
 * The property test (send-window.test.ts) checks this over random transaction lengths.
 */
export type SendWindow = {
  /** At most this many mails in any window of `windowMs`. */
  limit: number
  windowMs: number
}

/**
 * How long to wait before one more transaction may start: 0 when it may start now; null when only the end
 * of an open transaction can make room (every place is held by one still open).
 */
export function waitBeforeNext(
  window: SendWindow,
  now: number,
  /** When earlier transactions ended, any order; those older than the window are ignored. */
  endedAt: readonly number[],
  open: number,
): number | null {
  const since = now - window.windowMs
  const inWindow = endedAt.filter((t) => t > since).sort((a, b) => a - b)
  const over = open + inWindow.length - window.limit + 1
  if (over <= 0) return 0
  if (over > inWindow.length) return null
  // The `over` oldest ends must leave the window: the last of them leaves windowMs after it, plus 1 ms as
  // the window holds its right end.
  return inWindow[over - 1]! + window.windowMs - now + 1
}

/** The longest of the waits, or null when any of them waits for an open transaction. */
export function waitBeforeNextInAll(
  windows: readonly SendWindow[],
  now: number,
  endedAt: readonly number[],
  open: number,
): number | null {
  let longest = 0
  for (const w of windows) {
    const wait = waitBeforeNext(w, now, endedAt, open)
    if (wait === null) return null
    longest = Math.max(longest, wait)
  }
  return longest
}
