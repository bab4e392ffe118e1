import type { ReactNode } from 'react'

import type { ListState } from '@/domain/list-state'
import { LIST_TEXTS, type ListName } from '@/domain/site-texts'

/** The loading text of a list, shown while it is still being fetched (the Suspense fallback). */
export function ListLoading({ list }: { list: ListName }) {
  return (
    <p className="list-message" role="status" data-list={list} data-state="loading">
      {LIST_TEXTS[list].loading}
    </p>
  )
}

/** One place that turns a list's state into the spec's failure text, empty text, or its cards. */
export function ListView<T>({
  list,
  state,
  children,
}: {
  list: ListName
  state: ListState<T>
  children: (items: T[]) => ReactNode
}) {
  if (state.status === 'failed') {
    return (
      <p className="list-message list-message--error" data-list={list} data-state="failed">
        {LIST_TEXTS[list].failed}
      </p>
    )
  }
  if (state.items.length === 0) {
    return (
      <p className="list-message" data-list={list} data-state="empty">
        {LIST_TEXTS[list].empty}
      </p>
    )
  }
  return <>{children(state.items)}</>
}
