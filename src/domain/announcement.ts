export type AnnouncementData = { text: string; link: string | null; endsAt: string | null }

/** The banner shows while it has text and its end date has not passed. */
export function isAnnouncementActive(a: AnnouncementData | null, now: Date): a is AnnouncementData {
  if (!a || !a.text.trim()) return false
  if (!a.endsAt) return true
  return new Date(a.endsAt).getTime() > now.getTime()
}

/**
 * How long a page showing the banner may be cached: until the banner ends (so it disappears by itself),
 * never less than the 5 minutes Next needs to keep a page prerendered, and at most a day.
 */
export function announcementCacheSeconds(a: AnnouncementData | null, now: Date): number {
  const DAY = 86_400
  if (!isAnnouncementActive(a, now) || !a.endsAt) return DAY
  const untilEnd = Math.ceil((new Date(a.endsAt).getTime() - now.getTime()) / 1000)
  return Math.min(DAY, Math.max(300, untilEnd))
}

/**
 * The end of the next May 15 after `now` (the seeded early-bird offer), in UTC.
 * On May 15 itself the offer still runs until the day ends.
 */
export function nextMay15(now: Date): Date {
  const year = now.getUTCFullYear()
  const thisYear = new Date(Date.UTC(year, 4, 15, 23, 59, 59))
  return now.getTime() <= thisYear.getTime() ? thisYear : new Date(Date.UTC(year + 1, 4, 15, 23, 59, 59))
}
