import { z } from 'zod'

import {
  CONTACT_REPLY_TIME,
  DISCOVERY_CALL,
  RESCHEDULE_NOTICE_HOURS,
  WORKSHOP_CANCELLATION_HOURS,
} from '@/domain/business'
import { DEFAULT_SITE_SETTINGS } from '@/domain/site-defaults'
import data from './content.json'

/** The business facts an FAQ answer names in braces, filled in from src/domain/business.ts when it is seeded. */
const FACTS: Record<string, string | number> = {
  'discovery call minutes': DISCOVERY_CALL.minutes,
  'reschedule notice hours': RESCHEDULE_NOTICE_HOURS,
  'workshop cancellation hours': WORKSHOP_CANCELLATION_HOURS,
  'contact reply time': CONTACT_REPLY_TIME,
}

const withFacts = z.string().transform((text, ctx) =>
  text.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const fact = FACTS[name]
    if (fact === undefined) ctx.addIssue({ code: 'custom', message: `No fact named ${whole}` })
    return String(fact ?? whole)
  }),
)
const colors = z.tuple([z.string(), z.string()])

/**
 * Realistic sample content for a fresh install, every list full and every page complete: the texts are in
 * ./content.json, checked (and typed) here. Workshops start `daysFromNow` days after the seed runs, so a fresh
 * install always has upcoming events; they register on the site (no external link): seats, hours and where
 * they meet. An FAQ answer names a business fact in braces (FACTS).
 */
const SampleContent = z.object({
  testimonials: z.array(z.object({ quote: z.string(), author: z.string() })),
  blogPosts: z.array(z.object({ title: z.string(), description: z.string(), slug: z.string(), colors })),
  coachingServices: z.array(
    z.object({ title: z.string(), summary: z.string(), features: z.array(z.string()), link: z.string().optional() }),
  ),
  books: z.array(z.object({ title: z.string(), synopsis: z.string(), slug: z.string(), colors })),
  workshops: z.array(
    z.object({
      title: z.string(),
      daysFromNow: z.number(),
      hours: z.number(),
      format: z.string(),
      description: z.string(),
      attendance: z.enum(['online', 'in-person']),
      venue: z.string().optional(),
      onlineLink: z.string().optional(),
      seats: z.number(),
    }),
  ),
  faqs: z.array(
    z.object({ page: z.enum(['coaching', 'workshops', 'contact']), question: z.string(), answer: withFacts }),
  ),
})

export const { testimonials, blogPosts, coachingServices, books, workshops, faqs } = SampleContent.parse(data)

/** Seeded settings: the built-in defaults, with no external calendar (so bookings go to /scheduling). */
// The brand is left out: a fresh install takes the fields' built-in defaults (the same words as DEFAULT_BRAND).
const { brand: _brand, ...contactAndLinks } = DEFAULT_SITE_SETTINGS
export const siteSettings = { ...contactAndLinks, externalCalendarUrl: null }

export const announcementText = 'Early bird discount on our next seminar: book before May 15 and save 20%.'
