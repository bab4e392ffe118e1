import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import { createEvents, type EventAttributes } from 'ics'
import type { Payload, Where } from 'payload'

import { brandFrom } from '@/domain/brand'
import { payloadSecret } from '@/platform/secret'
import { callUid, sessionUid } from './calls'
import { inviteLocation, meetingOf, whereText } from './meeting'

/** Cancelled calls stay in the feed this long, as cancelled, so subscribed calendars remove them. */
const KEEP_CANCELLED_MS = 30 * 24 * 60 * 60 * 1000
/** Past calls stay this long (a calendar keeps its history). */
const KEEP_PAST_MS = 90 * 24 * 60 * 60 * 1000

/**
 * The secret of the coach's private calendar feed: a keyed hash of the feed's version, so rotating it (a new
 * version in Booking → Availability) makes every earlier address answer 404.
 */
export const feedSecret = (version: number): string =>
  createHmac('sha256', payloadSecret()).update(`calendar-feed\n${version}`).digest('base64url').slice(0, 32)

export const feedPath = (version: number): string => `/calendar/${feedSecret(version)}.ics`

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The feed's text: every upcoming and recent call and coaching session, cancelled ones marked cancelled. */
export async function feedText(payload: Payload, now = new Date()): Promise<string> {
  const where: Where = {
    or: [
      {
        and: [
          { status: { equals: 'booked' } },
          { endsAt: { greater_than: new Date(now.getTime() - KEEP_PAST_MS).toISOString() } },
        ],
      },
      {
        and: [
          { status: { equals: 'cancelled' } },
          { cancelledAt: { greater_than: new Date(now.getTime() - KEEP_CANCELLED_MS).toISOString() } },
        ],
      },
    ],
  }
  const read = { where, sort: 'startsAt', pagination: false, depth: 0, overrideAccess: true } as const
  const calls = await payload.find({ collection: 'discovery-calls', ...read })
  // The clients' coaching sessions (decision 065) are the coach's time too.
  const sessions = await payload.find({ collection: 'coaching-sessions', ...read })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 }).catch(() => null)
  const calName = `${brandFrom(settings?.brand).siteName}: discovery calls`
  const coachName = brandFrom(settings?.brand).name
  const events: EventAttributes[] = calls.docs.map((call) => {
    const meeting = meetingOf(call)
    const where = whereText(meeting, 'coach', { coach: coachName, visitor: call.name })
    const location = inviteLocation(meeting)
    return {
      uid: callUid(call),
      sequence: call.sequence,
      start: new Date(call.startsAt).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: new Date(call.endsAt).getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `${call.status === 'cancelled' ? 'Cancelled: ' : ''}Discovery call: ${call.name}`,
      description: [`E-mail: ${call.email}`, where ? `Where: ${where}` : '', call.note ? `Note: ${call.note}` : '']
        .filter(Boolean)
        .join('\n'),
      ...(location ? { location } : {}),
      status: call.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      productId: '-//coach-site//discovery-calls//EN',
      calName,
    } satisfies EventAttributes
  })
  for (const session of sessions.docs) {
    const meeting = meetingOf(session)
    const where = whereText(meeting, 'coach', { coach: coachName, visitor: session.name })
    const location = inviteLocation(meeting)
    events.push({
      uid: sessionUid(session),
      sequence: session.sequence,
      start: new Date(session.startsAt).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: new Date(session.endsAt).getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `${session.status === 'cancelled' ? 'Cancelled: ' : ''}Coaching session: ${session.name}`,
      description: [
        `E-mail: ${session.email}`,
        where ? `Where: ${where}` : '',
        session.packageTitle ? `Package: ${session.packageTitle}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      ...(location ? { location } : {}),
      status: session.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      productId: '-//coach-site//discovery-calls//EN',
      calName,
    })
  }
  if (!events.length) {
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//coach-site//discovery-calls//EN',
      `X-WR-CALNAME:${calName}`,
      'END:VCALENDAR',
      '',
    ].join('\r\n')
  }
  const { error, value } = createEvents(events)
  if (error || !value) throw error ?? new Error('The calendar feed could not be made.')
  return value
}

/** GET /calendar/<secret>.ics: the feed with an ETag, 304 when unchanged, 404 for any other secret. */
export async function feedResponse(
  payload: Payload,
  file: string,
  request: Request,
  version: number,
  now = new Date(),
): Promise<Response> {
  const given = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : ''
  if (!sameSecret(given, feedSecret(version))) return new Response('Not found', { status: 404 })
  const text = await feedText(payload, now)
  // DTSTAMP changes on every render; the ETag hashes the text without it.
  const etag = `"${createHash('sha256')
    .update(text.replace(/^DTSTAMP:.*$/gm, ''))
    .digest('base64url')
    .slice(0, 27)}"`
  const headers = {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    ETag: etag,
    'X-Robots-Tag': 'noindex',
  }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  return new Response(text, { status: 200, headers })
}
