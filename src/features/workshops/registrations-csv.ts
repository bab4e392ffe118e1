import type { PayloadHandler } from 'payload'

import type { Workshop } from '@/payload-types'
import { csvFile } from '@/platform/csv'
import { attachment, fileDate } from '@/platform/download'

/**
 * GET /cms-api/workshop-registrations/export.csv[?workshop=<id>]: the registrations (of one workshop, or of
 * all), in line order, for logged-in users: workshop, name, e-mail, status, seat, registered at, seat held
 * until, cancelled at (instants in UTC, ISO 8601). Read as the user may read them.
 */
export const exportRegistrations: PayloadHandler = async (req) => {
  if (!req.user) return Response.json({ error: 'Please log in.' }, { status: 401 })
  const workshop = new URL(req.url ?? '', 'http://x').searchParams.get('workshop')
  if (workshop !== null && !/^\d{1,12}$/.test(workshop)) {
    return Response.json({ error: 'There is no such workshop.' }, { status: 404 })
  }
  const { docs } = await req.payload.find({
    collection: 'workshop-registrations',
    ...(workshop ? { where: { workshop: { equals: Number(workshop) } } } : {}),
    sort: 'queuedAt',
    pagination: false,
    depth: 1,
    overrideAccess: false,
    req,
  })
  const csv = csvFile(
    'workshop,name,email,status,seat,registered_at,held_until,cancelled_at',
    docs.map((d) => [
      typeof d.workshop === 'object' ? (d.workshop as Workshop).title : String(d.workshop),
      d.name,
      d.email,
      d.status,
      d.seat === null || d.seat === undefined ? '' : String(d.seat),
      d.queuedAt,
      d.holdUntil ?? '',
      d.cancelledAt ?? '',
    ]),
  )
  return attachment(csv, 'text/csv', `workshop-registrations-${fileDate()}.csv`)
}
