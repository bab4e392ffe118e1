import { IntroVideo } from '@/components/IntroVideo'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { getSiteSettings } from '@/features/content/site-settings'
import { BRAND } from '@/domain/brand'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'About',
  description: `Meet ${BRAND.name}: the journey, philosophy and credentials behind the coaching, books and workshops.`,
  path: '/about',
})

export default async function AboutPage() {
  const settings = await getSiteSettings()
  return (
    <>
      <PageIntro title={`About ${BRAND.name}`}>
        <p className="lead">Coach, author and workshop leader, helping people grow with courage and kindness.</p>
      </PageIntro>
      <section className="section" aria-labelledby="journey-heading">
        <div className="container about-grid">
          <img
            className="portrait"
            src="/images/portrait.svg"
            alt={`Portrait of ${BRAND.name}`}
            width={480}
            height={600}
          />
          <div>
            <h2 id="journey-heading">My Journey</h2>
            <p>
              For a decade I worked in corporate leadership, successful on paper and exhausted in practice. A burnout at
              34 made me ask better questions about what a good life is, and that question became my work.
            </p>
            <p>
              Since then I have coached more than 500 clients, hosted over 20 workshops and written three books about
              courage, habits and rest.
            </p>
            <h2>My Philosophy</h2>
            <p>
              Change lasts when it is small, specific and kind. I combine evidence-based coaching tools with honest
              conversation: you bring the goals, I bring structure, questions and accountability.
            </p>
          </div>
        </div>
      </section>
      <PageSection id="credentials-heading" heading="Credentials" tone="tinted" narrow>
        <ul className="credentials">
          <li>ICF Professional Certified Coach (PCC)</li>
          <li>MSc in Organisational Psychology</li>
          <li>Certified Mindfulness-Based Stress Reduction teacher</li>
          <li>10 years of coaching experience</li>
        </ul>
      </PageSection>
      <PageSection id="video-heading" heading="A Short Introduction" narrow>
        <IntroVideo videoId={settings.introVideoId} title={`An introduction by ${BRAND.name}`} />
      </PageSection>
      <TestimonialList />
    </>
  )
}
