import { describe, expect, it } from 'vitest'

import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { personalize, renderIssueMail, renderIssueTemplate, type IssueForMail } from './issue-mail'

type Node = Record<string, unknown>
const doc = (...children: Node[]) =>
  ({ root: { type: 'root', children, version: 1 } }) as unknown as SerializedEditorState
const words = (t: string, format = 0): Node => ({ type: 'text', text: t, format, version: 1 })
const paragraph = (...children: Node[]): Node => ({ type: 'paragraph', children, version: 1 })
const link = (url: string, label: string): Node => ({
  type: 'link',
  fields: { url, linkType: 'custom', newTab: false },
  children: [words(label)],
  version: 1,
})
const item = (...children: Node[]): Node => ({ type: 'listitem', children, version: 1 })
const list = (listType: 'bullet' | 'number', ...items: Node[]): Node => ({ type: 'list', listType, children: items })
const image = (value: unknown): Node => ({ type: 'upload', relationTo: 'media', value, fields: null, version: 3 })
const button = (label: string, url: string): Node => ({
  type: 'block',
  fields: { id: 'b1', blockName: '', blockType: 'button', label, url },
  version: 2,
})

const SITE = 'https://coach.example'
const UNSUBSCRIBE = `${SITE}/newsletter/unsubscribe/tok?a=1&b=2`

const issue = (body: SerializedEditorState, extra: Partial<IssueForMail> = {}): IssueForMail => ({
  subject: 'Spring notes',
  preheader: 'Three small habits for the season',
  body,
  siteName: 'Calm Coaching',
  siteUrl: SITE,
  unsubscribeUrl: UNSUBSCRIBE,
  ...extra,
})

/** An issue with one of everything the editor offers. */
const spring = doc(
  { type: 'heading', tag: 'h2', children: [words('A new season')] },
  paragraph(words('Spring is a good time to '), words('begin again', 1), words('.')),
  paragraph(
    words('Read more on '),
    link('/coaching', 'my coaching page'),
    words(' or '),
    link('https://example.org/a?b=1', 'this article'),
    words('.'),
  ),
  { type: 'heading', tag: 'h3', children: [words('Three habits')] },
  list(
    'number',
    item(words('Walk daily')),
    item(words('Write it down')),
    item(list('bullet', item(words('one line is enough')))),
  ),
  image({
    id: 7,
    url: '/cms-api/media/file/walk.webp',
    alt: 'A path through a spring forest',
    width: 1600,
    height: 1000,
  }),
  { type: 'horizontalrule', version: 1 },
  button('Book a free call', '/contact'),
  paragraph(words('See you next month.')),
)

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1

describe('renderIssueMail: the newsletter issue as a reader gets it', () => {
  it('shows the headings, paragraphs and list items the coach wrote', async () => {
    const { html } = await renderIssueMail(issue(spring))
    expect(html).toMatch(/<h2[^>]*>A new season<\/h2>/)
    expect(html).toMatch(/<h3[^>]*>Three habits<\/h3>/)
    expect(html).toMatch(/<p[^>]*>Spring is a good time to <strong>begin again<\/strong>.<\/p>/)
    expect(html).toMatch(/<ol[^>]*><li[^>]*>Walk daily<\/li><li[^>]*>Write it down<\/li>/)
    // The nested list sits inside the outer one.
    expect(html).toMatch(/<li[^>]*><ul[^>]*><li[^>]*>one line is enough<\/li><\/ul><\/li><\/ol>/)
  })

  it('makes every link absolute, the site name in the header included', async () => {
    const { html } = await renderIssueMail(issue(spring))
    expect(html).toMatch(/<a href="https:\/\/coach\.example\/coaching"[^>]*>my coaching page<\/a>/)
    expect(html).toMatch(/<a href="https:\/\/example\.org\/a\?b=1"[^>]*>this article<\/a>/)
    expect(html).toMatch(/<a href="https:\/\/coach\.example"[^>]*>Calm Coaching<\/a>/)
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//)
  })

  it('shows the image with its alternative text, an absolute address and at most the column’s width', async () => {
    const { html } = await renderIssueMail(issue(spring))
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag)
    expect(images).toHaveLength(1)
    expect(images[0]).toContain('alt="A path through a spring forest"')
    expect(images[0]).toContain('src="https://coach.example/cms-api/media/file/walk.webp"')
    expect(images[0]).toContain('width="560"')
    expect(images[0]).toContain('height="350"')
  })

  it('leaves out an image the issue was read without, and any image address that is not the web', async () => {
    const { html } = await renderIssueMail(
      issue(
        doc(
          image(7),
          image({ url: 'javascript:alert(1)', alt: 'x' }),
          image({ url: 'data:image/png;base64,AA', alt: 'y' }),
          paragraph(words('Words stay.')),
        ),
      ),
    )
    expect(html).not.toContain('<img')
    expect(html).toContain('Words stay.')
  })

  it('draws the button as a link with its label and absolute address', async () => {
    const { html, text } = await renderIssueMail(issue(spring))
    expect(html).toMatch(/<a href="https:\/\/coach\.example\/contact"[^>]*>.*Book a free call.*<\/a>/)
    expect(text).toContain('Book a free call: https://coach.example/contact')
  })

  it('sends the preheader, and no script, no other image and no web font', async () => {
    const { html, text } = await renderIssueMail(issue(spring))
    expect(html).toContain('Three small habits for the season')
    expect(text).not.toContain('Three small habits for the season')
    expect(html).not.toMatch(/<script/i)
    expect(count(html, '<img')).toBe(1)
    expect(html).not.toMatch(/<link|@import|@font-face|url\(/i)
    const bare = await renderIssueMail(issue(doc(paragraph(words('Hi'))), { preheader: null }))
    expect(bare.html).not.toContain('data-skip-in-text')
  })

  it('says why the reader gets the mail and links to unsubscribing, in both parts', async () => {
    const { html, text } = await renderIssueMail(issue(spring))
    expect(html).toContain('You receive this because you subscribed to the newsletter on Calm Coaching.')
    expect(html).toMatch(
      /<a href="https:\/\/coach\.example\/newsletter\/unsubscribe\/tok\?a=1&amp;b=2"[^>]*>Unsubscribe<\/a>/,
    )
    expect(text).toContain('You receive this because you subscribed to the newsletter on Calm Coaching.')
    expect(text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`)
  })

  it('drops unsafe addresses: the words of a link stay, a button without a safe address goes', async () => {
    const { html, text } = await renderIssueMail(
      issue(
        doc(
          paragraph(link('javascript:alert(1)', 'click me'), words(' and '), link('//evil.example/', 'me')),
          button('Win a prize', 'javascript:alert(1)'),
          { type: 'html', html: '<script>alert(1)</script>', version: 1 },
          { type: 'block', fields: { blockType: 'embed', html: '<iframe src="https://evil.example">' }, version: 2 },
        ),
      ),
    )
    // React separates adjacent texts with empty comments, which no reader sees.
    expect(html.replaceAll('<!-- -->', '')).toMatch(/<p[^>]*>click me and me<\/p>/)
    expect(html).not.toMatch(/javascript:|evil\.example|<script|<iframe/i)
    expect(html).not.toContain('Win a prize')
    expect(text).toContain('click me and me')
  })

  it('writes a plain-text part with every paragraph, heading and item, links as words (address)', async () => {
    const { text } = await renderIssueMail(issue(spring))
    for (const line of [
      'Calm Coaching (https://coach.example)',
      'A new season',
      'Spring is a good time to begin again.',
      'Read more on my coaching page (https://coach.example/coaching) or this article (https://example.org/a?b=1).',
      'Three habits',
      '1. Walk daily',
      '2. Write it down',
      'one line is enough',
      'Book a free call: https://coach.example/contact',
      'See you next month.',
    ]) {
      expect(text).toContain(line)
    }
    expect(text).not.toMatch(/<[a-z]/i)
  })
})

describe('renderIssueTemplate and personalize: rendered once, one unsubscribe address per reader', () => {
  it('gives each reader exactly the mail rendered for them', async () => {
    const { unsubscribeUrl: _, ...shared } = issue(spring)
    const template = await renderIssueTemplate(shared)
    expect(count(template.html, template.placeholder)).toBe(1)
    expect(count(template.text, template.placeholder)).toBe(1)
    for (const url of [UNSUBSCRIBE, `${SITE}/newsletter/unsubscribe/a'b"c<d>$&$1`]) {
      expect(personalize(template, url)).toEqual(await renderIssueMail({ ...shared, unsubscribeUrl: url }))
    }
  })

  it('escapes the address in the HTML part and keeps it as it is in the text part', async () => {
    const { unsubscribeUrl: _, ...shared } = issue(spring)
    const mail = personalize(await renderIssueTemplate(shared), `${SITE}/u?a=1&b=2`)
    expect(mail.html).toContain('href="https://coach.example/u?a=1&amp;b=2"')
    expect(mail.html).not.toContain('a=1&b=2')
    expect(mail.text).toContain('Unsubscribe: https://coach.example/u?a=1&b=2')
  })

  it('uses a placeholder no issue can contain', async () => {
    const { unsubscribeUrl: _, ...shared } = issue(spring)
    const [a, b] = await Promise.all([renderIssueTemplate(shared), renderIssueTemplate(shared)])
    expect(a.placeholder).not.toBe(b.placeholder)
    expect(a.placeholder).toMatch(/^[a-z0-9]{32,}$/i)
  })
})
