import type { Payload } from 'payload'

import { BusyCalendarError, fetchBusyCalendar, UNREADABLE } from './busy-calendar'

const DAY = 24 * 60 * 60 * 1000
/** How often the coach's calendar is read (the timer in the server process; see src/instrumentation-node.ts). */
export const BUSY_REFRESH_MS = Number(process.env.BUSY_CALENDAR_INTERVAL_MS ?? 5 * 60 * 1000)

/**
 * Reads the coach's calendar address and keeps what it says as the last good copy. When it cannot be read,
 * the last good copy stays in use and the admin shows why (in general terms: editors read it) and since when
 * it has been failing; the log gets the details.
 */
export async function refreshBusyCalendar(payload: Payload, now = new Date()): Promise<'read' | 'failed' | 'none'> {
  const a = await payload.findGlobal({ slug: 'availability', depth: 0, overrideAccess: true })
  if (!a.busyCalendarUrl) return 'none'
  const status = a.busyCalendar ?? {}
  try {
    const busy = await fetchBusyCalendar(a.busyCalendarUrl, {
      from: new Date(now.getTime() - DAY),
      to: new Date(now.getTime() + (a.horizonDays + 2) * DAY),
      coachTimeZone: a.timeZone,
    })
    await payload.updateGlobal({
      slug: 'availability',
      data: {
        busyCalendar: {
          busy: busy.map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString() })),
          readAt: now.toISOString(),
          failingSince: null,
          lastError: null,
        },
      },
      depth: 0,
      overrideAccess: true,
      context: { busyCalendarRead: true },
    })
    return 'read'
  } catch (error) {
    const known = error instanceof BusyCalendarError
    console.warn(
      `The coach’s calendar could not be read; the last good copy stays in use: ${known ? error.detail : error instanceof Error ? error.message : String(error)}`,
    )
    await payload.updateGlobal({
      slug: 'availability',
      data: {
        busyCalendar: {
          ...status,
          failingSince: status.failingSince ?? now.toISOString(),
          lastError: known ? error.message : UNREADABLE,
        },
      },
      depth: 0,
      overrideAccess: true,
      context: { busyCalendarRead: true },
    })
    return 'failed'
  }
}

const TIMER = Symbol.for('coach-site.busy-calendar-reader')

/** The timer in the server process that keeps the coach's busy times fresh (when an address is set). */
export function startBusyCalendarReader(payloadOf: () => Promise<Payload>): void {
  const g = globalThis as { [TIMER]?: NodeJS.Timeout }
  if (g[TIMER]) return
  const run = async () => {
    try {
      // A failure is logged by refreshBusyCalendar, with its details.
      await refreshBusyCalendar(await payloadOf())
    } catch (error) {
      // Most often the database is down; the next tick tries again.
      console.warn('Reading the coach’s calendar was skipped:', error instanceof Error ? error.message : error)
    }
  }
  g[TIMER] = setInterval(() => void run(), BUSY_REFRESH_MS)
  g[TIMER].unref()
  void run()
}
