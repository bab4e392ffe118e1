import Link from 'next/link'

import { fillPrices } from '@/domain/prices'
import { getPriceCards } from '@/features/pages/read'
import { getAnnouncement } from './site-settings'

export async function AnnouncementBanner() {
  const announcement = await getAnnouncement()
  if (!announcement) return null
  const { link } = announcement
  // A price named by placeholder ({lowest price}, {price: <card>}) is the current one (src/domain/prices.ts).
  const text = announcement.text.includes('{')
    ? fillPrices(announcement.text, await getPriceCards())
    : announcement.text
  // "Learn more" alone says nothing out of context (a list of links, search engines): the hidden words say
  // what there is to learn about.
  const linkText = (
    <>
      Learn more<span className="visually-hidden">: {text}</span>
    </>
  )
  return (
    <aside className="announcement" aria-label="Announcement">
      <div className="container">
        <p>
          {text}{' '}
          {link &&
            (link.startsWith('/') ? (
              <Link href={link}>{linkText}</Link>
            ) : (
              <a href={link} rel="noopener noreferrer">
                {linkText}
              </a>
            ))}
        </p>
      </div>
    </aside>
  )
}
