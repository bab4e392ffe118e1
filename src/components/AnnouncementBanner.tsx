import Link from 'next/link'

import { getAnnouncement } from '@/content/site-settings'

export async function AnnouncementBanner() {
  const announcement = await getAnnouncement()
  if (!announcement) return null
  const { text, link } = announcement
  return (
    <aside className="announcement" aria-label="Announcement">
      <div className="container">
        <p>
          {text}{' '}
          {link &&
            (link.startsWith('/') ? (
              <Link href={link}>Learn more</Link>
            ) : (
              <a href={link} rel="noopener noreferrer">
                Learn more
              </a>
            ))}
        </p>
      </div>
    </aside>
  )
}
