import type { ReactNode } from 'react'

/**
 * One card of a card grid (`<ul className="card-grid">`): an optional picture on top, then its title and
 * body. `variant` adds the card's own class (`book-card`, `pricing-card`, ...).
 */
export function Card({
  title,
  variant,
  media,
  headingLevel = 'h3',
  children,
}: {
  title: ReactNode
  variant?: string
  media?: ReactNode
  headingLevel?: 'h2' | 'h3'
  children: ReactNode
}) {
  const Heading = headingLevel
  return (
    <li className={variant ? `card ${variant}` : 'card'}>
      {media}
      <div className="card__body">
        <Heading className="card__title">{title}</Heading>
        {children}
      </div>
    </li>
  )
}
