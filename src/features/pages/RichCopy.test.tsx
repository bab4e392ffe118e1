import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { RichCopy } from './RichCopy'
import { safeHref } from './safe-href'
import { bulletList, paragraphs } from './rich-text'

const doc = (...children: Record<string, unknown>[]) =>
  ({ root: { type: 'root', children, version: 1 } }) as unknown as SerializedEditorState
const text = (t: string, format = 0) => ({ type: 'text', text: t, format, version: 1 })
const link = (url: string, extra: Record<string, unknown> = {}) => ({
  type: 'link',
  fields: { url, newTab: false, linkType: 'custom', ...extra },
  children: [text('my site')],
  version: 1,
})
const html = (data: SerializedEditorState) => renderToStaticMarkup(<RichCopy data={data} />)

describe('RichCopy: the coach’s rich text as plain semantic HTML', () => {
  it('renders paragraphs, bold and italic text, and lists', () => {
    expect(html(paragraphs('One.', 'Two.'))).toBe('<p>One.</p><p>Two.</p>')
    expect(html(bulletList(['ICF PCC', 'MSc']))).toBe('<ul><li>ICF PCC</li><li>MSc</li></ul>')
    expect(html(doc({ type: 'paragraph', children: [text('Bold', 1), text(' and '), text('italic', 2)] }))).toBe(
      '<p><strong>Bold</strong> and <em>italic</em></p>',
    )
  })

  it('escapes what the coach typed, so no text can become markup', () => {
    expect(html(doc({ type: 'paragraph', children: [text('<script>alert(1)</script> & "quotes"')] }))).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</p>',
    )
  })

  it('keeps links to web, mail and phone addresses and site paths; drops any other address but keeps the words', () => {
    expect(html(doc({ type: 'paragraph', children: [link('https://example.com/a?b=1')] }))).toBe(
      '<p><a href="https://example.com/a?b=1">my site</a></p>',
    )
    expect(html(doc({ type: 'paragraph', children: [link('/coaching', { newTab: true })] }))).toBe(
      '<p><a href="/coaching" target="_blank" rel="noopener noreferrer">my site</a></p>',
    )
    for (const hostile of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/',
      '/\\evil.example/',
      'https://ok.example/" onmouseover="alert(1)',
    ]) {
      expect(html(doc({ type: 'paragraph', children: [link(hostile)] })), hostile).toBe('<p>my site</p>')
    }
    expect(html(doc({ type: 'paragraph', children: [{ ...link('https://ok.example/'), onclick: 'alert(1)' }] }))).toBe(
      '<p><a href="https://ok.example/">my site</a></p>',
    )
  })

  it('never passes raw HTML, images, embeds, blocks or inline styles through', () => {
    const hostile = doc(
      { type: 'html', html: '<img src=x onerror=alert(1)>', version: 1 },
      { type: 'upload', value: { url: 'javascript:alert(1)' }, relationTo: 'media', version: 1 },
      { type: 'block', fields: { blockType: 'embed', html: '<iframe src="https://evil.example">' }, version: 1 },
      {
        type: 'paragraph',
        format: 'center',
        indent: 3,
        style: 'background:url(javascript:alert(1))',
        children: [text('x')],
      },
      { type: 'heading', tag: 'h1', children: [text('Big')] },
    )
    expect(html(hostile)).toBe('<p>x</p><h3>Big</h3>')
  })

  it('accepts only the kinds of address it renders', () => {
    expect(safeHref('mailto:coach@example.com')).toBe('mailto:coach@example.com')
    expect(safeHref('tel:+15551234567')).toBe('tel:+15551234567')
    expect(safeHref(42)).toBeNull()
    expect(safeHref('')).toBeNull()
  })
})
