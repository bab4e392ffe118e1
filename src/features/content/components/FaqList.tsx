import { getFaqs } from '@/features/content/lists'
import type { FaqPage } from '@/domain/faq-pages'
import { ListView, type ListTexts } from '@/components/ListView'
import { PageSection } from '@/components/PageSection'

const FAQ_TEXTS: ListTexts = {
  loading: 'Loading questions...',
  failed: 'Failed to load the questions. Please try again later.',
  empty: 'No questions yet.',
}

/** Frequently asked questions of one page, as the coach wrote them. */
export function FaqList({ page, heading = 'Frequently Asked Questions' }: { page: FaqPage; heading?: string }) {
  return (
    <PageSection id={`faq-${page}`} heading={heading} narrow>
      <ListView texts={FAQ_TEXTS} read={() => getFaqs(page)}>
        {(items) => (
          <div className="faq-list">
            {items.map((faq) => (
              <details key={faq.question} className="faq">
                <summary>{faq.question}</summary>
                <p>{faq.answer}</p>
              </details>
            ))}
          </div>
        )}
      </ListView>
    </PageSection>
  )
}
