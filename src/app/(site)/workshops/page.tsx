import { FaqList } from '@/components/FaqList'
import { PageIntro } from '@/components/PageIntro'
import { SubscribeForm } from '@/features/newsletter/SubscribeForm'
import { TestimonialList } from '@/components/TestimonialList'
import { WorkshopList } from '@/components/WorkshopList'
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
      <section className="section" aria-labelledby="upcoming-heading">
        <div className="container">
          <h2 id="upcoming-heading">Upcoming Events</h2>
          <WorkshopList />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="highlights-heading">
        <div className="container">
          <h2 id="highlights-heading">Past Highlights</h2>
          <ul className="card-grid" data-list="highlights">
            {HIGHLIGHTS.map((h) => (
              <li key={h.year} className="card">
                <div className="card__body">
                  <h3 className="card__title">{h.year}</h3>
                  <p>{h.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <TestimonialList heading="What Participants Say" />
      <FaqList page="workshops" />
      <section className="section section--tinted" aria-labelledby="workshop-news-heading">
        <div className="container container--narrow">
          <h2 id="workshop-news-heading">Hear About New Workshops First</h2>
          <p>Get new dates and early bird offers in your inbox.</p>
          <SubscribeForm source="workshops" />
        </div>
      </section>
    </>
  )
}
