import { DEFAULT_BRAND, type Brand } from './brand'

export type SocialLinks = {
  instagram: string
  facebook: string
  blogPlatform: string
  linkedin: string
  whatsapp: string
}

export type SiteSettingsData = {
  brand: Brand
  phone: string
  email: string
  social: SocialLinks
  externalBlogUrl: string
  introVideoId: string
  externalCalendarUrl: string | null
}

/**
 * What the header and footer show when the settings cannot be read (or were never filled in); also what a
 * fresh install is seeded with.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettingsData = {
  brand: DEFAULT_BRAND,
  phone: '+1 (555) 010-2030',
  email: 'hello@example.com',
  social: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    blogPlatform: 'https://medium.com/',
    linkedin: 'https://www.linkedin.com/',
    whatsapp: 'https://wa.me/15550102030',
  },
  externalBlogUrl: 'https://medium.com/',
  // A placeholder id, as the spec says; the coach sets the real one in Site settings.
  introVideoId: 'aqz-KE-bpKQ',
  externalCalendarUrl: null,
}
