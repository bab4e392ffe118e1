import { Gutter } from '@payloadcms/ui'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import type { AdminViewServerProps } from 'payload'

import { readAvailability } from './calls'
import { groupUpcoming } from './upcoming'
import { UpcomingCallsList } from './UpcomingCallsList'

/**
 * Where Booking → Discovery calls opens (src/proxy.ts sends the list's bare address here): the calls still
 * ahead under Today, This week and Later in the coach's time zone, each with its time, the visitor's name
 * and its status in words, linked to the call's screen. No filter builder, no table: one column that reads
 * on a phone. Every call, past and cancelled ones included, is in Payload's own table ("All calls").
 */
export async function UpcomingCalls({ initPageResult }: AdminViewServerProps) {
  await connection()
  const { req, permissions } = initPageResult
  if (!req.user || !permissions?.collections?.['discovery-calls']?.read) notFound()
  const now = new Date()
  const { timeZone } = await readAvailability(req.payload, req)
  const found = await req.payload.find({
    collection: 'discovery-calls',
    // Still ahead, or under way: a call the coach is on right now belongs to today.
    where: { endsAt: { greater_than: now.toISOString() } },
    sort: 'startsAt',
    pagination: false,
    depth: 0,
    select: { name: true, startsAt: true, status: true, cancelledBy: true },
    req,
    overrideAccess: false,
    user: req.user,
  })
  const groups = groupUpcoming(found.docs, now, timeZone)
  return (
    <Gutter className="coach-admin upcoming-calls">
      <UpcomingCallsList groups={groups} timeZone={timeZone} />
    </Gutter>
  )
}
