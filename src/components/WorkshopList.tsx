import { Suspense } from 'react'

import { getWorkshops } from '@/content/lists'
import { BRAND } from '@/domain/brand'
import { formatEventDate } from '@/domain/dates'
import { JsonLd } from './JsonLd'
import { ListLoading, ListView } from './ListView'

async function Workshops() {
  const state = await getWorkshops()
  return (
    <ListView list="workshops" state={state}>
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
                organizer: { '@type': 'Person', name: BRAND.name },
                url: w.registerLink,
              })),
            }}
          />
          <ul className="card-grid" data-list="workshops">
            {items.map((w) => (
              <li key={`${w.title}-${w.date}`} className="card">
                <div className="card__body">
                  <h3 className="card__title">{w.title}</h3>
                  <p className="event-meta">
                    <time dateTime={w.date}>{formatEventDate(w.date)}</time>
                    <span aria-hidden="true"> · </span>
                    <span>{w.format}</span>
                  </p>
                  <p>{w.description}</p>
                  <a className="button button--primary" href={w.registerLink} target="_blank" rel="noopener noreferrer">
                    Register Now<span className="visually-hidden">: {w.title} (opens in a new tab)</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListView>
  )
}

export function WorkshopList() {
  return (
    <Suspense fallback={<ListLoading list="workshops" />}>
      <Workshops />
    </Suspense>
  )
}
