/*
 * An issue's address in the archive on the site: /newsletter/<slug>. The slug is made from the subject when
 * the issue is first saved (or sent), the coach may change it until the issue goes out, and it never takes a
 * name the site's own /newsletter/... addresses use.
 */

/**
 * Names under /newsletter/ that are the site's own and never an issue's: the pages the newsletter's mails
 * lead to (src/app/(site)/newsletter/), the mails' links (src/app/newsletter/) and the archive's feeds, plus
 * a few a feed or page may come to use. A unit test checks every folder under those two is listed.
 */
/** The pages the newsletter's mail links lead to (src/app/(site)/newsletter/<name>). */
export const NEWSLETTER_LINK_PAGES = ['confirmed', 'unsubscribed', 'link-invalid', 'try-again'] as const

export const RESERVED_ISSUE_SLUGS = [
  ...NEWSLETTER_LINK_PAGES,
  'confirm',
  'unsubscribe',
  'feed',
  'rss',
  'atom',
  'archive',
  'issues',
] as const

/** Whether a name under /newsletter/ is the site's own, never an issue's. */
export const isReservedIssueSlug = (name: string): boolean => (RESERVED_ISSUE_SLUGS as readonly string[]).includes(name)

export const SLUG_MAX = 80

const SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A slug from a subject: lower case letters and digits (accents dropped) joined by single hyphens. */
export function slugFrom(subject: string): string {
  const slug = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  return slug || 'issue'
}

/** What is wrong with a slug the coach typed, in the admin's words; null when it will do. */
export function slugProblem(slug: string): string | null {
  if (!SHAPE.test(slug) || slug.length > SLUG_MAX) {
    return `Use lower-case letters, digits and single hyphens only (e.g. "spring-letter"), at most ${SLUG_MAX} characters.`
  }
  if (isReservedIssueSlug(slug)) {
    return `"${slug}" is an address the site uses itself (/newsletter/${slug}): choose another.`
  }
  return null
}

/** A free slug from `base`: itself, or with -2, -3, ... after it, whichever `taken` does not hold first. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  const start = isReservedIssueSlug(base) ? `${base}-issue` : base
  if (!taken.has(start)) return start
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${start.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
