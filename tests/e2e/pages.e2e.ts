import type { Browser, Page } from 'playwright-core'
import { expect, test } from './fixtures'

import { DESKTOP, expectNoSeriousA11yViolations, PHONE } from '../support/browser'

/** The worker's shared sites this file visits (tests/e2e/fixtures.ts). */
let SEEDED: string
test.beforeAll(({ seeded }) => {
  SEEDED = seeded.url
})

const PAGES = ['/', '/about', '/coaching', '/books', '/blog', '/workshops', '/schedule-and-contact', '/scheduling']
const NAV = [
  ['Home', '/'],
  ['About', '/about'],
  ['Coaching', '/coaching'],
  ['My Books', '/books'],
  ['My Blog', '/blog'],
  ['Workshops', '/workshops'],
  ['Reach Us', '/schedule-and-contact'],
]
/** Link texts that say nothing out of context: Lighthouse's SEO audit ("link-text") fails a page on these. */
const GENERIC_LINK_TEXTS = [
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
]

let browser: Browser
let page: Page
test.beforeAll(({ browser: given }) => {
  browser = given
})

/** A fresh page in its own context (axe needs one it can open pages in). */
async function fresh(viewport = DESKTOP): Promise<Page> {
  await page?.context().close()
  page = await (await browser.newContext({ viewport })).newPage()
  return page
}

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  await fresh(viewport)
  const response = await page.goto(`${SEEDED}${path}`)
  expect(response?.status(), path).toBe(200)
  return page
}

test.describe('every page of the seeded site', () => {
  test('answers 200 with one h1, a unique title and description, canonical link, Open Graph tags and lang', async () => {
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    for (const path of PAGES) {
      const p = await open(path)
      expect(await p.locator('h1').count(), path).toBe(1)
      expect(await p.getAttribute('html', 'lang')).toBe('en')
      titles.add(await p.title())
      descriptions.add((await p.getAttribute('meta[name="description"]', 'content')) ?? '')
      expect(await p.getAttribute('link[rel="canonical"]', 'href'), path).toMatch(
        new RegExp(`${path === '/' ? '/?' : path}$`),
      )
      expect(await p.getAttribute('meta[property="og:title"]', 'content'), path).toBeTruthy()
      expect(await p.getAttribute('meta[name="twitter:card"]', 'content'), path).toBe('summary')
    }
    expect(titles.size).toBe(PAGES.length)
    expect(descriptions.size).toBe(PAGES.length)
  })

  test('has the sticky header with the spec navigation, marking the current page', async () => {
    for (const [label, href] of NAV) {
      const p = await open(href!)
      const links = p.locator('header nav a')
      expect(await links.allInnerTexts()).toEqual(NAV.map(([l]) => l))
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(NAV.map(([, h]) => h))
      expect(await p.locator('header nav a[aria-current="page"]').innerText(), href).toBe(label)
      expect(await p.locator('header').evaluate((h) => getComputedStyle(h).position)).toBe('sticky')
      expect(await p.getAttribute('header a.logo', 'href')).toBe('/')
    }
  })

  test('has the footer blocks, with contact lines and links from the site settings', async () => {
    const p = await open('/')
    const footer = p.locator('footer')
    for (const heading of ['Subscribe to Our Newsletter', 'Schedule a Call', 'Follow Us']) {
      await expect(footer.getByRole('heading', { name: heading }).count()).resolves.toBe(1)
    }
    expect(await footer.getByPlaceholder('Your Email Address').getAttribute('type')).toBe('email')
    expect(await footer.getByRole('button', { name: 'Subscribe' }).count()).toBe(1)
    expect(await footer.getByRole('link', { name: 'Book a Discovery Call' }).getAttribute('href')).toBe('/scheduling')
    for (const name of ['Instagram', 'Facebook', 'E-mail', 'Blog', 'LinkedIn', 'WhatsApp']) {
      expect(await footer.getByRole('link', { name: new RegExp(`^${name}`) }).count(), name).toBe(1)
    }
    expect(await footer.locator('a[href^="tel:"]').innerText()).toBe('+1 (555) 010-2030')
    expect(await footer.locator('.contact-lines a[href^="mailto:"]').innerText()).toBe('hello@example.com')
  })

  test('gives every link words that say where it leads, also when read out of context', async () => {
    const generic = (text: string) => GENERIC_LINK_TEXTS.includes(text.replace(/\s+/g, ' ').trim().toLowerCase())
    for (const path of PAGES) {
      const p = await open(path)
      // What a screen reader announces (the accessible name, visually hidden words included) ...
      const names = [...(await p.locator('body').ariaSnapshot()).matchAll(/^\s*- link(?: "((?:[^"\\]|\\.)*)")?/gm)].map(
        (m) => JSON.parse(`"${m[1] ?? ''}"`) as string,
      )
      expect(names.length, path).toBeGreaterThan(10)
      expect(
        names.filter((name) => name === '' || generic(name)),
        path,
      ).toEqual([])
      // ... and what a crawler reads (Lighthouse reads the rendered text of each <a href>).
      const texts = await p.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLElement).innerText))
      expect(texts.filter(generic), path).toEqual([])
    }
  })

  test('hides the navigation behind a Menu button below 768 px; Escape closes it and returns focus', async () => {
    const p = await open('/about', PHONE)
    const button = p.getByRole('button', { name: 'Menu' })
    const list = p.locator('header nav ul')
    expect(await list.isVisible()).toBe(false)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await list.getAttribute('id')).toBe(await button.getAttribute('aria-controls'))
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await list.isVisible()).toBe(true)
    await p.getByRole('link', { name: 'Coaching' }).first().focus()
    await p.keyboard.press('Escape')
    expect(await list.isVisible()).toBe(false)
    expect(await p.evaluate(() => document.activeElement?.textContent)).toContain('Menu')
    const wide = await open('/about', DESKTOP)
    expect(await wide.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)
    expect(await wide.locator('header nav ul').isVisible()).toBe(true)
  })

  for (const [device, viewport] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const)
    test(`has no serious accessibility violations on any page, on ${device}`, async () => {
      // axe over every page takes about a minute on two cores while the other worker clicks through the admin.
      test.setTimeout(180_000)
      for (const path of PAGES) {
        const p = await open(path, viewport)
        await expectNoSeriousA11yViolations(p, `${path} at ${viewport.width}px`)
      }
    })

  test('shows cards in one column on phones and three from 768 px', async () => {
    const columns = async (p: Page) =>
      p
        .locator('ul.card-grid')
        .first()
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
    expect(await columns(await open('/blog', PHONE))).toBe(1)
    expect(await columns(await open('/blog', { width: 768, height: 900 }))).toBe(3)
  })

  test('starts its script on every page without formatting by locale', async () => {
    // A browser's first locale formatting starts its ICU library: 40-50 ms of a 2-core machine's main thread,
    // four times that on a phone, and Lighthouse's Total Blocking Time on every page. The booking page's open
    // times are grouped again in the browser's zone without it too: Temporal names the zone, Date's local
    // fields write the times (src/browser/slot-picker.ts; a browser without Temporal asks Intl for the zone).
    for (const path of PAGES) {
      await fresh()
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { __localeWork: string[] }).__localeWork = [])
        const watch = (owner: Record<string, unknown>, name: string, label: string) => {
          const original = owner[name] as (...args: unknown[]) => unknown
          owner[name] = new Proxy(original, {
            apply: (target, self, args) => (seen.push(label), Reflect.apply(target, self, args)),
            construct: (target, args, made) => (seen.push(label), Reflect.construct(target, args, made)),
          })
        }
        const intl = Intl as unknown as Record<string, unknown>
        for (const name of Object.getOwnPropertyNames(Intl)) {
          if (typeof intl[name] === 'function') watch(intl, name, `Intl.${name}`)
        }
        watch(Number.prototype as never, 'toLocaleString', 'Number.toLocaleString')
        watch(String.prototype as never, 'localeCompare', 'String.localeCompare')
        for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
          watch(Date.prototype as never, name, `Date.${name}`)
        }
      })
      await page.goto(`${SEEDED}${path}`, { waitUntil: 'load' })
      const work = await page.evaluate(() => (window as unknown as { __localeWork: string[] }).__localeWork)
      expect(work, path).toEqual([])
    }
  })

  test('makes no request to a third party while loading any page', async () => {
    for (const path of PAGES) {
      await fresh()
      const foreign: string[] = []
      page.on('request', (r) => {
        const url = new URL(r.url())
        if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol !== 'data:') foreign.push(r.url())
      })
      await page.goto(`${SEEDED}${path}`, { waitUntil: 'networkidle' })
      expect(foreign, path).toEqual([])
    }
  })
})

test.describe('the pages and their content', () => {
  test('home: banner, hero buttons, help cards, impact figures, testimonials and featured posts', async () => {
    const p = await open('/')
    expect(await p.locator('.announcement').innerText()).toMatch(/early bird.*May 15/i)
    expect(await p.getByRole('link', { name: 'Schedule a Call' }).first().getAttribute('href')).toBe('/scheduling')
    expect(await p.getByRole('link', { name: 'Explore Coaching Services' }).getAttribute('href')).toBe('/coaching')
    for (const card of ['1-on-1 Coaching', 'Group Sessions', 'Workshops']) {
      expect(await p.getByRole('heading', { name: card, exact: true }).count(), card).toBe(1)
    }
    const help = await p
      .locator('section[aria-labelledby="help-heading"] a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(help.every((h) => h === '/coaching' || h === '/workshops')).toBe(true)
    const impact = await p.locator('.impact').innerText()
    for (const figure of ['500+', '10', '20+']) expect(impact).toContain(figure)
    expect(await p.locator('[data-list="testimonials"] blockquote').count()).toBeGreaterThanOrEqual(6)
    const featured = p.locator('[data-list="blogs"] li')
    expect(await featured.count()).toBe(3)
    const readMore = featured.first().getByRole('link', { name: /Read More/ })
    expect(await readMore.getAttribute('target')).toBe('_blank')
    expect(await readMore.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await p.getByRole('link', { name: /Visit My Blog/ }).getAttribute('href')).toMatch(/^https:\/\//)
  })

  test('coaching: packages with features, what to expect, pricing cards, FAQ and a call to action', async () => {
    const p = await open('/coaching')
    const services = p.locator('[data-list="coaching-services"] > li')
    expect(await services.count()).toBe(3)
    expect(await services.first().locator('.feature-list li').count()).toBeGreaterThan(0)
    expect(await p.getByRole('heading', { name: 'What to Expect' }).count()).toBe(1)
    const pricing = await p.locator('[data-list="pricing"]').innerText()
    for (const text of [
      'Starter Session',
      '$150',
      'One-off session, 60 minutes',
      '3-Month Program',
      '$1200',
      'Bi-weekly sessions',
      '6-Month Program',
      '$2200',
      'Weekly sessions',
    ]) {
      expect(pricing).toContain(text)
    }
    expect(await p.locator('.faq').count()).toBeGreaterThan(0)
    expect(await p.locator('.faq-list').textContent()).toContain('24 hours')
    expect(await p.locator('[data-list="testimonials"] blockquote').count()).toBeGreaterThan(0)
    expect(await p.locator('section.section--cta a').getAttribute('href')).toBe('/scheduling')
  })

  test('books: covers, synopses, Buy on Amazon links and three reader quotes', async () => {
    const p = await open('/books')
    const books = p.locator('[data-list="books"] > li')
    expect(await books.count()).toBe(3)
    expect(await books.first().locator('img').getAttribute('src')).toMatch(/^\/cms-api\/media\/file\//)
    const buy = books.first().getByRole('link', { name: /Buy on Amazon/ })
    expect(await buy.getAttribute('href')).toMatch(/^https:\/\/www\.amazon\.com\//)
    expect(await p.locator('[data-list="reader-quotes"] blockquote').count()).toBe(3)
  })

  test('blog: cards open their post in a new tab, and a broken image is replaced by the placeholder', async () => {
    await fresh()
    let broken = 0
    await page.route('**/cms-api/media/file/**', (route) => {
      broken += 1
      return route.fulfill({ status: 404, body: 'gone' })
    })
    await page.goto(`${SEEDED}/blog`, { waitUntil: 'networkidle' })
    const cards = page.locator('[data-list="blogs"] > li')
    expect(await cards.count()).toBe(6)
    for (const link of await page.getByRole('link', { name: /Read More/ }).all()) {
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    expect(broken).toBeGreaterThan(0)
    await expect.poll(() => cards.locator('img[src="/images/placeholder.svg"]').count()).toBe(6)
  })

  test('workshops: upcoming events registering on the site, past highlights, FAQ with the cancellation rule, testimonials and subscribe', async () => {
    const p = await open('/workshops')
    const events = p.locator('[data-list="workshops"] > li')
    expect(await events.count()).toBe(3)
    expect(await events.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(
      await events
        .first()
        .getByRole('link', { name: /Register Now/ })
        .getAttribute('href'),
    ).toMatch(/^\/workshops\/[a-z0-9-]+\/register$/)
    const highlights = await p.locator('[data-list="highlights"]').innerText()
    for (const year of ['2024', '2023', '2022']) expect(highlights).toContain(year)
    expect(await p.locator('.faq-list').textContent()).toContain('48 hours')
    expect(await p.locator('[data-list="testimonials"] blockquote').count()).toBeGreaterThan(0)
    expect(await p.locator('main').getByPlaceholder('Your Email Address').count()).toBe(1)
  })

  test('about: the video player loads only when played, from the privacy-enhanced host', async () => {
    const p = await open('/about')
    expect(await p.locator('iframe').count()).toBe(0)
    expect(await p.locator('[data-list="testimonials"] blockquote').count()).toBeGreaterThan(0)
    for (const heading of ['My Journey', 'My Philosophy', 'Credentials']) {
      expect(await p.getByRole('heading', { name: heading }).count(), heading).toBe(1)
    }
    await p.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, body: '<p>player</p>', contentType: 'text/html' }),
    )
    await p.getByRole('button', { name: /Play video/ }).click()
    expect(await p.locator('iframe').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ/,
    )
  })

  test('schedule and contact: View Available Times leads to /scheduling; the contact form validates', async () => {
    const p = await open('/schedule-and-contact')
    expect(await p.getByRole('link', { name: 'View Available Times' }).getAttribute('href')).toBe('/scheduling')
    expect(await p.locator('.faq').count()).toBeGreaterThan(0)
    const options = await p
      .locator('#contact-inquiryType option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]))
    expect(options).toEqual([
      ['general', 'General Question'],
      ['media', 'Media Inquiry'],
      ['partnership', 'Partnership Opportunity'],
      ['other', 'Other'],
    ])
    await p.fill('#contact-email', 'not-an-email')
    await p.getByRole('button', { name: 'Send Message' }).click()
    const summary = p.locator('.error-summary')
    await expect.poll(() => p.evaluate(() => document.activeElement?.className)).toBe('error-summary')
    expect(await summary.innerText()).toContain('Please enter your name.')
    expect(await p.locator('#contact-email-error').innerText()).toBe('Please enter a valid email address.')
    expect(await p.inputValue('#contact-email')).toBe('not-an-email')
    await expectNoSeriousA11yViolations(p, 'contact form with errors')
  })

  test('scheduling: the discovery-call page, never a dead end', async () => {
    const p = await open('/scheduling')
    expect(await p.locator('h1').innerText()).toBe('Book a Free Discovery Call')
    expect(await p.locator('main').innerText()).toContain('30 minutes')
    expect(await p.locator('main a[href^="/schedule-and-contact"]').count()).toBe(1)
  })

  test('subscribe form: an invalid address gets the decided message', async () => {
    const p = await open('/')
    const footer = p.locator('footer')
    await footer.getByPlaceholder('Your Email Address').fill('nope')
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    expect(await footer.getByRole('alert').innerText()).toBe('Please enter a valid email address.')
  })

  test('an unknown path gets the designed 404 page inside the header and footer', async () => {
    await fresh()
    const response = await page.goto(`${SEEDED}/no-such-page`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').innerText()).toBe('Page not found')
    expect(await page.locator('header nav a').count()).toBe(7)
    expect(await page.locator('footer').getByRole('link', { name: 'Book a Discovery Call' }).count()).toBe(1)
    await expectNoSeriousA11yViolations(page, '404')
  })
})
