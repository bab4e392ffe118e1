import { line, pageGlobal, paragraph, rows, seo } from './fields'

/** The books page's own words: the introduction and the three reader quotes (the books are a list of their own). */
export const BooksPage = pageGlobal('books', 'My Books', (d) => [
  paragraph('intro', 'Introduction', 300, d.intro),
  rows(
    'readerQuotes',
    'What Readers Say: the three quotes',
    [3, 3],
    [paragraph('quote', 'Quote', 240), line('author', 'Who said it', 60)],
    { defaultValue: d.readerQuotes },
  ),
  seo(d.seo),
])
