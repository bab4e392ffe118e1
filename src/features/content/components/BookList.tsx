import { getSiteSettings } from '@/features/site/site-settings'
import { getBooks } from '@/features/content/lists'
import { Card } from '@/components/Card'
import { ExternalLink } from '@/components/ExternalLink'
import { JsonLd } from '@/components/JsonLd'
import { ListView } from '@/components/ListView'

export async function BookList() {
  const { brand } = await getSiteSettings()
  return (
    <ListView list="books" read={getBooks}>
      {(items) => (
        <>
          <JsonLd
            data={{
              '@context': 'https://schema.org',
              '@graph': items.map((book) => ({
                '@type': 'Book',
                name: book.title,
                description: book.synopsis,
                author: { '@type': 'Person', name: brand.name },
                url: book.purchaseLink,
              })),
            }}
          />
          <ul className="card-grid" data-list="books">
            {items.map((book) => (
              <Card
                key={book.title}
                variant="book-card"
                title={book.title}
                media={
                  book.coverImage && (
                    <img
                      className="book-card__cover"
                      src={book.coverImage}
                      alt={book.coverAlt}
                      width={400}
                      height={600}
                      loading="lazy"
                      decoding="async"
                    />
                  )
                }
              >
                <p>{book.synopsis}</p>
                <ExternalLink className="button button--primary" href={book.purchaseLink} detail={<>: {book.title}</>}>
                  Buy on Amazon
                </ExternalLink>
              </Card>
            ))}
          </ul>
        </>
      )}
    </ListView>
  )
}
