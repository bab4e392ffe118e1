import { FaqList } from '@/features/content/components/FaqList'
import { Card } from '@/components/Card'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { WorkshopList } from '@/features/content/components/WorkshopList'
import { SubscribeForm } from '@/features/newsletter/SubscribeForm'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'Workshops',
  description: 'Upcoming workshops and seminars, online and in person, plus highlights from past years.',
  path: '/workshops',
})

const HIGHLIGHTS = [
  { year: 2024, text: 'The first Resilience Weekend Seminar: 120 participants, two days, one sold-out room.' },
  { year: 2023, text: 'Boundaries at Work toured five cities and went online for 300 remote attendees.' },
  { year: 2022, text: 'Design Your Next Chapter launched as a small online pilot with 40 participants.' },
]

export default function WorkshopsPage() {
  return (
    <>
      <PageIntro title="Workshops and Seminars">
        <p className="lead">Learn, practise and grow together: hands-on sessions with tools you keep using.</p>
      </PageIntro>
      <PageSection id="upcoming-heading" heading="Upcoming Events">
        <WorkshopList />
      </PageSection>
      <PageSection id="highlights-heading" heading="Past Highlights" tone="tinted">
        <ul className="card-grid" data-list="highlights">
          {HIGHLIGHTS.map((h) => (
            <Card key={h.year} title={h.year}>
              <p>{h.text}</p>
            </Card>
          ))}
        </ul>
      </PageSection>
      <TestimonialList heading="What Participants Say" />
      <FaqList page="workshops" />
      <PageSection id="workshop-news-heading" heading="Hear About New Workshops First" tone="tinted" narrow>
        <p>Get new dates and early bird offers in your inbox.</p>
        <SubscribeForm source="workshops" />
      </PageSection>
    </>
  )
}
