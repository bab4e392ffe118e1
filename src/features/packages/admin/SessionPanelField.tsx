import type { UIFieldServerComponent } from 'payload'

import { COACH_LINE_MAX } from '@/features/booking/coach-move'
import { openDays } from '@/features/booking/admin/MoveCallField'
import type { OpenDay } from '@/features/booking/admin/MoveCall'
import type { CoachingSession } from '@/payload-types'
import { openTimesForSession } from '../sessions'
import { readCreditRules } from '../SessionRules'
import { SessionPanel } from './SessionPanel'

/**
 * A coaching session's panel (./SessionPanel.tsx): its state now, and for a session ahead the coach's open
 * times at its length, worked out on the server (../sessions.ts).
 */
export const SessionPanelField: UIFieldServerComponent = async ({ data, req }) => {
  const session = data as Partial<CoachingSession> | undefined
  if (!session?.id || !session.startsAt || !session.endsAt) return null
  const now = new Date()
  const state =
    session.status === 'held' || session.status === 'missed'
      ? 'marked'
      : session.status !== 'booked'
        ? 'done'
        : new Date(session.startsAt).getTime() > now.getTime()
          ? 'ahead'
          : 'started'
  let days: OpenDay[] = []
  let timeZone = 'UTC'
  let missedUsesCredit = true
  try {
    missedUsesCredit = (await readCreditRules(req.payload, req)).noShowUsesCredit
    if (state === 'ahead') {
      const open = await openTimesForSession(
        req.payload,
        { id: session.id, startsAt: session.startsAt, endsAt: session.endsAt },
        now,
        req,
      )
      timeZone = open.timeZone
      days = openDays(open.days, timeZone)
    }
  } catch (error) {
    console.error('A session’s panel could not be read:', error instanceof Error ? error.message : error)
  }
  return (
    <SessionPanel
      id={String(session.id)}
      name={session.name ?? ''}
      state={state}
      timeZone={timeZone}
      days={days}
      lineMax={COACH_LINE_MAX}
      missedUsesCredit={missedUsesCredit}
      marked={session.status === 'held' || session.status === 'missed' ? session.status : null}
    />
  )
}
