import { DISCOVERY_CALL } from './business'

/** Who the site is for; the coach's own words go in the CMS, these are the fixed frame. */
export const BRAND = {
  name: 'Jordan Ellis',
  siteName: 'Jordan Ellis Coaching',
  role: 'Personal growth and life coach, author',
  description: `Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free ${DISCOVERY_CALL.minutes}-minute discovery call.`,
} as const

/** The public address of the site, for canonical links, Open Graph and the sitemap. */
export const siteUrl = (): URL => new URL(process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`)
