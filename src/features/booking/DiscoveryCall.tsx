import Link from 'next/link'

import { ExternalLink } from '@/components/ExternalLink'
import { DISCOVERY_CALL } from '@/domain/business'
import { getSiteSettings } from '@/features/site/site-settings'

/**
 * The scheduling part of the contact page, also shown at /scheduling until native booking exists.
 * "View Available Times" goes to the coach's external calendar when one is set, else to /scheduling;
 * on /scheduling itself (no calendar yet) it offers the contact form instead of linking to itself.
 */
export async function DiscoveryCall({
  headingLevel = 'h2',
  onSchedulingPage = false,
}: {
  headingLevel?: 'h1' | 'h2'
  onSchedulingPage?: boolean
}) {
  const { externalCalendarUrl, email } = await getSiteSettings()
  const Heading = headingLevel
  return (
    <section className="section discovery-call" aria-labelledby="discovery-heading">
      <div className="container container--narrow">
        <Heading id="discovery-heading">Book a Free Discovery Call</Heading>
        <p className="lead">
          A relaxed conversation of about {DISCOVERY_CALL.minutes} minutes, free of charge: we talk about where you are,
          where you want to be, and whether coaching is the right way to get there.
        </p>
        <ul className="checklist">
          <li>{DISCOVERY_CALL.price}, no obligation</li>
          <li>About {DISCOVERY_CALL.minutes} minutes by video or phone</li>
          <li>Times shown in your own time zone</li>
        </ul>
        {externalCalendarUrl ? (
          <ExternalLink className="button button--primary button--large" href={externalCalendarUrl}>
            View Available Times
          </ExternalLink>
        ) : onSchedulingPage ? (
          <p>
            Online booking is being set up. Until then, send a short message through the{' '}
            <Link href="/schedule-and-contact#contact-heading">contact form</Link> or write to{' '}
            <a href={`mailto:${email}`}>{email}</a>, and you will get a few times to choose from.
          </p>
        ) : (
          <Link className="button button--primary button--large" href="/scheduling">
            View Available Times
          </Link>
        )}
      </div>
    </section>
  )
}
