import { formatPrice } from './business'

/*
 * A price is written once, on its pricing card (Pages → Coaching). Any other text the coach writes names it
 * with a placeholder that the site replaces with the current price on every page it shows:
 *
 *   {lowest price}                the lowest price of the pricing cards, e.g. "$150"
 *   {price: Starter Session}      the price of the card of that name, e.g. "$150"
 *
 * A text that still names an amount in dollars ("$150") that no pricing card costs any more is listed to the
 * coach on the Coaching page (staleMentions), with the placeholder to write instead.
 */

export type PriceCard = { name: string; price: number }

export const LOWEST_PRICE = '{lowest price}'
export const priceOf = (card: string): string => `{price: ${card}}`

const PLACEHOLDER = /\{\s*(lowest price|price\s*:\s*([^{}]*?))\s*\}/gi
const normal = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/** What a placeholder becomes with these cards, or null when it names no card (or there are none). */
function placeholderValue(cards: readonly PriceCard[], card: string | undefined): string | null {
  if (card === undefined) {
    if (cards.length === 0) return null
    return formatPrice(Math.min(...cards.map((c) => c.price)))
  }
  const found = cards.find((c) => normal(c.name) === normal(card))
  return found ? formatPrice(found.price) : null
}

/** The text with each price placeholder replaced by the current price; one that names no card stays as written. */
export function fillPrices(text: string, cards: readonly PriceCard[]): string {
  if (!text.includes('{')) return text
  return text.replace(
    PLACEHOLDER,
    (whole: string, _all: string, card: string | undefined) => placeholderValue(cards, card) ?? whole,
  )
}

/**
 * Every string inside `value` (a page's copy, rich text included, or a list of items) with its price
 * placeholders filled; the shape is kept.
 */
export function withPrices<T>(value: T, cards: readonly PriceCard[]): T {
  if (typeof value === 'string') return fillPrices(value, cards) as T
  if (Array.isArray(value)) return value.map((v) => withPrices(v, cards)) as T
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPrices(v, cards)])) as T
  return value
}

/** Amounts in dollars as people write them: $150, $ 150, $1,200, $1200.00. */
const AMOUNT = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?(?![\d,]*\d)/g

/** A text of the coach's, named by where it is (e.g. "Pages → Coaching → Search description"). */
export type NamedText = { where: string; text: string }
export type StaleMention = { where: string; amount: string; problem: string }

/**
 * What a coach must look at: each amount in dollars that no pricing card costs now, and each placeholder
 * that names no card (a card renamed or removed), where it is.
 */
export function staleMentions(texts: readonly NamedText[], cards: readonly PriceCard[]): StaleMention[] {
  const current = new Set(cards.map((c) => c.price))
  const found: StaleMention[] = []
  for (const { where, text } of texts) {
    for (const m of text.matchAll(AMOUNT)) {
      const dollars = Number(m[1]!.replace(/,/g, ''))
      if (!current.has(dollars)) found.push({ where, amount: m[0], problem: 'no pricing card costs this now' })
    }
    for (const m of text.matchAll(PLACEHOLDER)) {
      if (placeholderValue(cards, m[2]) === null)
        found.push({ where, amount: m[0], problem: 'no pricing card has this name' })
    }
  }
  return found
}
