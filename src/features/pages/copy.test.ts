import { describe, expect, it } from 'vitest'

import { withDefaults } from './copy'
import { bulletList, paragraphs } from './rich-text'

const DEFAULTS = {
  hero: { headline: 'Grow', lead: 'Lead' },
  cards: [
    { title: 'One', price: 150, features: [{ feature: 'a' }] },
    { title: 'Two', price: 1200, features: [{ feature: 'b' }] },
  ],
}

describe('withDefaults', () => {
  it('gives the built-in copy for nothing stored (a never-saved page, or a database that cannot be read)', () => {
    expect(withDefaults(undefined, DEFAULTS)).toEqual(DEFAULTS)
    expect(withDefaults(null, DEFAULTS)).toEqual(DEFAULTS)
    expect(withDefaults('not an object', DEFAULTS)).toEqual(DEFAULTS)
  })

  it('keeps what the coach wrote, trimmed, and fills only what is empty or missing', () => {
    expect(
      withDefaults(
        { hero: { headline: '  New headline ', lead: '   ' }, cards: [{ title: 'Mine', price: 99 }] },
        DEFAULTS,
      ),
    ).toEqual({
      hero: { headline: 'New headline', lead: 'Lead' },
      cards: [{ title: 'Mine', price: 99, features: [{ feature: 'a' }] }],
    })
  })

  it('keeps the coach’s rows, however many, completing each from the built-in row in its place or the last', () => {
    const stored = { cards: [{ title: 'A' }, { title: 'B', price: 0 }, { title: 'C', features: [] }] }
    expect(withDefaults(stored, DEFAULTS).cards).toEqual([
      { title: 'A', price: 150, features: [{ feature: 'a' }] },
      { title: 'B', price: 0, features: [{ feature: 'b' }] },
      { title: 'C', price: 1200, features: [{ feature: 'b' }] },
    ])
  })

  it('drops what the built-in copy does not know (ids, status, dates) and anything of the wrong type', () => {
    const stored = { id: 3, _status: 'published', hero: { headline: 42, extra: 'x' }, cards: 'nope' }
    expect(withDefaults(stored, DEFAULTS)).toEqual(DEFAULTS)
  })

  it('takes a rich text whole: the coach’s document, or the built-in one when it is empty', () => {
    const defaults = { journey: paragraphs('Built in.') }
    const mine = bulletList(['Mine'])
    expect(withDefaults({ journey: mine }, defaults).journey).toBe(mine)
    expect(withDefaults({ journey: { root: { children: [] } } }, defaults)).toEqual(defaults)
    expect(withDefaults({ journey: 'text' }, defaults)).toEqual(defaults)
  })
})
