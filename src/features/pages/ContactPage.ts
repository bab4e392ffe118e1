import { line, pageGlobal, paragraph, seo } from './fields'

/** The schedule-and-contact page's own words: the introduction and the reply time it promises. */
export const ContactPage = pageGlobal('contact', 'Schedule and contact', (d) => [
  paragraph('intro', 'Introduction', 300, d.intro),
  line('replyTime', 'Reply time', 40, {
    defaultValue: d.replyTime,
    description: 'Completes “I reply to every message within …” above the contact form, e.g. 2-3 business days.',
  }),
  seo(d.seo),
])
