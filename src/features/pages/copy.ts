import { isRichText } from './rich-text'

/**
 * A page's copy as stored, completed from its built-in copy: a text left empty, a number missing or a list
 * with no rows takes the built-in value, so a page never shows a hole (and a database that cannot be read
 * gives the built-in copy whole). A rich text is taken whole or not at all. Keys the built-in copy does not have (Payload's id, _status, dates) are
 * dropped; a list's rows are the coach's, each completed from the built-in row in its place (or the last).
 */
export function withDefaults<T>(stored: unknown, defaults: T): T {
  // Rich text is one document: the coach's whole, or the built-in one when it is empty.
  if (isRichText(defaults)) return (isRichText(stored) ? stored : defaults) as T
  if (Array.isArray(defaults)) {
    if (!Array.isArray(stored) || stored.length === 0) return defaults
    return stored.map((row, i) => withDefaults(row, defaults[Math.min(i, defaults.length - 1)])) as T
  }
  if (defaults !== null && typeof defaults === 'object') {
    const from = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {}
    return Object.fromEntries(
      Object.entries(defaults).map(([key, fallback]) => [key, withDefaults(from[key], fallback)]),
    ) as T
  }
  if (typeof defaults === 'string') return (typeof stored === 'string' && stored.trim() ? stored.trim() : defaults) as T
  if (typeof defaults === 'number')
    return (typeof stored === 'number' && Number.isFinite(stored) ? stored : defaults) as T
  return (stored ?? defaults) as T
}
