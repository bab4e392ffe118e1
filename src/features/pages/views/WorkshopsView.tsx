import { Card } from '@/components/Card'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { FaqList } from '@/features/content/components/FaqList'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { WorkshopList } from '@/features/content/components/WorkshopList'
import { ArchiveLink } from '@/features/newsletter/ArchiveLink'
import { SubscribeForm } from '@/features/newsletter/SubscribeForm'
import type { PageCopy } from '../defaults'

/** The workshops page's body, from its copy (published, or the latest draft in the coach's preview). */
export function WorkshopsView({ copy }: { copy: PageCopy<'workshops'> }) {
  return (
    <>
      <PageIntro title="Workshops and Seminars">
        <p className="lead">{copy.intro}</p>
      </PageIntro>
      <PageSection id="upcoming-heading" heading="Upcoming Events">
        <WorkshopList />
      </PageSection>
      <PageSection id="highlights-heading" heading="Past Highlights" tone="tinted">
        <ul className="card-grid" data-list="highlights">
          {copy.highlights.map((h, i) => (
            <Card key={i} title={h.year}>
              <p>{h.text}</p>
            </Card>
          ))}
        </ul>
      </PageSection>
      <TestimonialList heading="What Participants Say" />
      <FaqList page="workshops" />
      <PageSection id="workshop-news-heading" heading="Hear About New Workshops First" tone="tinted" narrow>
        <p>{copy.newsletterText}</p>
        <SubscribeForm source="workshops" />
        <ArchiveLink />
      </PageSection>
    </>
  )
}
