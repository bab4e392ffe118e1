import { tz } from '@date-fns/tz'
import { format } from 'date-fns'
import type { UIFieldServerComponent } from 'payload'

import type { DiscoveryCall } from '@/payload-types'
import { visitorMayChange } from '../rules'
import { COACH_LINE_MAX, openTimesToMove } from '../coach-move'
import type { SlotDay } from '../slots'
import { MoveCall, type OpenDay } from './MoveCall'

/** Open times as the panel lists them: one group per day, each time in the coach's zone. */
export function openDays(days: SlotDay[], timeZone: string): OpenDay[] {
  const at = tz(timeZone)
  return days.map((d) => ({
    label: format(d.slots[0]!, 'EEEE d MMMM', { in: at }),
    slots: d.slots.map((s) => ({ value: s.toISOString(), label: format(s, 'HH:mm', { in: at }) })),
  }))
}

/**
 * "Move this call" on a booked call's screen: its open times in the coach's zone, worked out on the server
 * with the booking page's rules (./coach-move.ts), handed to the panel (./MoveCall.tsx).
 */
export const MoveCallField: UIFieldServerComponent = async ({ data, req }) => {
  const call = data as Partial<DiscoveryCall> | undefined
  if (!call?.id || call.status !== 'booked' || !call.startsAt) return null
  const now = new Date()
  let days: OpenDay[] = []
  let timeZone = 'UTC'
  try {
    const open = await openTimesToMove(req, { id: call.id }, now)
    timeZone = open.timeZone
    days = openDays(open.days, timeZone)
  } catch (error) {
    console.error('The open times to move a call to could not be read:', error instanceof Error ? error.message : error)
  }
  return (
    <MoveCall
      id={String(call.id)}
      name={call.name ?? ''}
      timeZone={timeZone}
      days={days}
      linkAllowed={visitorMayChange({ startsAt: call.startsAt, status: call.status }, now)}
      lineMax={COACH_LINE_MAX}
    />
  )
}
