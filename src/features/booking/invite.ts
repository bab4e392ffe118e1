import { createEvent } from 'ics'

/**
 * The calendar invite of a discovery call (RFC 5545/5546, made with the `ics` library): times in UTC, one
 * UID for the life of the call, SEQUENCE raised with each change, so a calendar that has the event updates
 * it (METHOD:REQUEST) or removes it (METHOD:CANCEL with STATUS:CANCELLED) instead of adding another.
 */
export type InviteCall = {
  uid: string
  sequence: number
  startsAt: Date
  endsAt: Date
  visitor: { name: string; email: string }
  coach: { name: string; email: string }
  title: string
  description: string
  manageUrl?: string
  /** Where they meet: the video link, the address or the number the coach calls (src/features/booking/meeting.ts). */
  location?: string
}

export function callInvite(call: InviteCall, method: 'REQUEST' | 'CANCEL'): string {
  const { error, value } = createEvent({
    productId: '-//coach-site//discovery-calls//EN',
    method,
    uid: call.uid,
    sequence: call.sequence,
    start: call.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: call.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: call.title,
    description: call.description,
    ...(call.manageUrl ? { url: call.manageUrl } : {}),
    ...(call.location ? { location: call.location } : {}),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: call.coach.name, email: call.coach.email },
    attendees: [
      {
        name: call.visitor.name,
        email: call.visitor.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  })
  if (error || !value) throw error ?? new Error('The calendar invite could not be made.')
  return value
}
