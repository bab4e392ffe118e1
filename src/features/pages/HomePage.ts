import { line, pageGlobal, paragraph, rows, seo, sitePath } from './fields'

/** The home page's own words (the announcement banner stays in its own global). */
export const HomePage = pageGlobal('home', 'Home', (d) => [
  {
    name: 'hero',
    label: 'Top of the page',
    type: 'group',
    fields: [
      line('eyebrow', 'Small line above the headline', 60, { defaultValue: d.hero.eyebrow }),
      line('headline', 'Headline', 70, { defaultValue: d.hero.headline }),
      paragraph('lead', 'Introduction', 300, d.hero.lead),
    ],
  },
  rows(
    'helpCards',
    'How I Can Help: the three cards',
    [3, 3],
    [
      line('title', 'Title', 40),
      paragraph('text', 'Text', 160),
      { type: 'row', fields: [sitePath('link', 'Leads to'), line('linkLabel', 'Link text', 30)] },
    ],
    { defaultValue: d.helpCards },
  ),
  rows(
    'impact',
    'Impact: the three figures',
    [3, 3],
    [
      {
        type: 'row',
        fields: [
          line('figure', 'Figure', 8, { description: 'E.g. 500+. At most 8 characters.' }),
          line('label', 'Label', 40),
        ],
      },
    ],
    { defaultValue: d.impact },
  ),
  seo(d.seo, 'Shown after the site name in the browser tab and in search results. At most 60 characters.'),
])
