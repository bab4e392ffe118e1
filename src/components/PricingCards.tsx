import Link from 'next/link'

import { formatPrice } from '@/domain/business'
import { Card } from './Card'

/** Where a card's "Buy" leads, and its plan when it is paid in instalments ("3 monthly payments of $400"). */
export type BuyLink = { href: string; instalments?: string }

export type PricingPlan = { name: string; price: number; rhythm: string; features: { feature: string }[] }

/**
 * The coaching page's pricing cards, each with a button to book the free discovery call, and "Buy" on the
 * cards sold as a package (`buyLinks`: card name → the package's buy page).
 */
export function PricingCards({
  plans,
  callToAction,
  buyLinks = {},
}: {
  plans: PricingPlan[]
  callToAction: string
  buyLinks?: Record<string, BuyLink>
}) {
  return (
    <ul className="card-grid pricing" data-list="pricing">
      {plans.map((plan, i) => (
        <Card key={i} variant="pricing-card" title={plan.name}>
          <p className="pricing-card__price">{formatPrice(plan.price)}</p>
          <p className="pricing-card__rhythm">{plan.rhythm}</p>
          <ul className="feature-list">
            {plan.features.map((f, j) => (
              <li key={j}>{f.feature}</li>
            ))}
          </ul>
          {Object.hasOwn(buyLinks, plan.name) && buyLinks[plan.name]!.instalments && (
            <p className="pricing-card__instalments">Paid in {buyLinks[plan.name]!.instalments}</p>
          )}
          {Object.hasOwn(buyLinks, plan.name) && (
            <Link href={buyLinks[plan.name]!.href} className="button button--primary">
              Buy
              <span className="visually-hidden"> the {plan.name}</span>
            </Link>
          )}
          <Link href="/scheduling" className="button button--secondary">
            {callToAction}
            <span className="visually-hidden"> about the {plan.name}</span>
          </Link>
        </Card>
      ))}
    </ul>
  )
}
