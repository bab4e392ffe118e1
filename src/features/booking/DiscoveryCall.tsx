import Link from 'next/link'

import { ExternalLink } from '@/components/ExternalLink'
import { DISCOVERY_CALL } from '@/domain/business'
import { getSiteSettings } from '@/features/site/site-settings'

/** The discovery call's heading and introduction, on the contact page (h2) and on /scheduling (h1). */
export function DiscoveryCallIntro({ headingLevel }: { headingLevel: 'h1' | 'h2' }) {
  const Heading = headingLevel
  return (
    <>
      <Heading id="discovery-heading">Book a Free Discovery Call</Heading>
      <p className="lead">
        A relaxed conversation of about {DISCOVERY_CALL.minutes} minutes, free of charge: we talk about where you are,
        where you want to be, and whether coaching is the right way to get there.
      </p>
    </>
  )
}

/**
 * The scheduling part of the contact page. "View Available Times" goes to the coach's external calendar when
 * one is set (Site settings), else to the booking page, /scheduling.
 */
export async function DiscoveryCall() {
  const { externalCalendarUrl } = await getSiteSettings()
  return (
    <section className="section discovery-call" aria-labelledby="discovery-heading">
      <div className="container container--narrow">
        <DiscoveryCallIntro headingLevel="h2" />
        <ul className="checklist">
          <li>{DISCOVERY_CALL.price}, no obligation</li>
          <li>About {DISCOVERY_CALL.minutes} minutes by video or phone</li>
          <li>Times shown in your own time zone</li>
        </ul>
        {externalCalendarUrl ? (
          <ExternalLink className="button button--primary button--large" href={externalCalendarUrl}>
            View Available Times
          </ExternalLink>
        ) : (
          <Link className="button button--primary button--large" href="/scheduling">
            View Available Times
          </Link>
        )}
      </div>
    </section>
  )
}
