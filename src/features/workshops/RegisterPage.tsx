import Link from 'next/link'

import { PageOfItsOwn } from '@/components/PageOfItsOwn'
import { formatEventDate } from '@/domain/dates'
import { availability } from '@/domain/workshop-seats'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { payloadClient } from '@/platform/payload'
import { DONE_TEXTS, PROBLEM_TEXTS } from './answers'
import { workshopBySlug } from './form'
import { RegisterForm } from './RegisterForm'
import { seatCounts, termsOf } from './seats'
import { FEW_SEATS, WORKSHOP_TEXTS } from './texts'
import { OutcomeNotices, textFor } from '@/components/forms/OutcomeNotices'

/**
 * /workshops/<address>/register (decisions 064 and 080): the workshop, seats left when few remain, and the
 * form, which becomes "Join the waitlist" when full (while the waitlist has room); after a post, that the
 * confirmation link was mailed (`?done=sent`) or what went wrong (`?problem=`).
 */
export async function RegisterPage({ slug, done, problem }: { slug: string; done?: string; problem?: string }) {
  const payload = await payloadClient()
  const workshop = await workshopBySlug(payload, slug)
  if (!workshop) {
    return (
      <PageOfItsOwn id="register-heading" heading="This workshop is not open for registration">
        <p className="lead">
          See the <Link href="/workshops">upcoming workshops</Link>.
        </p>
      </PageOfItsOwn>
    )
  }
  const [timeZone, counts] = await Promise.all([readCoachTimeZone(payload), seatCounts(payload, workshop.id)])
  const terms = termsOf(workshop)
  // Counts only: the same page for every visitor, whatever any address holds (decision 080).
  const open = availability(terms, counts, new Date().getTime())
  const left = Math.max(0, terms.seats - counts.live)
  const full = open === 'waitlist'
  const doneText = textFor(DONE_TEXTS, done)
  const problemText = textFor(PROBLEM_TEXTS, problem)
  return (
    <section className="section" aria-labelledby="register-heading">
      <div className="container container--narrow">
        <p>
          <Link href="/workshops">All workshops</Link>
        </p>
        <h1 id="register-heading">Register: {workshop.title}</h1>
        <OutcomeNotices done={doneText} problem={problemText} doneId="register-done" />
        <dl className="call-details">
          <dt>When</dt>
          <dd>
            <time dateTime={workshop.date}>{formatEventDate(workshop.date, timeZone)}</time>
          </dd>
          <dt>Format</dt>
          <dd>{workshop.format}</dd>
          <dt>Where</dt>
          <dd>
            {workshop.attendance === 'in-person'
              ? workshop.venue || 'In person; the venue is sent to you with your registration.'
              : 'Online; the link is sent to you with your registration.'}
          </dd>
          <dt>Price</dt>
          <dd>{workshop.price ? `$${workshop.price}` : 'Free'}</dd>
        </dl>
        <p>{workshop.description}</p>
        {open === 'closed' ? (
          <p className="lead">{WORKSHOP_TEXTS.closed}</p>
        ) : open === 'full' ? (
          <p className="lead">{WORKSHOP_TEXTS.full}</p>
        ) : (
          <>
            {full ? (
              <p className="lead" id="register-seats">
                This workshop is full. Join the waitlist: if a seat frees up, we e-mail you and hold it for you.
              </p>
            ) : (
              left <= FEW_SEATS && (
                <p className="lead" id="register-seats">
                  {WORKSHOP_TEXTS.seatsLeft(left)}
                </p>
              )
            )}
            <RegisterForm slug={slug} button={full ? WORKSHOP_TEXTS.joinWaitlist : WORKSHOP_TEXTS.register} />
          </>
        )}
      </div>
    </section>
  )
}
