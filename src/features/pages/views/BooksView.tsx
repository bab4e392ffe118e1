import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { BookList } from '@/features/content/components/BookList'
import { TestimonialCard } from '@/features/content/components/TestimonialCard'
import type { PageCopy } from '../defaults'

/** The books page's body, from its copy (published, or the latest draft in the coach's preview). */
export function BooksView({ copy }: { copy: PageCopy<'books'> }) {
  return (
    <>
      <PageIntro title="My Books">
        <p className="lead">{copy.intro}</p>
      </PageIntro>
      <PageSection id="featured-books-heading" heading="Featured Books">
        <BookList />
      </PageSection>
      <PageSection id="readers-heading" heading="What Readers Say" tone="tinted">
        <ul className="card-grid" data-list="reader-quotes">
          {copy.readerQuotes.map((q, i) => (
            <TestimonialCard key={i} quote={q.quote} author={q.author} />
          ))}
        </ul>
      </PageSection>
    </>
  )
}
