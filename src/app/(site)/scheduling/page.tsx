import type { Metadata } from 'next'
import { connection } from 'next/server'

import { DISCOVERY_CALL } from '@/domain/business'
import { sitePageMetadata } from '@/features/pages/metadata'
import { BookingPage } from '@/features/booking/BookingPage'

export const generateMetadata = (): Promise<Metadata> =>
  sitePageMetadata({
    title: 'Book a Discovery Call',
    description: `Book a free discovery call of about ${DISCOVERY_CALL.minutes} minutes to talk about your goals and how coaching can help.`,
    path: '/scheduling',
  })

// Rendered whole for each request, not streamed into a cached shell: the open times change by the minute,
// and the page (times and form) must arrive complete for browsers without JavaScript.
export const instant = false

export default async function SchedulingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  await connection()
  const { problem, from, sent } = await searchParams
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined)
  return <BookingPage problem={one(problem)} from={one(from)} sent={one(sent)} />
}
