import { HOME_COPY } from './defaults'
import { line, pageGlobal, paragraph, seo, sitePath } from './fields'

const d = HOME_COPY

/** The home page's own words (the announcement banner stays in its own global). */
export const HomePage = pageGlobal('home', {
  label: 'Home',
  fields: [
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
    {
      name: 'helpCards',
      label: 'How I Can Help: the three cards',
      type: 'array',
      minRows: 3,
      maxRows: 3,
      defaultValue: d.helpCards,
      fields: [
        line('title', 'Title', 40),
        paragraph('text', 'Text', 160),
        { type: 'row', fields: [sitePath('link', 'Leads to'), line('linkLabel', 'Link text', 30)] },
      ],
    },
    {
      name: 'impact',
      label: 'Impact: the three figures',
      type: 'array',
      minRows: 3,
      maxRows: 3,
      defaultValue: d.impact,
      fields: [
        {
          type: 'row',
          fields: [
            line('figure', 'Figure', 8, { description: 'E.g. 500+. At most 8 characters.' }),
            line('label', 'Label', 40),
          ],
        },
      ],
    },
    seo(d.seo, 'Shown after the site name in the browser tab and in search results. At most 60 characters.'),
  ],
})
