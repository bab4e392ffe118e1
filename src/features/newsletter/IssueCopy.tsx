import type { JSXConverter, JSXConverters } from '@payloadcms/richtext-lexical/react'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { children, RichCopy, SITE_CONVERTERS } from '@/features/pages/RichCopy'
import { safeHref } from '@/features/pages/safe-href'
import type { MailImage } from './issue-mail'

/*
 * A sent issue's body on the web (its archive page, and its feed's entry): the site's own rich-text rendering
 * (RichCopy: plain semantic HTML, closed set of converters, every text escaped), with what an issue's editor
 * offers beyond a page's copy: second- and third-level headings, the coach's images, rules and the button
 * block. Nothing here is a reader's: the unsubscribe link and its token are added to each mail, never to the
 * body (./issue-mail.tsx), so the page and the feed cannot hold one.
 */

/** `base` (the site's origin) makes the site's own paths absolute, for a feed read away from the site. */
export function issueConverters(base?: string): JSXConverters {
  const href = (url: unknown): string | null => {
    const safe = safeHref(url)
    return safe && base && safe.startsWith('/') ? `${base}${safe}` : safe
  }
  const link: JSXConverter = (args) => {
    const fields = (args.node as { fields?: { url?: unknown; newTab?: unknown } }).fields
    const to = href(fields?.url)
    if (!to) return <>{children(args)}</>
    const newTab = fields?.newTab === true
    return (
      <a href={to} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children(args)}
      </a>
    )
  }
  return {
    ...SITE_CONVERTERS,
    link,
    autolink: link,
    // The issue's subject is the page's h1: its sections are second- and third-level headings, as in the mail.
    heading: (args) =>
      (args.node as { tag?: unknown }).tag === 'h3' ? <h3>{children(args)}</h3> : <h2>{children(args)}</h2>,
    // An image read without its details (its id alone) cannot be shown, and is left out.
    upload: ({ node }) => {
      const image = (node as { value?: unknown }).value
      if (typeof image !== 'object' || image === null) return null
      const { url, alt, width, height } = image as MailImage
      const src = href(url)
      if (!src || !/^(https?:\/\/|\/)/i.test(src)) return null
      return (
        <img
          className="issue-image"
          src={src}
          alt={alt ?? ''}
          width={width ?? undefined}
          height={height ?? undefined}
          loading="lazy"
          decoding="async"
        />
      )
    },
    horizontalrule: <hr />,
    blocks: {
      button: ({ node }) => {
        const { label, url } = (node as { fields?: { label?: unknown; url?: unknown } }).fields ?? {}
        const to = href(url)
        if (!to || typeof label !== 'string' || !label.trim()) return null
        return (
          <p>
            <a className="button button--primary" href={to}>
              {label}
            </a>
          </p>
        )
      },
    },
  }
}

/** An issue's body as the site shows it. */
export function IssueCopy({ body, base }: { body: SerializedEditorState; base?: string }) {
  return <RichCopy data={body} converters={issueConverters(base)} />
}
