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

/**
 * Remembers the last loaded state of each list (by key). A loaded state, empty or not, is kept and passed
 * on; a failed one is replaced by the last loaded state of the same key, if there was one: a list that was
 * read once keeps its content when a later read fails, instead of turning into its failure text.
 */
export function lastGoodMemory(): <T>(key: string, state: ListState<T>) => ListState<T> {
  const lastGood = new Map<string, ListState<unknown>>()
  return <T>(key: string, state: ListState<T>): ListState<T> => {
    if (state.status === 'loaded') {
      lastGood.set(key, state)
      return state
    }
    return (lastGood.get(key) as ListState<T> | undefined) ?? state
  }
}
