import Link from 'next/link'

import { AnnouncementBanner } from '@/features/site/AnnouncementBanner'
import { BlogPostList } from '@/features/content/components/BlogPostList'
import { ExternalLink } from '@/components/ExternalLink'
import { HelpCards } from '@/components/HelpCards'
import { JsonLd } from '@/components/JsonLd'
import { PageSection } from '@/components/PageSection'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { getSiteSettings } from '@/features/site/site-settings'
import { siteUrl } from '@/domain/brand'

import type { PageCopy } from '../defaults'

/** The home page's body, from its copy: the published copy for visitors, the latest draft in the coach's preview. */
export async function HomeView({ copy }: { copy: PageCopy<'home'> }) {
  const settings = await getSiteSettings()
  return (
    <>
      <AnnouncementBanner />
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">{copy.hero.eyebrow}</p>
          <h1>{copy.hero.headline}</h1>
          <p className="hero__lead">{copy.hero.lead}</p>
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
        <HelpCards cards={copy.helpCards} />
      </PageSection>

      <PageSection id="impact-heading" heading="Impact" tone="impact">
        <ul className="impact">
          {copy.impact.map((item, i) => (
            <li key={i}>
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
          name: settings.brand.name,
          jobTitle: settings.brand.role,
          description: settings.brand.description,
          url: siteUrl().toString(),
          ...(settings.brand.portrait ? { image: new URL(settings.brand.portrait.url, siteUrl()).toString() } : {}),
          email: settings.email,
          telephone: settings.phone,
          sameAs: Object.values(settings.social),
        }}
      />
    </>
  )
}
