import Link from 'next/link'

import { CoachingServiceList } from '@/features/content/components/CoachingServiceList'
import { FaqList } from '@/features/content/components/FaqList'
import { JsonLd } from '@/components/JsonLd'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { PricingCards } from '@/components/PricingCards'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { BRAND } from '@/domain/brand'
import { DISCOVERY_CALL, PRICING, RESCHEDULE_NOTICE_HOURS } from '@/domain/business'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'Coaching',
  description: 'Coaching packages, what to expect, pricing from $150 and answers to common questions.',
  path: '/coaching',
})

const STEPS = [
  {
    title: 'A free discovery call',
    text: `About ${DISCOVERY_CALL.minutes} minutes to talk about your goals and see if we are a good fit.`,
  },
  { title: 'Your growth plan', text: 'Together we turn what you want into clear goals and first small steps.' },
  {
    title: 'Regular sessions',
    text: `60-minute sessions by video or phone. Reschedule with ${RESCHEDULE_NOTICE_HOURS} hours notice.`,
  },
  { title: 'Progress you can see', text: 'We review what works, adjust the plan and celebrate the wins.' },
]

export default function CoachingPage() {
  return (
    <>
      <PageIntro title="Coaching">
        <p className="lead">
          Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so
          you can move from stuck to moving.
        </p>
      </PageIntro>
      <PageSection id="packages-heading" heading="Coaching Packages">
        <CoachingServiceList />
      </PageSection>
      <PageSection id="expect-heading" heading="What to Expect" tone="tinted">
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s.title}>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <TestimonialList />
      <PageSection id="pricing-heading" heading="Pricing">
        <PricingCards />
      </PageSection>
      <FaqList page="coaching" />
      <PageSection id="cta-heading" heading="Ready to Begin?" tone="cta" narrow>
        <p>Start with a free discovery call of about {DISCOVERY_CALL.minutes} minutes. No obligation.</p>
        <Link href="/scheduling" className="button button--primary button--large">
          Schedule a Call
        </Link>
      </PageSection>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Service',
          serviceType: 'Life coaching',
          provider: { '@type': 'Person', name: BRAND.name },
          offers: PRICING.map((p) => ({
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
