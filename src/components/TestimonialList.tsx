import { Suspense } from 'react'

import { getTestimonials } from '@/content/lists'
import { ListLoading, ListView } from './ListView'

async function Testimonials() {
  const state = await getTestimonials()
  return (
    <ListView list="testimonials" state={state}>
      {(items) => (
        <ul className="card-grid testimonial-grid" data-list="testimonials">
          {items.map((t, i) => (
            <li key={i} className="card testimonial">
              <figure>
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>{t.author}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </ListView>
  )
}

/** The testimonials block used on every page that shows testimonials. */
export function TestimonialList({ heading = 'What Clients Say' }: { heading?: string }) {
  return (
    <section className="section section--tinted" aria-labelledby="testimonials-heading">
      <div className="container">
        <h2 id="testimonials-heading">{heading}</h2>
        <Suspense fallback={<ListLoading list="testimonials" />}>
          <Testimonials />
        </Suspense>
      </div>
    </section>
  )
}
