import { describe, expect, it } from 'vitest'

import { PRICING } from '@/domain/business'
import { fillPrices, staleMentions, withPrices } from '@/domain/prices'
import { COACHING_COPY, PAGE_COPY } from './defaults'

const seeded = PRICING.map((p) => ({ name: p.name, price: p.price }))
const raised = seeded.map((c) => (c.name === 'Starter Session' ? { ...c, price: 175 } : c))

describe('price placeholders', () => {
  it('renders the built-in search description of the coaching page word for word with the seeded prices', () => {
    expect(fillPrices(COACHING_COPY.seo.description, seeded)).toBe(
      'Coaching packages, what to expect, pricing from $150 and answers to common questions.',
    )
  })

  it('follows the pricing cards: a new lowest price is in the description at once', () => {
    expect(fillPrices(COACHING_COPY.seo.description, raised)).toBe(
      'Coaching packages, what to expect, pricing from $175 and answers to common questions.',
    )
    expect(
      fillPrices('{lowest price}', [
        { name: 'A', price: 900 },
        { name: 'B', price: 80 },
      ]),
    ).toBe('$80')
  })

  it('names a card by its name, in any case and spacing; a name no card has stays as written', () => {
    expect(fillPrices('Start with {price: Starter Session}.', seeded)).toBe('Start with $150.')
    expect(fillPrices('Or { Price :  3-month  program }.', seeded)).toBe('Or $1200.')
    expect(fillPrices('Or {price: Gold}.', seeded)).toBe('Or {price: Gold}.')
    expect(fillPrices('Hello {name}', seeded)).toBe('Hello {name}')
    expect(fillPrices('From {lowest price}', [])).toBe('From {lowest price}')
  })

  it('fills every string of a copy, rich text included, and keeps its shape and numbers', () => {
    const copy = {
      intro: 'From {lowest price}',
      pricing: [{ name: 'Starter Session', price: 150 }],
      body: { root: { children: [{ type: 'text', text: 'Only {price: 6-Month Program}' }] } },
    }
    expect(withPrices(copy, seeded)).toEqual({
      intro: 'From $150',
      pricing: [{ name: 'Starter Session', price: 150 }],
      body: { root: { children: [{ type: 'text', text: 'Only $2200' }] } },
    })
  })

  it('every page’s built-in copy names no amount that is not a seeded price', () => {
    const texts = Object.entries(PAGE_COPY).map(([page, copy]) => ({ where: page, text: JSON.stringify(copy) }))
    expect(staleMentions(texts, seeded)).toEqual([])
  })
})

describe('texts that still name an old price', () => {
  it('lists each amount in dollars that no card costs now, where it is', () => {
    const texts = [
      { where: 'Pages → Coaching → Description', text: 'Pricing from $150 and answers.' },
      { where: 'FAQs → “Cost?” → Answer', text: 'Programs are $1,200 or $2200; sessions $ 150.00.' },
      { where: 'Pages → Home → Lead', text: 'Sessions from {lowest price}, or {price: Gold}.' },
    ]
    expect(staleMentions(texts, raised)).toEqual([
      { where: 'Pages → Coaching → Description', amount: '$150', problem: 'no pricing card costs this now' },
      { where: 'FAQs → “Cost?” → Answer', amount: '$ 150.00', problem: 'no pricing card costs this now' },
      { where: 'Pages → Home → Lead', amount: '{price: Gold}', problem: 'no pricing card has this name' },
    ])
    expect(staleMentions(texts.slice(0, 2), seeded)).toEqual([])
  })
})
