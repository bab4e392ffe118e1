import type { ReactNode } from 'react'

/**
 * A section of a page under its h2 heading (which also names the section for screen readers).
 * `tone` picks the section's background; `narrow` keeps the text to reading width.
 */
export function PageSection({
  id,
  heading,
  tone,
  narrow = false,
  children,
}: {
  id: string
  heading: ReactNode
  tone?: 'tinted' | 'impact' | 'cta'
  narrow?: boolean
  children: ReactNode
}) {
  return (
    <section className={tone ? `section section--${tone}` : 'section'} aria-labelledby={id}>
      <div className={narrow ? 'container container--narrow' : 'container'}>
        <h2 id={id}>{heading}</h2>
        {children}
      </div>
    </section>
  )
}
