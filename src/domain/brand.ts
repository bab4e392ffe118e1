import { DISCOVERY_CALL } from './business'

/** An image the coach chose in Site settings, as the site renders it. */
export type BrandImage = { url: string; alt: string; width: number | null; height: number | null }

/**
 * Who the site is for: the coach's name, the site's name, the one-line role and short description (search
 * results, link previews, structured data), an optional logo and portrait, and the name mails come from.
 * The coach edits it in Site settings → Brand; these are the words a fresh install starts with and what
 * the site shows when the settings cannot be read.
 */
export type Brand = {
  name: string
  siteName: string
  role: string
  description: string
  mailFromName: string
  logo: BrandImage | null
  portrait: BrandImage | null
}

export const DEFAULT_BRAND: Brand = {
  name: 'Jordan Ellis',
  siteName: 'Jordan Ellis Coaching',
  role: 'Personal growth and life coach, author',
  description: `Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free ${DISCOVERY_CALL.minutes}-minute discovery call.`,
  mailFromName: 'Jordan Ellis Coaching',
  logo: null,
  portrait: null,
}

/** The brand as stored in Site settings (any field may be missing, an image may be only an id). */
export type StoredBrand = {
  coachName?: string | null
  siteName?: string | null
  role?: string | null
  description?: string | null
  mailFromName?: string | null
  logo?: unknown
  portrait?: unknown
}

const text = (value: string | null | undefined, fallback: string) => value?.trim() || fallback

/** An uploaded image with an address and alternative text, else null (an unresolved id, a deleted file). */
export function brandImage(value: unknown): BrandImage | null {
  if (value === null || typeof value !== 'object') return null
  const { url, alt, width, height } = value as Record<string, unknown>
  if (typeof url !== 'string' || !url || typeof alt !== 'string') return null
  const size = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null)
  return { url, alt, width: size(width), height: size(height) }
}

/** The stored brand completed field by field from the built-in one, so no title or mail shows a hole. */
export function brandFrom(stored: StoredBrand | null | undefined): Brand {
  const d = DEFAULT_BRAND
  const siteName = text(stored?.siteName, d.siteName)
  return {
    name: text(stored?.coachName, d.name),
    siteName,
    role: text(stored?.role, d.role),
    description: text(stored?.description, d.description),
    // Left empty, mails come from the site's name.
    mailFromName: text(stored?.mailFromName, siteName),
    logo: brandImage(stored?.logo),
    portrait: brandImage(stored?.portrait),
  }
}

/** The public address of the site, for canonical links, Open Graph and the sitemap. */
export const siteUrl = (): URL => new URL(process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`)
