import { Suspense } from 'react'

import { getFaqs } from '@/content/lists'
import type { FaqPage } from '@/domain/faq-pages'

async function Faqs({ page }: { page: FaqPage }) {
  const state = await getFaqs(page)
  if (state.status === 'failed') {
    return <p className="list-message list-message--error">Failed to load the questions. Please try again later.</p>
  }
  if (state.items.length === 0) return <p className="list-message">No questions yet.</p>
  return (
    <div className="faq-list">
      {state.items.map((faq) => (
        <details key={faq.question} className="faq">
          <summary>{faq.question}</summary>
          <p>{faq.answer}</p>
        </details>
      ))}
    </div>
  )
}

/** Frequently asked questions of one page, as the coach wrote them. */
export function FaqList({ page, heading = 'Frequently Asked Questions' }: { page: FaqPage; heading?: string }) {
  return (
    <section className="section" aria-labelledby={`faq-${page}`}>
      <div className="container container--narrow">
        <h2 id={`faq-${page}`}>{heading}</h2>
        <Suspense
          fallback={
            <p className="list-message" role="status">
              Loading questions...
            </p>
          }
        >
          <Faqs page={page} />
        </Suspense>
      </div>
    </section>
  )
}
