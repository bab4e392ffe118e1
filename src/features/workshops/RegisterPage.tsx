import Link from 'next/link'

import { PageOfItsOwn } from '@/components/PageOfItsOwn'
import { formatEventDate } from '@/domain/dates'
import { isOpen } from '@/domain/workshop-seats'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { payloadClient } from '@/platform/payload'
import { DONE_TEXTS, PROBLEM_TEXTS } from './answers'
import { workshopBySlug } from './form'
import { RegisterForm } from './RegisterForm'
import { seatsTaken, termsOf } from './seats'
import { FEW_SEATS, WORKSHOP_TEXTS } from './texts'
import { OutcomeNotices, textFor } from '@/components/forms/OutcomeNotices'

/**
 * /workshops/<address>/register (decision 064): the workshop, seats left when few remain, and the form, which
 * becomes "Join the waitlist" when full; after a post, what happened (`?done=` / `?problem=`).
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
  const [timeZone, taken] = await Promise.all([readCoachTimeZone(payload), seatsTaken(payload, workshop.id)])
  const terms = termsOf(workshop)
  const now = new Date().getTime()
  const open = isOpen(terms, now)
  const left = Math.max(0, terms.seats - taken)
  const full = left === 0
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
        {!open ? (
          <p className="lead">{WORKSHOP_TEXTS.closed}</p>
        ) : full && !terms.waitlist ? (
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
