import { getSiteSettings } from '@/features/site/site-settings'
import { getWorkshops } from '@/features/content/lists'
import { formatEventDate } from '@/domain/dates'
import { Card } from '@/components/Card'
import { ExternalLink } from '@/components/ExternalLink'
import { JsonLd } from '@/components/JsonLd'
import { ListView } from '@/components/ListView'
import { WORKSHOP_TEXTS } from '@/features/workshops/texts'

export async function WorkshopList() {
  const { brand } = await getSiteSettings()
  return (
    <ListView list="workshops" read={getWorkshops}>
      {(items) => (
        <>
          <JsonLd
            data={{
              '@context': 'https://schema.org',
              '@graph': items.map((w) => ({
                '@type': 'Event',
                name: w.title,
                startDate: w.date,
                description: w.description,
                eventAttendanceMode: /online/i.test(w.format)
                  ? 'https://schema.org/OnlineEventAttendanceMode'
                  : 'https://schema.org/OfflineEventAttendanceMode',
                organizer: { '@type': 'Person', name: brand.name },
                url: w.registerLink,
              })),
            }}
          />
          <ul className="card-grid" data-list="workshops">
            {items.map((w) => (
              <Card key={`${w.title}-${w.date}`} title={w.title}>
                <p className="event-meta">
                  <time dateTime={w.date}>{formatEventDate(w.date, w.timeZone)}</time>
                  <span aria-hidden="true"> · </span>
                  <span>{w.format}</span>
                </p>
                <p>{w.description}</p>
                {w.onSite && (w.join === 'full' || w.join === 'closed') ? (
                  <p className="event-status">{w.join === 'full' ? WORKSHOP_TEXTS.full : WORKSHOP_TEXTS.closed}</p>
                ) : w.onSite ? (
                  <a className="button button--primary" href={new URL(w.registerLink).pathname}>
                    {w.join === 'waitlist' ? WORKSHOP_TEXTS.joinWaitlist : 'Register Now'}
                    <span className="visually-hidden">: {w.title}</span>
                  </a>
                ) : (
                  <ExternalLink className="button button--primary" href={w.registerLink} detail={<>: {w.title}</>}>
                    Register Now
                  </ExternalLink>
                )}
              </Card>
            ))}
          </ul>
        </>
      )}
    </ListView>
  )
}
