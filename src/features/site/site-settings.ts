import { announcementCacheSeconds, isAnnouncementActive, type AnnouncementData } from '@/domain/announcement'
import { brandFrom } from '@/domain/brand'
import { DEFAULT_SITE_SETTINGS, type SiteSettingsData } from '@/domain/site-defaults'
import { cacheOutcome } from '@/platform/cache/cache-life'
import { isBuildPhase, payloadClient } from '@/platform/payload'

const orDefault = (value: string | null | undefined, fallback: string): string => value?.trim() || fallback

export async function getSiteSettings(): Promise<SiteSettingsData> {
  'use cache'
  let failed = true
  let settings = DEFAULT_SITE_SETTINGS
  if (!isBuildPhase()) {
    try {
      const payload = await payloadClient()
      const doc = await payload.findGlobal({ slug: 'site-settings', depth: 1 })
      const d = DEFAULT_SITE_SETTINGS
      settings = {
        brand: brandFrom(doc.brand),
        phone: orDefault(doc.phone, d.phone),
        email: orDefault(doc.email, d.email),
        social: {
          instagram: orDefault(doc.social?.instagram, d.social.instagram),
          facebook: orDefault(doc.social?.facebook, d.social.facebook),
          blogPlatform: orDefault(doc.social?.blogPlatform, d.social.blogPlatform),
          linkedin: orDefault(doc.social?.linkedin, d.social.linkedin),
          whatsapp: orDefault(doc.social?.whatsapp, d.social.whatsapp),
        },
        externalBlogUrl: orDefault(doc.externalBlogUrl, d.externalBlogUrl),
        introVideoId: orDefault(doc.introVideoId, d.introVideoId),
        externalCalendarUrl: doc.externalCalendarUrl?.trim() || null,
      }
      failed = false
    } catch (error) {
      console.error('Reading site settings failed:', error instanceof Error ? error.message : error)
    }
  }
  cacheOutcome('site-settings', failed)
  return settings
}

/**
 * The banner while it is active, else null (also when it cannot be read). Cached until it ends, so it
 * disappears by itself; the check runs here because only cached code may read the clock.
 */
export async function getAnnouncement(): Promise<AnnouncementData | null> {
  'use cache'
  let announcement: AnnouncementData | null = null
  let failed = true
  if (!isBuildPhase()) {
    try {
      const payload = await payloadClient()
      const doc = await payload.findGlobal({ slug: 'announcement', depth: 0 })
      announcement = { text: doc.text ?? '', link: doc.link || null, endsAt: doc.endsAt ?? null }
      failed = false
    } catch (error) {
      console.error('Reading the announcement failed:', error instanceof Error ? error.message : error)
    }
  }
  const now = new Date()
  const seconds = announcementCacheSeconds(announcement, now)
  cacheOutcome('announcement', failed, { stale: 30, revalidate: seconds, expire: Math.max(seconds * 2, 600) })
  return isAnnouncementActive(announcement, now) ? announcement : null
}
