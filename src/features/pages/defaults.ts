import { DEFAULT_BRAND as BRAND } from '@/domain/brand'
import { CONTACT_REPLY_TIME, DISCOVERY_CALL, IMPACT, PRICING, RESCHEDULE_NOTICE_HOURS } from '@/domain/business'
import { NAV_ITEMS } from '@/domain/navigation'
import type { Media } from '@/payload-types'
import { bulletList, paragraphs } from './rich-text'

/*
 * The built-in copy of each page: what a fresh install shows (the admin's fields start with it), and what a
 * page shows when its copy cannot be read from the database. Button labels, routes and texts the spec fixes
 * word for word stay in the page code, not here.
 */

/** The site's own pages a card or button may lead to (the coach picks among them). */
export const SITE_PATHS = [
  ...NAV_ITEMS.map((item) => ({ label: item.label, value: item.href })),
  { label: 'Book a discovery call', value: '/scheduling' },
] as const
export type SitePath = (typeof SITE_PATHS)[number]['value']

export const HOME_COPY = {
  hero: {
    eyebrow: 'Personal growth and life coaching',
    headline: 'Grow into the life you actually want',
    lead: 'I help thoughtful, busy people find clarity, build lasting habits and make brave decisions, through 1-on-1 coaching, group sessions, books and workshops.',
  },
  helpCards: [
    {
      title: '1-on-1 Coaching',
      text: 'Private sessions tailored to your goals, pace and life.',
      link: '/coaching' as SitePath,
      linkLabel: 'Explore coaching',
    },
    {
      title: 'Group Sessions',
      text: 'Grow alongside others in small, supportive coaching circles.',
      link: '/coaching' as SitePath,
      linkLabel: 'See group coaching',
    },
    {
      title: 'Workshops',
      text: 'Hands-on workshops and seminars, online and in person.',
      link: '/workshops' as SitePath,
      linkLabel: 'View workshops',
    },
  ],
  impact: IMPACT.map((i) => ({ figure: i.figure as string, label: i.label as string })),
  seo: {
    title: 'personal growth and life coaching',
    description: BRAND.description,
  },
}

export const COACHING_COPY = {
  intro:
    'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  steps: [
    {
      title: 'A free discovery call',
      text: `About ${DISCOVERY_CALL.minutes} minutes to talk about your goals and see if we are a good fit.`,
    },
    { title: 'Your growth plan', text: 'Together we turn what you want into clear goals and first small steps.' },
    {
      title: 'Regular sessions',
      text: `60-minute sessions by video or phone. Reschedule with ${RESCHEDULE_NOTICE_HOURS} hours notice.`,
    },
    { title: 'Progress you can see', text: 'We review what works, adjust the plan and celebrate the wins.' },
  ],
  pricing: PRICING.map((p) => ({
    name: p.name as string,
    price: p.price as number,
    rhythm: p.rhythm as string,
    features: p.features.map((feature) => ({ feature: feature as string })),
  })),
  pricingCallToAction: 'Start with a free call',
  closing: {
    heading: 'Ready to Begin?',
    text: `Start with a free discovery call of about ${DISCOVERY_CALL.minutes} minutes. No obligation.`,
  },
  seo: {
    title: 'Coaching',
    // "$150" with the seeded prices: the lowest pricing card's price, whatever it becomes (src/domain/prices.ts).
    description: 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.',
  },
}

export const ABOUT_COPY = {
  intro: 'Coach, author and workshop leader, helping people grow with courage and kindness.',
  // None: the drawn portrait that ships with the site.
  portrait: null as Media | number | null,
  journey: paragraphs(
    'For a decade I worked in corporate leadership, successful on paper and exhausted in practice. A burnout at 34 made me ask better questions about what a good life is, and that question became my work.',
    'Since then I have coached more than 500 clients, hosted over 20 workshops and written three books about courage, habits and rest.',
  ),
  philosophy: paragraphs(
    'Change lasts when it is small, specific and kind. I combine evidence-based coaching tools with honest conversation: you bring the goals, I bring structure, questions and accountability.',
  ),
  credentials: bulletList([
    'ICF Professional Certified Coach (PCC)',
    'MSc in Organisational Psychology',
    'Certified Mindfulness-Based Stress Reduction teacher',
    '10 years of coaching experience',
  ]),
  videoCaption: `An introduction by ${BRAND.name}`,
  seo: {
    title: 'About',
    description: `Meet ${BRAND.name}: the journey, philosophy and credentials behind the coaching, books and workshops.`,
  },
}

export const BOOKS_COPY = {
  intro:
    'Everything I teach in sessions and workshops, distilled into books you can keep by your bed and come back to.',
  readerQuotes: [
    { quote: 'I underlined half of it and gave my copy to my sister the same week.', author: 'Anna, reader' },
    {
      quote: 'Finally a self-help book that respects my time: short chapters, real exercises.',
      author: 'Marcus, reader',
    },
    { quote: 'The 30-day plan got me through a hard career decision. Warm and practical.', author: 'Leila, reader' },
  ],
  seo: {
    title: 'My Books',
    description: 'Books on courage, habits and rest: practical guides for people who want to grow without burning out.',
  },
}

export const WORKSHOPS_COPY = {
  intro: 'Learn, practise and grow together: hands-on sessions with tools you keep using.',
  highlights: [
    { year: 2024, text: 'The first Resilience Weekend Seminar: 120 participants, two days, one sold-out room.' },
    { year: 2023, text: 'Boundaries at Work toured five cities and went online for 300 remote attendees.' },
    { year: 2022, text: 'Design Your Next Chapter launched as a small online pilot with 40 participants.' },
  ],
  newsletterText: 'Get new dates and early bird offers in your inbox.',
  seo: {
    title: 'Workshops',
    description: 'Upcoming workshops and seminars, online and in person, plus highlights from past years.',
  },
}

export const CONTACT_COPY = {
  intro: 'Start with a free discovery call, or send a message about anything else.',
  replyTime: CONTACT_REPLY_TIME,
  seo: {
    title: 'Schedule and Contact',
    description: `Book a free ${DISCOVERY_CALL.minutes}-minute discovery call or send a message. Replies within ${CONTACT_REPLY_TIME}.`,
  },
}

export const PAGE_COPY = {
  home: HOME_COPY,
  about: ABOUT_COPY,
  coaching: COACHING_COPY,
  books: BOOKS_COPY,
  workshops: WORKSHOPS_COPY,
  contact: CONTACT_COPY,
}
export type PageName = keyof typeof PAGE_COPY
export type PageCopy<P extends PageName> = (typeof PAGE_COPY)[P]

/** Where each page lives, and the global in the admin that holds its copy. */
export const PAGE_PATHS: Record<PageName, SitePath> = {
  home: '/',
  about: '/about',
  coaching: '/coaching',
  books: '/books',
  workshops: '/workshops',
  contact: '/schedule-and-contact',
}
export const PAGE_GLOBALS = {
  home: 'home-page',
  about: 'about-page',
  coaching: 'coaching-page',
  books: 'books-page',
  workshops: 'workshops-page',
  contact: 'contact-page',
} as const satisfies Record<PageName, string>
