import Link from 'next/link'

import { getSiteSettings } from '@/features/site/site-settings'
import { payloadClient } from '@/platform/payload'
import { BookingForm } from './BookingForm'
import { DiscoveryCallIntro } from './DiscoveryCall'
import { BOOKED, BOOKING_PROBLEMS, type BookingProblem } from './rules'
import { liveCalls, liveSessions, readBookingRules } from './calls'
import { meetingSentence, type MeetingKind } from './meeting'
import { openSlots } from './slots'

const DAY = 24 * 60 * 60 * 1000
/** Days with open times shown at once; "Later times" pages on (a short page for people and servers alike). */
export const DAYS_PER_PAGE = 7

export type CurrentSlots = {
  slots: string[]
  timeZone: string
  later: string | null
  /** Where we meet, as set now. */
  meeting: { kind: MeetingKind; place: string | null }
}

/**
 * The open times as they are at this request (the page is rendered per request; see its route): the first
 * DAYS_PER_PAGE days with open times from the coach-local date `from` on, and the date the next page starts.
 */
export async function currentSlots(now = new Date(), from?: string): Promise<CurrentSlots | null> {
  try {
    const payload = await payloadClient()
    const { availability: a, busy, meeting } = await readBookingRules(payload)
    const since = new Date(now.getTime() - DAY)
    // Coaching sessions (decision 065) hold the coach's time as her calendar's busy times do.
    const blocked = [...busy, ...(await liveSessions(payload, since))]
    const all = openSlots(a, blocked, await liveCalls(payload, since), now)
    const days = all.filter((d) => !from || d.date >= from)
    const shown = days.slice(0, DAYS_PER_PAGE)
    return {
      slots: shown.flatMap((d) => d.slots.map((s) => s.toISOString())),
      timeZone: a.timeZone,
      later: days[DAYS_PER_PAGE]?.date ?? null,
      meeting,
    }
  } catch (error) {
    console.error('Open times could not be read:', error instanceof Error ? error.message : error)
    return null
  }
}

/**
 * /scheduling: the discovery call, its open times and the booking form. `?sent=1` is where a booking posted
 * without JavaScript lands (also one refused because the address already has a call: the same page).
 */
export async function BookingPage({ problem, from, sent }: { problem?: string; from?: string; sent?: string }) {
  const current = await currentSlots(new Date(), from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : undefined)
  // Own keys only: `?problem=__proto__` names no text.
  const refusal =
    problem && Object.hasOwn(BOOKING_PROBLEMS, problem) ? BOOKING_PROBLEMS[problem as BookingProblem] : null
  const meeting = current
    ? meetingSentence(current.meeting.kind, current.meeting.place, (await getSiteSettings()).brand.name)
    : null
  return (
    <section className="section discovery-call" aria-labelledby="discovery-heading">
      <div className="container container--narrow">
        <DiscoveryCallIntro headingLevel="h1" />
        {sent === '1' && (
          <p id="book-sent" className="form-notice" role="status">
            {meeting ? `${BOOKED} ${meeting}` : BOOKED}
          </p>
        )}
        {current === null ? (
          <p role="alert">
            Booking is not available right now. Please try again in a few minutes, or send a message through the{' '}
            <Link href="/schedule-and-contact#contact-heading">contact form</Link>.
          </p>
        ) : current.slots.length === 0 ? (
          <p>
            No times are open at the moment. Send a message through the{' '}
            <Link href="/schedule-and-contact#contact-heading">contact form</Link> and we will find one together.
          </p>
        ) : (
          <>
            {refusal && (
              <p className="error-summary" role="alert">
                {refusal}
              </p>
            )}
            <BookingForm
              slots={current.slots}
              coachTimeZone={current.timeZone}
              meeting={meeting}
              askPhone={current.meeting.kind === 'phone'}
              more={
                (from || current.later) && (
                  <nav className="slot-pages" aria-label="More times">
                    {from && <Link href="/scheduling#book-heading">Earliest times</Link>}
                    {current.later && <Link href={`/scheduling?from=${current.later}#book-heading`}>Later times</Link>}
                  </nav>
                )
              }
            />
            <p className="booking-aside">
              Questions first? Send a message through the{' '}
              <Link href="/schedule-and-contact#contact-heading">contact form</Link>.
            </p>
          </>
        )}
      </div>
    </section>
  )
}
