import { Suspense, type ReactNode } from 'react'

import type { ListState } from '@/domain/list-state'
import { LIST_TEXTS, type ListName } from '@/domain/site-texts'

/** What a list says while it loads, when it could not be read, and when it has no items. */
export type ListTexts = { loading: string; failed: string; empty: string }

type MessageState = 'loading' | 'failed' | 'empty'

type ListViewProps<T> = {
  /** Reads the list (a cached reader of `src/features/content/lists.ts`); runs inside the list's Suspense boundary. */
  read: () => Promise<ListState<T>>
  /** The list's cards, given its items (never called with an empty list). */
  children: (items: T[]) => ReactNode
} & (
  | /** One of the spec's lists: the spec's texts, marked with `data-list` and `data-state`. */
    { list: ListName }
    /** Another list (the FAQs): its own texts, unmarked. */
  | { texts: ListTexts }
)

/**
 * One place that shows a list in each of its states: its loading text while it streams (the Suspense
 * fallback), then its failure text, its empty text, or its cards.
 */
export function ListView<T>(props: ListViewProps<T>) {
  const list = 'list' in props ? props.list : undefined
  const texts = 'list' in props ? LIST_TEXTS[props.list] : props.texts
  return (
    <Suspense fallback={<ListMessage list={list} state="loading" text={texts.loading} />}>
      <LoadedList list={list} texts={texts} read={props.read}>
        {props.children}
      </LoadedList>
    </Suspense>
  )
}

async function LoadedList<T>({
  list,
  texts,
  read,
  children,
}: {
  list?: ListName
  texts: ListTexts
  read: () => Promise<ListState<T>>
  children: (items: T[]) => ReactNode
}) {
  const state = await read()
  if (state.status === 'failed') return <ListMessage list={list} state="failed" text={texts.failed} />
  if (state.items.length === 0) return <ListMessage list={list} state="empty" text={texts.empty} />
  return <>{children(state.items)}</>
}

function ListMessage({ list, state, text }: { list?: ListName; state: MessageState; text: string }) {
  const marks = list ? { 'data-list': list, 'data-state': state } : {}
  if (state === 'failed') {
    return (
      <p className="list-message list-message--error" {...marks}>
        {text}
      </p>
    )
  }
  return (
    <p className="list-message" role={state === 'loading' ? 'status' : undefined} {...marks}>
      {text}
    </p>
  )
}
