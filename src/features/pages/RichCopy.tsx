import { RichText, type JSXConverter, type JSXConverters } from '@payloadcms/richtext-lexical/react'

import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { safeHref } from './safe-href'

/*
 * The coach's rich text as plain semantic HTML, rendered on the server by Payload's own Lexical converter
 * with a closed set of node converters: paragraphs, line breaks, bold/italic/underline/strike text, lists,
 * links to web, mail or phone addresses or to the site's own paths, and quotes. Anything else a document
 * might hold (raw HTML, images, embeds, blocks, tables, unknown types) renders as its text or not at all.
 * No inline style, no script, no event attribute: React escapes every text and attribute, and a link's
 * address is used only when it is one of those kinds (never javascript:, data: or the like).
 */

type Args = Parameters<Extract<JSXConverter, (...args: never[]) => unknown>>[0]
/** A node's children, converted (none when it has no list of them). */
export const children = ({ node, nodesToJSX }: Args) => {
  const nodes = (node as { children?: unknown }).children
  return nodesToJSX({ nodes: Array.isArray(nodes) ? nodes : [] })
}

const link: JSXConverter = (args) => {
  const fields = (args.node as { fields?: { url?: unknown; newTab?: unknown } }).fields
  const href = safeHref(fields?.url)
  if (!href) return <>{children(args)}</>
  const newTab = fields?.newTab === true
  return (
    <a href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children(args)}
    </a>
  )
}

// Lexical's text format bits.
const BOLD = 1
const ITALIC = 2
const STRIKETHROUGH = 4
const UNDERLINE = 8

/** A text node with its bold, italic, underline and strikethrough as elements (the site's and the mail's). */
export const formattedText: JSXConverter = ({ node }) => {
  const { text, format } = node as { text?: unknown; format?: unknown }
  let out: React.ReactNode = typeof text === 'string' ? text : ''
  const bits = typeof format === 'number' ? format : 0
  if (bits & BOLD) out = <strong>{out}</strong>
  if (bits & ITALIC) out = <em>{out}</em>
  if (bits & UNDERLINE) out = <u>{out}</u>
  if (bits & STRIKETHROUGH) out = <s>{out}</s>
  return out
}

/** The site's converters: what RichCopy renders (a page's own text may add to them, e.g. an issue's images). */
export const SITE_CONVERTERS: JSXConverters = {
  paragraph: (args) => <p>{children(args)}</p>,
  text: formattedText,
  linebreak: <br />,
  list: (args) => {
    const ordered = (args.node as { listType?: unknown }).listType === 'number'
    return ordered ? <ol>{children(args)}</ol> : <ul>{children(args)}</ul>
  },
  listitem: (args) => <li>{children(args)}</li>,
  quote: (args) => <blockquote>{children(args)}</blockquote>,
  // The page's own headings frame the text; a heading inside it is at most a third-level one.
  heading: (args) => <h3>{children(args)}</h3>,
  link,
  autolink: link,
  // Everything else: its text, if it has any (an image, an embed or raw HTML has none to show).
  unknown: (args) => <>{children(args)}</>,
}

export function RichCopy({
  data,
  converters = SITE_CONVERTERS,
}: {
  data: SerializedEditorState
  converters?: JSXConverters
}) {
  return <RichText data={data} converters={converters} disableContainer disableIndent disableTextAlign />
}
