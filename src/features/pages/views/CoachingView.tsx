import Link from 'next/link'

import { CoachingServiceList } from '@/features/content/components/CoachingServiceList'
import { FaqList } from '@/features/content/components/FaqList'
import { JsonLd } from '@/components/JsonLd'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { PricingCards, type BuyLink } from '@/components/PricingCards'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { getSiteSettings } from '@/features/site/site-settings'

import type { PageCopy } from '../defaults'

/**
 * The coaching page's body, from its copy (published, or the latest draft in the coach's preview), with "Buy"
 * on the cards sold as packages (`buyLinks`, from src/features/packages: given by the route).
 */
export async function CoachingView({
  copy,
  buyLinks,
}: {
  copy: PageCopy<'coaching'>
  buyLinks?: Record<string, BuyLink>
}) {
  const { brand } = await getSiteSettings()
  return (
    <>
      <PageIntro title="Coaching">
        <p className="lead">{copy.intro}</p>
      </PageIntro>
      <PageSection id="packages-heading" heading="Coaching Packages">
        <CoachingServiceList />
      </PageSection>
      <PageSection id="expect-heading" heading="What to Expect" tone="tinted">
        <ol className="steps">
          {copy.steps.map((s, i) => (
            <li key={i}>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <TestimonialList />
      <PageSection id="pricing-heading" heading="Pricing">
        <PricingCards plans={copy.pricing} callToAction={copy.pricingCallToAction} buyLinks={buyLinks} />
      </PageSection>
      <FaqList page="coaching" />
      <PageSection id="cta-heading" heading={copy.closing.heading} tone="cta" narrow>
        <p>{copy.closing.text}</p>
        <Link href="/scheduling" className="button button--primary button--large">
          Schedule a Call
        </Link>
      </PageSection>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Service',
          serviceType: 'Life coaching',
          provider: { '@type': 'Person', name: brand.name },
          offers: copy.pricing.map((p) => ({
            '@type': 'Offer',
            name: p.name,
            description: p.rhythm,
            price: p.price,
            priceCurrency: 'USD',
          })),
        }}
      />
    </>
  )
}
