import { getCoachingServices } from '@/features/content/lists'
import { Card } from '@/components/Card'
import { ExternalLink } from '@/components/ExternalLink'
import { ListView } from '@/components/ListView'

export function CoachingServiceList() {
  return (
    <ListView list="coachingServices" read={getCoachingServices}>
      {(items) => (
        <ul className="card-grid" data-list="coaching-services">
          {items.map((service) => (
            <Card key={service.title} title={service.title}>
              <p>{service.summary}</p>
              {service.features.length > 0 && (
                <ul className="feature-list">
                  {service.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              )}
              {service.link && (
                <ExternalLink className="button button--text" href={service.link} detail={<> about {service.title}</>}>
                  Learn more
                </ExternalLink>
              )}
            </Card>
          ))}
        </ul>
      )}
    </ListView>
  )
}
