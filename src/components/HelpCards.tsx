import Link from 'next/link'

import { Card } from './Card'

const CARDS = [
  {
    title: '1-on-1 Coaching',
    text: 'Private sessions tailored to your goals, pace and life.',
    href: '/coaching',
    cta: 'Explore coaching',
  },
  {
    title: 'Group Sessions',
    text: 'Grow alongside others in small, supportive coaching circles.',
    href: '/coaching',
    cta: 'See group coaching',
  },
  {
    title: 'Workshops',
    text: 'Hands-on workshops and seminars, online and in person.',
    href: '/workshops',
    cta: 'View workshops',
  },
] as const

export function HelpCards() {
  return (
    <ul className="card-grid">
      {CARDS.map((card) => (
        <Card key={card.title} title={card.title}>
          <p>{card.text}</p>
          <Link href={card.href} className="button button--text">
            {card.cta}
          </Link>
        </Card>
      ))}
    </ul>
  )
}
