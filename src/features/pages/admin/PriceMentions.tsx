import type { Field, Payload, UIFieldServerComponent } from 'payload'

import { LOWEST_PRICE, priceOf, staleMentions, type NamedText } from '@/domain/prices'
import { withDefaults } from '../copy'
import { COACHING_COPY, PAGE_COPY, PAGE_GLOBALS, type PageName } from '../defaults'

/** The lists whose texts the site shows with their price placeholders filled (src/features/content/lists.ts). */
const LISTS = ['coaching-services', 'faqs'] as const

/**
 * At the top of Pages → Coaching, where the prices are: how to name a price in any text so that it follows
 * the pricing cards, and every text of the site's pages, the announcement, coaching services and FAQs that still names an
 * amount in dollars no card costs now (or a card that no longer exists), where it is. A notice, not a
 * refusal: the coach may mean an amount that is not a card's price, and saving is never blocked by it.
 */
export const PriceMentions: UIFieldServerComponent = async ({ data, payload, req }) => {
  const cards = withDefaults((data as { pricing?: unknown } | undefined)?.pricing, COACHING_COPY.pricing)
  const mentions = staleMentions(await everyText(payload, data, req.user), cards)
  const example = cards[0]?.name ?? 'Starter Session'
  return (
    <div className="field-type coach-admin" id="price-mentions" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <p style={{ margin: 0 }}>
        To name a price in any text, write <code>{LOWEST_PRICE}</code> or <code>{priceOf(example)}</code>: the site
        shows the current price of the pricing cards below.
      </p>
      {mentions.length > 0 && (
        <div
          role="status"
          data-price-warning
          style={{
            marginTop: '0.75rem',
            padding: '0.75rem 1rem',
            border: '1px solid var(--theme-warning-500, #b45309)',
            borderRadius: '4px',
            background: 'var(--theme-warning-50, #fffbeb)',
          }}
        >
          <p style={{ margin: '0 0 0.5rem', fontWeight: 600 }}>
            {mentions.length === 1 ? 'A text names a price' : 'Some texts name a price'} that none of your pricing cards
            has:
          </p>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {mentions.map((m, i) => (
              <li key={i} data-price-mention>
                “{m.amount}” in {m.where}: {m.problem}.
              </li>
            ))}
          </ul>
          <p style={{ margin: '0.5rem 0 0' }}>
            Write <code>{LOWEST_PRICE}</code> or <code>{priceOf(example)}</code> there instead, and publish that page.
          </p>
        </div>
      )}
    </div>
  )
}

/** Every text the coach wrote that the site shows with prices filled: this page as in the form, the other pages' latest drafts, the lists. */
async function everyText(payload: Payload, data: unknown, user: unknown): Promise<NamedText[]> {
  const texts: NamedText[] = []
  for (const [page, slug] of Object.entries(PAGE_GLOBALS) as [PageName, string][]) {
    const global = payload.config.globals.find((g) => g.slug === slug)
    if (!global) continue
    const stored =
      page === 'coaching'
        ? data
        : await payload
            .findGlobal({ slug: slug as never, draft: true, depth: 0, overrideAccess: false, user: user as never })
            .catch(() => null)
    // As the page shows it: a text never written is the built-in one.
    texts.push(
      ...fieldTexts(global.fields, withDefaults(stored, PAGE_COPY[page]), `Pages → ${labelOf(global.label, slug)}`),
    )
  }
  const announcement = await payload
    .findGlobal({ slug: 'announcement', depth: 0, overrideAccess: false, user: user as never })
    .catch(() => null)
  if (announcement?.text) texts.push({ where: 'Settings → Announcement banner → Text', text: announcement.text })
  for (const slug of LISTS) {
    const collection = payload.collections[slug].config
    const found = await payload
      .find({ collection: slug, pagination: false, depth: 0, overrideAccess: false, user: user as never })
      .catch(() => ({ docs: [] }))
    const plural = labelOf(collection.labels.plural, slug)
    for (const doc of found.docs as Record<string, unknown>[]) {
      const title = String(doc[collection.admin.useAsTitle ?? 'id'] ?? doc.id)
      texts.push(...fieldTexts(collection.fields, doc, `${plural} → “${title}”`))
    }
  }
  return texts
}

const labelOf = (label: unknown, fallback: string): string => (typeof label === 'string' ? label : fallback)

/** The texts in `value`, each named by the labels of the fields it is in, as the admin shows them. */
function fieldTexts(fields: Field[], value: unknown, where: string): NamedText[] {
  const data = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  return fields.flatMap((field): NamedText[] => {
    if (field.type === 'row' || field.type === 'collapsible') return fieldTexts(field.fields, data, where)
    if (field.type === 'tabs')
      return field.tabs.flatMap((tab) =>
        'name' in tab && tab.name
          ? fieldTexts(tab.fields, data[tab.name], `${where} → ${labelOf(tab.label, tab.name)}`)
          : fieldTexts(tab.fields, data, where),
      )
    if (!('name' in field) || (field.admin as { hidden?: boolean } | undefined)?.hidden) return []
    const named = `${where} → ${labelOf('label' in field ? field.label : undefined, field.name)}`
    const v = data[field.name]
    if (field.type === 'group') return fieldTexts(field.fields, v, named)
    if (field.type === 'array')
      return (Array.isArray(v) ? v : []).flatMap((row, i) => fieldTexts(field.fields, row, `${named} ${i + 1}`))
    if ((field.type === 'text' || field.type === 'textarea') && typeof v === 'string')
      return [{ where: named, text: v }]
    if (field.type === 'richText' && v) return [{ where: named, text: words(v) }]
    return []
  })
}

/** A rich text's words, from its nodes' `text`. */
function words(node: unknown): string {
  if (!node || typeof node !== 'object') return ''
  const n = node as { text?: unknown; children?: unknown[]; root?: unknown }
  if (n.root) return words(n.root)
  return (typeof n.text === 'string' ? n.text : '') + ' ' + (n.children ?? []).map(words).join(' ')
}
