import {
  CONTACT_REPLY_TIME,
  DISCOVERY_CALL,
  RESCHEDULE_NOTICE_HOURS,
  WORKSHOP_CANCELLATION_HOURS,
} from '@/domain/business'
import { DEFAULT_SITE_SETTINGS } from '@/domain/site-defaults'

/** Realistic sample content for a fresh install: every list full, every page complete. */
export const testimonials = [
  {
    quote:
      'After three months I finally left a job that was draining me, with a plan instead of a leap of faith. The sessions were calm, direct and always practical.',
    author: 'Maya R., product designer',
  },
  {
    quote:
      'I came in wanting better habits and left with a better relationship with myself. The weekly check-ins kept me honest without ever feeling like pressure.',
    author: 'Daniel K., engineer',
  },
  {
    quote:
      'The workshop on boundaries changed how I run my team. I use the "pause, name, ask" exercise every single week.',
    author: 'Priya S., operations lead',
  },
  {
    quote: 'Warm, sharp and honest. I was heard, and I was also challenged exactly when I needed it.',
    author: 'Tom B., founder',
  },
  {
    quote:
      'The discovery call alone gave me more clarity than a year of journaling. Booking the program was an easy decision.',
    author: 'Elena M., teacher',
  },
  {
    quote:
      'I read the book first, then joined the six-month program. Both meet you where you are and move you forward.',
    author: 'Chris A., nurse',
  },
]

export const blogPosts = [
  {
    title: 'The Five-Minute Morning Reset',
    description: 'A short ritual that turns a rushed start into a deliberate one, even on your busiest days.',
    slug: 'five-minute-morning-reset',
    colors: ['#2f6f5e', '#a7d7c5'],
  },
  {
    title: 'Why Goals Fail in February',
    description: 'Motivation fades; systems stay. How to build a plan that survives the first hard month.',
    slug: 'why-goals-fail-in-february',
    colors: ['#7a4b2a', '#f0c987'],
  },
  {
    title: 'Saying No Without Guilt',
    description: 'Boundaries are a kindness to everyone involved. Three scripts to practise this week.',
    slug: 'saying-no-without-guilt',
    colors: ['#3b4a7a', '#b9c4f0'],
  },
  {
    title: 'Your Inner Critic Is Trying to Help',
    description: 'Listen to what it fears, then give it a better job. A gentle approach to self-talk.',
    slug: 'inner-critic-trying-to-help',
    colors: ['#6b2f5a', '#eab0d6'],
  },
  {
    title: 'Career Change at Any Age',
    description: 'Stories and steps from clients who changed direction at 35, 48 and 61.',
    slug: 'career-change-at-any-age',
    colors: ['#1f5c7a', '#9fd3ea'],
  },
  {
    title: 'Rest Is Part of the Work',
    description: 'High performers recover on purpose. How to plan rest like you plan meetings.',
    slug: 'rest-is-part-of-the-work',
    colors: ['#4d6b2f', '#cfe6a1'],
  },
]

export const coachingServices = [
  {
    title: '1-on-1 Life Coaching',
    summary:
      'Private sessions to get clear on what you want, understand what is in the way, and build the habits that carry you there.',
    features: [
      'Personal growth plan',
      'Video or phone sessions',
      'E-mail support between sessions',
      'Session notes and exercises',
    ],
  },
  {
    title: 'Career Transition Coaching',
    summary:
      'For professionals at a crossroads: find direction, test options safely and make your move with confidence.',
    features: [
      'Strengths and values mapping',
      'CV and interview preparation',
      'Decision frameworks',
      'Accountability check-ins',
    ],
  },
  {
    title: 'Group Coaching Circles',
    summary: 'Small groups of six meeting every two weeks: shared insight, peer support and a coach to keep the focus.',
    features: ['Groups of up to six', 'Bi-weekly 90-minute sessions', 'Private community space', 'Workbook included'],
    link: 'https://example.com/group-coaching',
  },
]

export const books = [
  {
    title: 'The Quiet Courage',
    synopsis:
      'A practical guide to making brave decisions without burning out: exercises, stories from coaching sessions, and a 30-day plan.',
    slug: 'the-quiet-courage',
    colors: ['#24405e', '#e9b872'],
  },
  {
    title: 'Small Steps, Big Life',
    synopsis: 'How tiny, repeatable actions compound into lasting change, and how to design them so they stick.',
    slug: 'small-steps-big-life',
    colors: ['#7a2f2f', '#f2d0a4'],
  },
  {
    title: 'Permission to Rest',
    synopsis: 'A compassionate look at productivity culture and a roadmap to work that leaves room for living.',
    slug: 'permission-to-rest',
    colors: ['#2f5e4d', '#d8e8c8'],
  },
]

/**
 * Workshops start `daysFromNow` days after the seed runs, so a fresh install always has upcoming events. They
 * register on the site (no external link): seats, hours and where they meet.
 */
export const workshops = [
  {
    title: 'Design Your Next Chapter',
    daysFromNow: 21,
    hours: 3,
    format: 'Online (Zoom), 3 hours',
    description: 'A guided half-day to review the year behind you and design the one ahead, with a workbook to keep.',
    attendance: 'online',
    onlineLink: 'https://example.com/zoom/chapter',
    seats: 30,
  },
  {
    title: 'Boundaries at Work',
    daysFromNow: 45,
    hours: 2,
    format: 'In person, Community Hall, 2 hours',
    description: 'Practical scripts and role-play to protect your time and energy without damaging relationships.',
    attendance: 'in-person',
    venue: 'Community Hall, 12 Market Street',
    seats: 20,
  },
  {
    title: 'The Resilience Weekend Seminar',
    daysFromNow: 80,
    hours: 7,
    format: 'In person, two days',
    description:
      'Our flagship seminar: stress science, recovery habits and a personal resilience plan. Early bird pricing available.',
    attendance: 'in-person',
    venue: 'Riverside Conference Centre, 3 Quay Road',
    seats: 40,
  },
] as const

export const faqs = [
  {
    page: 'coaching',
    question: 'How do I know if coaching is right for me?',
    answer: `Book a free discovery call of about ${DISCOVERY_CALL.minutes} minutes. We talk about where you are and where you want to be, and decide together whether coaching fits.`,
  },
  {
    page: 'coaching',
    question: 'Can I reschedule a session?',
    answer: `Yes. Sessions can be rescheduled with at least ${RESCHEDULE_NOTICE_HOURS} hours notice at no cost.`,
  },
  {
    page: 'coaching',
    question: 'Are sessions online or in person?',
    answer:
      'Most sessions are by video call, so you can join from anywhere. In-person sessions are possible on request.',
  },
  {
    page: 'workshops',
    question: 'What is your cancellation policy?',
    answer: `Cancel up to ${WORKSHOP_CANCELLATION_HOURS} hours before a workshop for a refund or a credit towards a future event.`,
  },
  {
    page: 'workshops',
    question: 'Do I need any preparation?',
    answer: 'No. Bring curiosity and something to write with; every participant receives a workbook.',
  },
  {
    page: 'workshops',
    question: 'Are workshops recorded?',
    answer: 'Online workshops are recorded for participants only and available for 30 days.',
  },
  {
    page: 'contact',
    question: 'How quickly will I get a reply?',
    answer: `Messages are answered within ${CONTACT_REPLY_TIME}.`,
  },
  {
    page: 'contact',
    question: 'What happens on a discovery call?',
    answer: `A free, relaxed conversation of about ${DISCOVERY_CALL.minutes} minutes about your goals and how coaching could help. No obligation.`,
  },
  {
    page: 'contact',
    question: 'Do you work with organisations?',
    answer:
      'Yes: team workshops, leadership coaching and speaking. Choose "Partnership Opportunity" in the form below.',
  },
] as const

/** Seeded settings: the built-in defaults, with no external calendar (so bookings go to /scheduling). */
// The brand is left out: a fresh install takes the fields' built-in defaults (the same words as DEFAULT_BRAND).
const { brand: _brand, ...contactAndLinks } = DEFAULT_SITE_SETTINGS
export const siteSettings = { ...contactAndLinks, externalCalendarUrl: null }

export const announcementText = 'Early bird discount on our next seminar: book before May 15 and save 20%.'
