/**
 * The address a link in the coach's rich text may lead to, or null: web, mail and phone addresses and the
 * site's own paths only (never javascript:, data:, a protocol-relative //host or anything with a space).
 */
export function safeHref(url: unknown): string | null {
  if (typeof url !== 'string') return null
  const href = url.trim()
  if (/^(https?:\/\/|mailto:|tel:)[^\s]*$/i.test(href)) return href
  if (/^\/(?![/\\])[^\s]*$/.test(href)) return href
  return null
}
