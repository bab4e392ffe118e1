import { getTestimonials } from '@/features/content/lists'
import { ListView } from '@/components/ListView'
import { PageSection } from '@/components/PageSection'
import { TestimonialCard } from './TestimonialCard'

/** The testimonials block used on every page that shows testimonials. */
export function TestimonialList({ heading = 'What Clients Say' }: { heading?: string }) {
  return (
    <PageSection id="testimonials-heading" heading={heading} tone="tinted">
      <ListView list="testimonials" read={getTestimonials}>
        {(items) => (
          <ul className="card-grid testimonial-grid" data-list="testimonials">
            {items.map((t, i) => (
              <TestimonialCard key={i} quote={t.quote} author={t.author} />
            ))}
          </ul>
        )}
      </ListView>
    </PageSection>
  )
}
