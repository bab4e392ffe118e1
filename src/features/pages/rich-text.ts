import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

/*
 * The built-in copy's rich text, written as Lexical documents (what the admin's editor stores): paragraphs
 * and bulleted lists of plain text.
 */

type Node = Record<string, unknown>

const text = (t: string): Node => ({
  type: 'text',
  text: t,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
  version: 1,
})
const block = (type: string, children: Node[], extra: Node = {}): Node => ({
  type,
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})

const document = (children: Node[]): SerializedEditorState =>
  ({ root: block('root', children) }) as unknown as SerializedEditorState

/** Paragraphs, one per text. */
export const paragraphs = (...texts: string[]): SerializedEditorState =>
  document(texts.map((t) => block('paragraph', [text(t)], { textFormat: 0, textStyle: '' })))

/** One bulleted list. */
export const bulletList = (items: string[]): SerializedEditorState =>
  document([
    block(
      'list',
      items.map((t, i) => block('listitem', [text(t)], { value: i + 1 })),
      { listType: 'bullet', start: 1, tag: 'ul' },
    ),
  ])

/** Whether a stored value is a Lexical document with something in it. */
export const isRichText = (value: unknown): value is SerializedEditorState => {
  const root = (value as { root?: { children?: unknown } } | null)?.root
  return Array.isArray(root?.children) && root.children.length > 0
}
