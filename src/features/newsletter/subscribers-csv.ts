import type { PayloadHandler } from 'payload'

import { csvFile } from '@/platform/csv'
import { attachment, fileDate } from '@/platform/download'

/** GET /cms-api/subscribers/export.csv: confirmed subscribers with their consent time, for logged-in users. */
export const exportConfirmedSubscribers: PayloadHandler = async (req) => {
  if (!req.user) return Response.json({ error: 'Please log in.' }, { status: 401 })
  const { docs } = await req.payload.find({
    collection: 'subscribers',
    where: { status: { equals: 'confirmed' } },
    sort: 'consentAt',
    pagination: false,
    depth: 0,
    req,
  })
  const csv = csvFile(
    'email,consent_at,source',
    docs.map((d) => [d.email, d.consentAt ?? '', d.source ?? '']),
  )
  return attachment(csv, 'text/csv', `subscribers-${fileDate()}.csv`)
}
