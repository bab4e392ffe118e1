import Link from 'next/link'

import { Card } from './Card'

export type HelpCard = { title: string; text: string; link: string; linkLabel: string }

/** The home page's "How I Can Help" cards, each leading to one of the site's pages. */
export function HelpCards({ cards }: { cards: HelpCard[] }) {
  return (
    <ul className="card-grid">
      {cards.map((card, i) => (
        <Card key={i} title={card.title}>
          <p>{card.text}</p>
          <Link href={card.link} className="button button--text">
            {card.linkLabel}
          </Link>
        </Card>
      ))}
    </ul>
  )
}
