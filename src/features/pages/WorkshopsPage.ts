import { WORKSHOPS_COPY } from './defaults'
import { pageGlobal, paragraph, seo } from './fields'

const d = WORKSHOPS_COPY

/** The workshops page's own words: introduction, past highlights per year, the newsletter invitation. */
export const WorkshopsPage = pageGlobal('workshops', {
  // Not "Workshops": that is the list of events under Content, and the navigation must tell the two apart.
  label: 'Workshops page',
  fields: [
    paragraph('intro', 'Introduction', 300, d.intro),
    {
      name: 'highlights',
      label: 'Past Highlights',
      type: 'array',
      minRows: 1,
      maxRows: 6,
      defaultValue: d.highlights,
      admin: { description: 'One card per year, newest first.' },
      fields: [
        {
          name: 'year',
          type: 'number',
          required: true,
          admin: { step: 1 },
          validate: (value: null | number | undefined) =>
            (typeof value === 'number' && Number.isInteger(value) && value >= 1990 && value <= 2100) ||
            'A year such as 2024.',
        },
        paragraph('text', 'What happened', 200),
      ],
    },
    paragraph('newsletterText', 'Invitation above the subscribe form', 160, d.newsletterText),
    seo(d.seo),
  ],
})
