import { Suspense } from 'react'

import { getBooks } from '@/content/lists'
import { BRAND } from '@/domain/brand'
import { JsonLd } from './JsonLd'
import { ListLoading, ListView } from './ListView'

async function Books() {
  const state = await getBooks()
  return (
    <ListView list="books" state={state}>
      {(items) => (
        <>
          <JsonLd
            data={{
              '@context': 'https://schema.org',
              '@graph': items.map((book) => ({
                '@type': 'Book',
                name: book.title,
                description: book.synopsis,
                author: { '@type': 'Person', name: BRAND.name },
                url: book.purchaseLink,
              })),
            }}
          />
          <ul className="card-grid" data-list="books">
            {items.map((book) => (
              <li key={book.title} className="card book-card">
                {book.coverImage && (
                  <img
                    className="book-card__cover"
                    src={book.coverImage}
                    alt={book.coverAlt}
                    width={400}
                    height={600}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <div className="card__body">
                  <h3 className="card__title">{book.title}</h3>
                  <p>{book.synopsis}</p>
                  <a
                    className="button button--primary"
                    href={book.purchaseLink}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Buy on Amazon<span className="visually-hidden">: {book.title} (opens in a new tab)</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListView>
  )
}

export function BookList() {
  return (
    <Suspense fallback={<ListLoading list="books" />}>
      <Books />
    </Suspense>
  )
}
