import Link from 'next/link'

import { AnnouncementBanner } from '@/components/AnnouncementBanner'
import { BlogPostList } from '@/features/content/components/BlogPostList'
import { ExternalLink } from '@/components/ExternalLink'
import { HelpCards } from '@/components/HelpCards'
import { JsonLd } from '@/components/JsonLd'
import { PageSection } from '@/components/PageSection'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { getSiteSettings } from '@/features/content/site-settings'
import { BRAND, siteUrl } from '@/domain/brand'
import { IMPACT } from '@/domain/business'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'Home',
  description: BRAND.description,
  path: '/',
})

export default async function HomePage() {
  const settings = await getSiteSettings()
  return (
    <>
      <AnnouncementBanner />
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">Personal growth and life coaching</p>
          <h1>Grow into the life you actually want</h1>
          <p className="hero__lead">
            I help thoughtful, busy people find clarity, build lasting habits and make brave decisions, through 1-on-1
            coaching, group sessions, books and workshops.
          </p>
          <div className="button-row">
            <Link href="/scheduling" className="button button--primary button--large">
              Schedule a Call
            </Link>
            <Link href="/coaching" className="button button--secondary button--large">
              Explore Coaching Services
            </Link>
          </div>
        </div>
      </section>

      <PageSection id="help-heading" heading="How I Can Help">
        <HelpCards />
      </PageSection>

      <PageSection id="impact-heading" heading="Impact" tone="impact">
        <ul className="impact">
          {IMPACT.map((item) => (
            <li key={item.label}>
              <span className="impact__figure">{item.figure}</span>
              <span className="impact__label">{item.label}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <TestimonialList />

      <PageSection id="featured-heading" heading="Featured Posts">
        <BlogPostList limit={3} headingLevel="h3" />
        <p className="section__cta">
          <ExternalLink className="button button--secondary" href={settings.externalBlogUrl}>
            Visit My Blog
          </ExternalLink>
        </p>
      </PageSection>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Person',
          name: BRAND.name,
          jobTitle: BRAND.role,
          url: siteUrl().toString(),
          email: settings.email,
          telephone: settings.phone,
          sameAs: Object.values(settings.social),
        }}
      />
    </>
  )
}
