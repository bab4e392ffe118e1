import { BOOKS_COPY } from './defaults'
import { line, pageGlobal, paragraph, rows, seo } from './fields'

const d = BOOKS_COPY

/** The books page's own words: the introduction and the three reader quotes (the books are a list of their own). */
export const BooksPage = pageGlobal('books', {
  label: 'My Books',
  fields: [
    paragraph('intro', 'Introduction', 300, d.intro),
    rows(
      'readerQuotes',
      'What Readers Say: the three quotes',
      [3, 3],
      [paragraph('quote', 'Quote', 240), line('author', 'Who said it', 60)],
      { defaultValue: d.readerQuotes },
    ),
    seo(d.seo),
  ],
})
