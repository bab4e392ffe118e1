/**
 * The one shape every server-driven list takes on its way to a page: its items, or the fact that it could
 * not be read. "Empty" is a loaded list with no items; pages pick the spec's text for each state.
 */
export type ListState<T> = { status: 'loaded'; items: T[] } | { status: 'failed' }

export const INVALID_DATA_MESSAGE = 'Invalid data format received from API'

/**
 * Accepts what the data source returned and keeps only a real array, mapping each item; anything else is
 * invalid data: logged with the spec's internal message and shown as the list's failure text.
 */
export function toListState<T>(raw: unknown, map: (item: never) => T): ListState<T> {
  if (!Array.isArray(raw)) {
    console.error(INVALID_DATA_MESSAGE)
    return { status: 'failed' }
  }
  return { status: 'loaded', items: raw.map((item) => map(item as never)) }
}
