import { BookList } from '@/components/BookList'
import { PageIntro } from '@/components/PageIntro'
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
      <section className="section" aria-labelledby="featured-books-heading">
        <div className="container">
          <h2 id="featured-books-heading">Featured Books</h2>
          <BookList />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="readers-heading">
        <div className="container">
          <h2 id="readers-heading">What Readers Say</h2>
          <ul className="card-grid" data-list="reader-quotes">
            {READER_QUOTES.map((q) => (
              <li key={q.author} className="card testimonial">
                <figure>
                  <blockquote>
                    <p>{q.quote}</p>
                  </blockquote>
                  <figcaption>{q.author}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
