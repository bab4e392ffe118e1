import { pageGlobal, paragraph, rows, seo } from './fields'

/**
 * The workshops page's own words: introduction, past highlights per year, the newsletter invitation. Named
 * "Workshops page", not "Workshops": that is the list of events under Content, and the navigation must tell
 * the two apart.
 */
export const WorkshopsPage = pageGlobal('workshops', 'Workshops page', (d) => [
  paragraph('intro', 'Introduction', 300, d.intro),
  rows(
    'highlights',
    'Past Highlights',
    [1, 6],
    [
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
    { defaultValue: d.highlights, description: 'One card per year, newest first.' },
  ),
  paragraph('newsletterText', 'Invitation above the subscribe form', 160, d.newsletterText),
  seo(d.seo),
])
