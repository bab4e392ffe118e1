import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { groupUpcoming } from './upcoming'
import { UpcomingCallsList } from './UpcomingCallsList'

const now = new Date('2026-11-25T10:00:00Z')
const html = (calls: Parameters<typeof groupUpcoming>[0]) =>
  renderToStaticMarkup(<UpcomingCallsList groups={groupUpcoming(calls, now, 'UTC')} timeZone="UTC" />)

describe('the upcoming calls as the admin shows them', () => {
  it('says there are none, and still links to all calls', () => {
    const page = html([])
    expect(page).toContain('<p data-upcoming-empty="true">No upcoming calls.</p>')
    expect(page).toContain('href="/admin/collections/discovery-calls?sort=-startsAt"')
    expect(page).toContain('Times in your time zone, UTC')
    expect(page).not.toContain('<h2')
  })

  it('shows only the groups that have calls, each call linked to its screen with its time and status', () => {
    const page = html([
      { id: 7, name: 'Ana Lima', startsAt: '2026-11-25T16:30:00Z', status: 'booked', cancelledBy: null },
      { id: 8, name: 'Ben Okafor', startsAt: '2027-01-05T09:00:00Z', status: 'cancelled', cancelledBy: 'visitor' },
    ])
    expect([...page.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(['Today', 'Later'])
    expect(page).toContain('<time dateTime="2026-11-25T16:30:00Z"')
    expect(page).toContain('>16:30</time>')
    expect(page).toContain('href="/admin/collections/discovery-calls/7"')
    expect(page).toContain('>Tue 5 Jan 2027, 09:00</time>')
    expect(page).toContain('<span data-call-status="true">Cancelled by the visitor</span>')
    expect(page).not.toContain('No upcoming calls.')
  })
})
