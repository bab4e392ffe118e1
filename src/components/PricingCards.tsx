import Link from 'next/link'

import { formatPrice, PRICING } from '@/domain/business'
import { Card } from './Card'

export function PricingCards() {
  return (
    <ul className="card-grid pricing" data-list="pricing">
      {PRICING.map((plan) => (
        <Card key={plan.name} variant="pricing-card" title={plan.name}>
          <p className="pricing-card__price">{formatPrice(plan.price)}</p>
          <p className="pricing-card__rhythm">{plan.rhythm}</p>
          <ul className="feature-list">
            {plan.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link href="/scheduling" className="button button--secondary">
            Start with a free call<span className="visually-hidden"> about the {plan.name}</span>
          </Link>
        </Card>
      ))}
    </ul>
  )
}
