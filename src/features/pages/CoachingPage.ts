import { line, pageGlobal, paragraph, price, rows, seo } from './fields'

/** The coaching page's own words: introduction, what to expect, the pricing cards and the closing call. */
export const CoachingPage = pageGlobal('coaching', 'Coaching', (d) => [
  // How to name a price in any text, and the texts that still name one no card has (a notice, not a field).
  {
    name: 'priceMentions',
    type: 'ui',
    admin: { components: { Field: '@/features/pages/admin/PriceMentions#PriceMentions' } },
  },
  paragraph('intro', 'Introduction', 400, d.intro),
  rows('steps', 'What to Expect: the steps', [1, 6], [line('title', 'Title', 50), paragraph('text', 'Text', 200)], {
    defaultValue: d.steps,
  }),
  rows(
    'pricing',
    'Pricing cards',
    [1, 4],
    [
      {
        type: 'row',
        fields: [
          line('name', 'Name', 40),
          price('price', 'Price (dollars)'),
          line('rhythm', 'Rhythm', 50, { description: 'E.g. Weekly sessions. At most 50 characters.' }),
        ],
      },
      rows('features', 'What is included', [1, 6], [line('feature', 'Included', 80)]),
    ],
    { defaultValue: d.pricing },
  ),
  line('pricingCallToAction', 'Button under each pricing card', 30, {
    defaultValue: d.pricingCallToAction,
    description: 'Leads to the booking page. At most 30 characters.',
  }),
  {
    name: 'closing',
    label: 'Closing call to action',
    type: 'group',
    fields: [
      line('heading', 'Heading', 40, { defaultValue: d.closing.heading }),
      paragraph('text', 'Text', 200, d.closing.text),
    ],
  },
  seo(d.seo),
])
