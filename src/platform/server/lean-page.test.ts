import { createElement as h, Suspense, use, type ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { absoluteUrls, completeBoundaries, keepsRuntime, leanPage, type LeanAssets } from './lean-page'

const assets: LeanAssets = {
  script: '/_next/static/site/enhance-abc.js',
  readStylesheet: (href) => (href === '/_next/static/chunks/site.css' ? 'body{color:red}' : null),
}

// The shape of what Next renders for a public page (abridged from a real one).
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<title>About | Jordan Ellis Coaching</title></head><body>',
  '<script type="application/ld+json">{"@type":"Person"}</script>',
  '<main><h1>About</h1></main>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"0:{\\"P\\":null}"])</script>',
  '<script>(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push([])</script>',
  '</body></html>',
].join('')

describe('leanPage', () => {
  const lean = leanPage(page, assets)

  it("removes Next's client runtime: its scripts, their preloads and the page data", () => {
    expect(lean).not.toContain('/_next/static/chunks/a.js')
    expect(lean).not.toContain('polyfills.js')
    expect(lean).not.toContain('__next_f')
    expect(lean).not.toContain('TURBOPACK')
  })

  it('keeps everything else: the content and JSON-LD', () => {
    expect(lean).toContain('<main><h1>About</h1></main>')
    expect(lean).toContain('<script type="application/ld+json">{"@type":"Person"}</script>')
    expect(lean).toContain('<title>About | Jordan Ellis Coaching</title>')
  })

  it("puts the site's stylesheet inline and adds the enhancement script, deferred, in the head", () => {
    expect(lean).toContain('<style>body{color:red}</style>')
    expect(lean).not.toContain('rel="stylesheet"')
    expect(lean).toContain('<script src="/_next/static/site/enhance-abc.js" defer></script></head>')
  })

  it('leaves a stylesheet it cannot read, or one that could close its style element, as a link', () => {
    const other = '<head><link rel="stylesheet" href="/elsewhere.css"/></head>'
    expect(leanPage(other, assets)).toContain('<link rel="stylesheet" href="/elsewhere.css"/>')
    const hostile = { ...assets, readStylesheet: () => 'a{}</style><script>alert(1)</script>' }
    const sheet = '<head><link rel="stylesheet" href="/_next/static/chunks/site.css"/></head>'
    expect(leanPage(sheet, hostile)).toContain('<link rel="stylesheet"')
    expect(leanPage(sheet, hostile)).not.toContain('alert(1)')
  })

  it('adds no script when the build has none', () => {
    expect(leanPage(page, { ...assets, script: null })).not.toContain('<script src=')
  })
})

/** A page as React streams it: each list ready only after the shell was written (one inside another). */
async function streamedPage(): Promise<string> {
  const later = (ms: number, text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), ms))
  const [first, second, inner] = [later(20, 'first'), later(40, 'second'), later(60, 'inner')]
  const Late = ({ text, children }: { text: Promise<string>; children?: ReactNode }) =>
    h('div', { className: 'late' }, h('p', null, use(text)), children)
  const loading = (text: string) => h('p', { role: 'status' }, text)
  const app = h(
    'html',
    null,
    h(
      'body',
      null,
      h(
        'main',
        null,
        h(
          Suspense,
          { fallback: loading('Loading one...') },
          h(Late, { text: first }, h(Suspense, { fallback: loading('Loading inner...') }, h(Late, { text: inner }))),
        ),
        h('section', null, h(Suspense, { fallback: loading('Loading two...') }, h(Late, { text: second }))),
      ),
    ),
  )
  return new Response(await renderToReadableStream(app)).text()
}

describe('completeBoundaries', () => {
  it('puts what React streamed in place, as its own scripts would in the browser, and leaves no script', async () => {
    const streamed = await streamedPage()
    // What React sends: the fallbacks in place, the content further down, and scripts that move it.
    expect(streamed).toContain('<template id="B:0"></template><p role="status">Loading one...</p>')
    expect(streamed).toContain('$RC("B:2","S:2")</script>')
    expect(completeBoundaries(streamed)).toBe(
      '<!DOCTYPE html><html><head></head><body><main>' +
        '<!--$--><div class="late"><p>first</p><!--$--><div class="late"><p>inner</p></div><!--/$--></div><!--/$-->' +
        '<section><!--$--><div class="late"><p>second</p></div><!--/$--></section></main></body></html>',
    )
    expect(leanPage(streamed, { ...assets, script: null })).not.toContain('<script')
  })

  it('puts a segment in place of its placeholder ($RS)', () => {
    const html =
      '<main><template id="P:1"></template></main><div hidden id="S:1"><p>late</p></div><script>$RS("S:1","P:1")</script>'
    expect(completeBoundaries(html)).toBe('<main><p>late</p></main>')
  })

  it('leaves a page whole when a script holds anything but what it knows, or its content is not there', () => {
    const boundary =
      '<!--$?--><template id="B:0"></template><p>Loading...</p><!--/$--><div hidden id="S:0"><p>x</p></div>'
    for (const html of [
      `${boundary}<script>$RC("B:0","S:0");document.title="other"</script>`,
      `${boundary}<script>$RC("B:0","S:9")</script>`,
      `${boundary}<script>$RC("B:7","S:0")</script>`,
      `${boundary}<script>$RX("B:0","","")</script>`,
    ]) {
      expect(completeBoundaries(html)).toBe(html)
    }
  })
})

describe('absoluteUrls', () => {
  it("resolves a stylesheet's relative urls against its own address, and leaves the others", () => {
    const css =
      'a{src:url(../media/x.woff2)}b{src:url("../media/y.woff2")}c{background:url("data:image/svg+xml,<svg/>")}d{background:url(/z.png)}'
    expect(absoluteUrls(css, '/_next/static/chunks/site.css')).toBe(
      'a{src:url(/_next/static/media/x.woff2)}b{src:url("/_next/static/media/y.woff2")}c{background:url("data:image/svg+xml,<svg/>")}d{background:url(/z.png)}',
    )
  })
})

describe('keepsRuntime', () => {
  it('is the admin and static files only: every other page is a lean page', () => {
    expect(keepsRuntime('/admin')).toBe(true)
    expect(keepsRuntime('/admin/collections/posts')).toBe(true)
    expect(keepsRuntime('/_next/static/chunks/a.js')).toBe(true)
    expect(keepsRuntime('/')).toBe(false)
    expect(keepsRuntime('/administrator')).toBe(false)
    expect(keepsRuntime('/scheduling/manage/1-2.abc')).toBe(false)
    expect(keepsRuntime('/preview/home')).toBe(false)
  })
})
