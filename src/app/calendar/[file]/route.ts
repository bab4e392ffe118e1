import { feedResponse } from '@/features/booking/calendar-feed'
import { payloadClient } from '@/platform/payload'

/** GET /calendar/<secret>.ics: the coach's private feed of booked calls (see Booking → Availability). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params
  const payload = await payloadClient()
  const { feedVersion } = await payload.findGlobal({ slug: 'availability', depth: 0, overrideAccess: true })
  return feedResponse(payload, file, request, feedVersion)
}
