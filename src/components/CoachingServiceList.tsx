import { Suspense } from 'react'

import { getCoachingServices } from '@/content/lists'
import { ListLoading, ListView } from './ListView'

async function CoachingServices() {
  const state = await getCoachingServices()
  return (
    <ListView list="coachingServices" state={state}>
      {(items) => (
        <ul className="card-grid" data-list="coaching-services">
          {items.map((service) => (
            <li key={service.title} className="card">
              <div className="card__body">
                <h3 className="card__title">{service.title}</h3>
                <p>{service.summary}</p>
                {service.features.length > 0 && (
                  <ul className="feature-list">
                    {service.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                )}
                {service.link && (
                  <a className="button button--text" href={service.link} target="_blank" rel="noopener noreferrer">
                    Learn more<span className="visually-hidden"> about {service.title} (opens in a new tab)</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListView>
  )
}

export function CoachingServiceList() {
  return (
    <Suspense fallback={<ListLoading list="coachingServices" />}>
      <CoachingServices />
    </Suspense>
  )
}
