import { randomUUID } from 'node:crypto'

import { convertLexicalNodesToJSX, type JSXConverter, type JSXConverters } from '@payloadcms/richtext-lexical/react'
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { render, toPlainText } from '@react-email/render'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { FormatCallback, HtmlToTextOptions } from 'html-to-text'
import type { CSSProperties } from 'react'

import type { SerializedEditorState, SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical'
import { children, formattedText } from '@/features/pages/RichCopy'
import { safeHref } from '@/features/pages/safe-href'

/*
 * A newsletter issue as an e-mail: the HTML part and the plain-text part, from the issue's Lexical body
 * (written with issue-editor.ts). Like the pages' RichCopy, the body goes through a closed set of converters
 * (paragraphs, headings, lists, quotes, text formats, line breaks, links, images, rules and the button
 * block); anything else renders as its text or not at all, and React escapes every text and attribute.
 * Mail clients keep no stylesheet, so every style is inline, and the mail holds no script, no web font and
 * no tracking pixel: the only images are the ones the coach put in the issue.
 */

/** An image of the Images collection, as an upload node holds it when the issue is read with depth 1. */
export type MailImage = { url?: null | string; alt?: null | string; width?: null | number; height?: null | number }

export type IssueForMail = {
  subject: string
  /** The line mail clients show after the subject in the inbox; not shown in the mail itself. */
  preheader?: null | string
  body: SerializedEditorState
  siteName: string
  /** The site's absolute origin without a trailing slash (e.g. https://coach.example): site paths become absolute. */
  siteUrl: string
  /** This reader's unsubscribe page. */
  unsubscribeUrl: string
}

export type RenderedMail = { html: string; text: string }

/** An issue rendered once for all its readers, with `placeholder` where each one's unsubscribe address goes. */
export type IssueTemplate = RenderedMail & { placeholder: string }

// The site's palette (site.css) and its system typeface: nothing to download (decision 009).
const color = { text: '#1d2a26', muted: '#4a5a55', primary: '#2f6f5e', border: '#d5e0dc', tint: '#f1f6f4' }
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif'
/** The column is 600 px wide (the width mail clients are designed for) with 20 px on each side. */
const COLUMN = 560

const absolute = (address: string, siteUrl: string) => (address.startsWith('/') ? `${siteUrl}${address}` : address)

/** A link's address fit for a mail (safeHref's kinds), absolute, or null. */
const mailHref = (url: unknown, siteUrl: string): null | string => {
  const href = safeHref(url)
  return href === null ? null : absolute(href, siteUrl)
}

const paragraph: CSSProperties = { color: color.text, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px' }
const link: CSSProperties = { color: color.primary, textDecorationLine: 'underline' }

const childNodes = (node: unknown): SerializedLexicalNode[] => {
  const nodes = (node as { children?: unknown }).children
  return Array.isArray(nodes) ? nodes : []
}

function converters(siteUrl: string): JSXConverters {
  const anchor: JSXConverter = (args) => {
    const href = mailHref((args.node as { fields?: { url?: unknown } }).fields?.url, siteUrl)
    if (!href) return <>{children(args)}</>
    return (
      <Link href={href} style={link}>
        {children(args)}
      </Link>
    )
  }
  return {
    // An empty paragraph (the editor's way of adding space) would only add a gap of its margins.
    paragraph: (args) => (childNodes(args.node).length ? <Text style={paragraph}>{children(args)}</Text> : null),
    heading: (args) => {
      const tag = (args.node as { tag?: unknown }).tag
      const h2 = tag === 'h1' || tag === 'h2'
      return (
        <Heading
          as={h2 ? 'h2' : 'h3'}
          style={{ color: color.text, fontSize: h2 ? '22px' : '18px', lineHeight: '1.3', margin: '28px 0 12px' }}
        >
          {children(args)}
        </Heading>
      )
    },
    text: formattedText,
    linebreak: <br />,
    list: (args) => {
      const style = { ...paragraph, paddingLeft: '24px' }
      return (args.node as { listType?: unknown }).listType === 'number' ? (
        <ol style={style}>{children(args)}</ol>
      ) : (
        <ul style={style}>{children(args)}</ul>
      )
    },
    // Lexical nests a list in an item of its own, which would otherwise show a bullet of its own.
    listitem: (args) => {
      const nested = childNodes(args.node).some((child) => child.type === 'list')
      return <li style={nested ? { listStyleType: 'none' } : { margin: '0 0 4px' }}>{children(args)}</li>
    },
    quote: (args) => (
      <blockquote
        style={{ ...paragraph, borderLeft: `3px solid ${color.border}`, paddingLeft: '16px', color: color.muted }}
      >
        {children(args)}
      </blockquote>
    ),
    link: anchor,
    autolink: anchor,
    // An image the issue was read without (its id alone) cannot be shown, and is left out.
    upload: ({ node }) => {
      const image = (node as { value?: unknown }).value
      if (typeof image !== 'object' || image === null) return null
      const { url, alt, width, height } = image as MailImage
      const src = mailHref(url, siteUrl)
      if (!src || !/^https?:\/\//i.test(src)) return null
      // Never wider than the column; height follows, and max-width lets phones shrink it further.
      const w = width && width > 0 ? Math.min(width, COLUMN) : undefined
      const h = w && width && height && height > 0 ? Math.round((height * w) / width) : undefined
      return (
        <Img
          src={src}
          alt={alt ?? ''}
          width={w}
          height={h}
          style={{ maxWidth: '100%', height: 'auto', margin: '8px 0 24px' }}
        />
      )
    },
    horizontalrule: <Hr style={{ borderTop: `1px solid ${color.border}`, margin: '24px 0' }} />,
    blocks: {
      button: ({ node }) => {
        const { label, url } = (node as { fields?: { label?: unknown; url?: unknown } }).fields ?? {}
        const href = mailHref(url, siteUrl)
        if (!href || typeof label !== 'string' || !label.trim()) return null
        return (
          <Section style={{ margin: '8px 0 24px' }}>
            <Button
              href={href}
              data-text-line=""
              style={{
                backgroundColor: color.primary,
                borderRadius: '8px',
                color: '#ffffff',
                fontSize: '16px',
                fontWeight: 600,
                padding: '12px 20px',
              }}
            >
              {label}
            </Button>
          </Section>
        )
      },
    },
    // Everything else: its text, if it has any (raw HTML, an embed or another block has none to show).
    unknown: (args) => <>{children(args)}</>,
  }
}

function IssueMail({ issue, unsubscribeUrl }: { issue: Omit<IssueForMail, 'unsubscribeUrl'>; unsubscribeUrl: string }) {
  const { siteName, siteUrl } = issue
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{issue.subject}</title>
      </Head>
      <Body style={{ backgroundColor: color.tint, fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        {issue.preheader ? <Preview>{issue.preheader}</Preview> : null}
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px' }}>
          <Section style={{ borderBottom: `3px solid ${color.primary}`, padding: '20px' }}>
            <Link
              href={siteUrl}
              style={{ color: color.primary, fontSize: '18px', fontWeight: 700, textDecoration: 'none' }}
            >
              {siteName}
            </Link>
          </Section>
          <Section style={{ padding: '12px 20px 8px' }}>
            {convertLexicalNodesToJSX({
              converters: converters(siteUrl),
              disableIndent: true,
              disableTextAlign: true,
              nodes: childNodes(issue.body.root),
              parent: issue.body.root as unknown as SerializedLexicalNode,
            })}
          </Section>
          <Section style={{ borderTop: `1px solid ${color.border}`, padding: '16px 20px' }}>
            <Text style={{ color: color.muted, fontSize: '13px', lineHeight: '20px', margin: 0 }}>
              {`You receive this because you subscribed to the newsletter on ${siteName}. `}
              <Link href={unsubscribeUrl} data-text-line="" style={{ ...link, color: color.muted }}>
                Unsubscribe
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

/** The button and the unsubscribe link read as “words: address” in the plain-text part, on a line of their own. */
const lineText: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 })
  walk(elem.children, builder)
  builder.addInline(`: ${elem.attribs?.href ?? ''}`, { noWordTransform: true })
  builder.closeBlock({ trailingLineBreaks: 2 })
}

const PLAIN_TEXT: HtmlToTextOptions = {
  formatters: { lineText },
  selectors: [
    // Links as “words (address)”; the address alone when it is the words.
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'a[data-text-line]', format: 'lineText' },
    // The coach's headings as written, not shouted.
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
  ],
}

async function renderBoth(issue: Omit<IssueForMail, 'unsubscribeUrl'>, unsubscribeUrl: string) {
  const html = await render(<IssueMail issue={issue} unsubscribeUrl={unsubscribeUrl} />)
  return { html, text: toPlainText(html, PLAIN_TEXT) }
}

/** The issue's mail for one reader. */
export function renderIssueMail(issue: IssueForMail): Promise<RenderedMail> {
  return renderBoth(issue, issue.unsubscribeUrl)
}

/**
 * The issue rendered once for all its readers: the unsubscribe address is a placeholder that `personalize`
 * fills for each one. The placeholder is random, letters and digits only, so no text of the issue can
 * contain it and neither HTML escaping nor the plain-text conversion changes it.
 */
export async function renderIssueTemplate(issue: Omit<IssueForMail, 'unsubscribeUrl'>): Promise<IssueTemplate> {
  const placeholder = `unsubscribe${randomUUID().replaceAll('-', '')}`
  return { ...(await renderBoth(issue, placeholder)), placeholder }
}

/** Escapes an attribute value exactly as React does, so a personalised mail is the one React would render. */
const escapeAttribute = (value: string) =>
  value.replace(/["&'<>]/g, (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c] ?? c)

/** One reader's mail from the issue's template: split and join, so no `$` in an address acts as a pattern. */
export function personalize(template: IssueTemplate, unsubscribeUrl: string): RenderedMail {
  return {
    html: template.html.split(template.placeholder).join(escapeAttribute(unsubscribeUrl)),
    text: template.text.split(template.placeholder).join(unsubscribeUrl),
  }
}
