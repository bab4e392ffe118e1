import type { UIFieldServerComponent } from 'payload'

import { siteUrl } from '@/domain/brand'
import { feedPath } from './calendar-feed'

/** In Booking → Availability: the private address of the booked-calls feed, for the coach's calendar app. */
export const FeedAddress: UIFieldServerComponent = ({ data }) => {
  const version = Number((data as { feedVersion?: number } | undefined)?.feedVersion ?? 1)
  const address = `${siteUrl().origin}${feedPath(version)}`
  return (
    <div className="field-type" style={{ marginBottom: '1.5rem' }}>
      <p style={{ fontWeight: 600, marginBottom: '0.25rem' }}>Your booked calls as a calendar feed</p>
      <p style={{ marginBottom: '0.25rem' }}>
        <code data-feed-address>{address}</code>
      </p>
      <p style={{ color: 'var(--theme-elevation-600)' }}>
        Subscribe to this address in Google, Apple or Outlook calendar to see every booked call; cancelled calls
        disappear from it. Keep it private: anyone with the address can read it. To give it a new address, change the
        version below and save; the old address stops working.
      </p>
    </div>
  )
}
