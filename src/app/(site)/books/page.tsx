import { BookList } from '@/features/content/components/BookList'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { TestimonialCard } from '@/features/content/components/TestimonialCard'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'My Books',
  description: 'Books on courage, habits and rest: practical guides for people who want to grow without burning out.',
  path: '/books',
})

const READER_QUOTES = [
  { quote: 'I underlined half of it and gave my copy to my sister the same week.', author: 'Anna, reader' },
  {
    quote: 'Finally a self-help book that respects my time: short chapters, real exercises.',
    author: 'Marcus, reader',
  },
  { quote: 'The 30-day plan got me through a hard career decision. Warm and practical.', author: 'Leila, reader' },
]

export default function BooksPage() {
  return (
    <>
      <PageIntro title="My Books">
        <p className="lead">
          Everything I teach in sessions and workshops, distilled into books you can keep by your bed and come back to.
        </p>
      </PageIntro>
      <PageSection id="featured-books-heading" heading="Featured Books">
        <BookList />
      </PageSection>
      <PageSection id="readers-heading" heading="What Readers Say" tone="tinted">
        <ul className="card-grid" data-list="reader-quotes">
          {READER_QUOTES.map((q) => (
            <TestimonialCard key={q.author} quote={q.quote} author={q.author} />
          ))}
        </ul>
      </PageSection>
    </>
  )
}
