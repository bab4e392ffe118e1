import { line, pageGlobal, paragraph, picture, richText, seo } from './fields'

/** The about page's own words and portrait. */
export const AboutPage = pageGlobal('about', 'About', (d) => [
  paragraph('intro', 'Introduction', 200, d.intro),
  picture('portrait', 'Portrait', 'Shown beside your journey. Without one, the drawn portrait is shown.'),
  richText('journey', 'My Journey', d.journey),
  richText('philosophy', 'My Philosophy', d.philosophy),
  richText('credentials', 'Credentials', d.credentials),
  line('videoCaption', 'Caption of the introduction video', 100, {
    defaultValue: d.videoCaption,
    description: 'Names the video for everyone, screen reader users included. At most 100 characters.',
  }),
  seo(d.seo),
])
