import { cacheTag } from 'next/cache'
import type { Payload, Where } from 'payload'

import type { FaqPage } from '@/domain/faq-pages'
import { lastGoodMemory, toListState, type ListState } from '@/domain/list-state'
import { withPrices } from '@/domain/prices'
import { siteUrl } from '@/domain/brand'
import { upcomingWorkshopsWhere } from '@/domain/workshops'
import type { BlogPost, Book, CoachingService, Faq, Media, Testimonial, Workshop } from '@/payload-types'
import { cacheOutcome } from '@/platform/cache/cache-life'
import { readCoachTimeZone } from '@/features/booking/coach-time-zone'
import { getPriceCards } from '@/features/pages/read'
import { termsOf } from '@/features/workshops/terms'
import { registerPath } from '@/features/workshops/texts'
import { availability } from '@/domain/workshop-seats'
import { isBuildPhase, payloadClient } from '@/platform/payload'
import type { ContentTag } from '@/platform/cache/tags'

/*
 * The public shape of each list item: the field names the public pages and the read API use, whatever the
 * collections call them. Image fields are root-relative URLs.
 */
export type TestimonialItem = { quote: string; author: string }
export type BlogPostItem = {
  id: string
  title: string
  description: string
  imageUrl: string | null
  link: string
  excerpt: string
  image: string | null
  externalLink: string
  imageAlt: string
}
export type CoachingServiceItem = { title: string; summary: string; features: string[]; link?: string }
export type BookItem = {
  title: string
  synopsis: string
  coverImage: string | null
  purchaseLink: string
  coverAlt: string
}
export type WorkshopItem = {
  title: string
  date: string
  format: string
  description: string
  /** The coach's external link when set, else the workshop's registration page on the site (absolute). */
  registerLink: string
  /** Whether `registerLink` is the site's own registration page; not in the read API. */
  onSite: boolean
  /**
   * On the site's own page, what a visitor can do now (the same for everyone): register, join the waitlist,
   * nothing (full, or registration closed). Not in the read API.
   */
  join: 'seats' | 'waitlist' | 'full' | 'closed'
  /** The coach's zone (Booking → Availability), which the pages show the date in; not in the read API. */
  timeZone: string
}
export type FaqItem = { question: string; answer: string }

/** Each list by its cache tag (what an edit revalidates), with the collection it is read from. */
const LIST_COLLECTIONS = {
  testimonials: 'testimonials',
  blogs: 'blog-posts',
  'coaching-services': 'coaching-services',
  books: 'books',
  workshops: 'workshops',
  faqs: 'faqs',
} as const satisfies Partial<Record<ContentTag, string>>
type ListTag = keyof typeof LIST_COLLECTIONS

/** How each list is ordered: the coach's drag-and-drop order, but workshops by date, soonest first. */
const LIST_SORT: Record<ListTag, string> = {
  testimonials: '_order',
  blogs: '_order',
  'coaching-services': '_order',
  books: '_order',
  workshops: 'date',
  faqs: '_order',
}

/** A list's filter, or how to make it from what the database holds (the coach's time zone). */
type ListWhere = Where | ((payload: Payload) => Promise<Where>)

/** Reads one published list in its order (LIST_SORT); any failure becomes the list's failed state. */
async function readList<T>(tag: ListTag, map: (doc: never) => T, listWhere: ListWhere = {}): Promise<ListState<T>> {
  if (isBuildPhase()) return { status: 'failed' }
  const collection = LIST_COLLECTIONS[tag]
  try {
    const payload = await payloadClient()
    const where = typeof listWhere === 'function' ? await listWhere(payload) : listWhere
    const result = await payload.find({
      collection,
      where: { and: [{ published: { equals: true } }, where] },
      sort: LIST_SORT[tag],
      limit: 100,
      depth: 1,
      pagination: false,
      overrideAccess: false,
    })
    return toListState(result.docs, map)
  } catch (error) {
    console.error(`Reading ${collection} failed:`, error instanceof Error ? error.message : error)
    return { status: 'failed' }
  }
}

/**
 * The last list each reader got from the database in this process. When a later read fails (the database
 * went away while a page was being revalidated), the page keeps showing that content instead of replacing
 * it with the failure text, and the short failure lifetime makes it try again soon.
 */
const keepLastGood = lastGoodMemory()

/**
 * One list for a cached read, tagged with `tag`: `where` narrows it, and a list read in parts (the FAQs of
 * one page) names its `part`, so that each part keeps its own last good content.
 */
async function cachedList<T>(
  tag: ListTag,
  map: (doc: never) => T,
  { where, part, success }: { where?: ListWhere; part?: string; success?: 'hours' } = {},
): Promise<ListState<T>> {
  const state = await readList(tag, map, where)
  // The lifetime follows this read: a failure is retried soon even while the last good content is shown.
  cacheOutcome(tag, state.status === 'failed', success)
  return keepLastGood(part ? `${tag}:${part}` : tag, state)
}

function mediaUrl(media: number | Media | null | undefined, size?: 'card'): string | null {
  if (!media || typeof media !== 'object') return null
  return (size && media.sizes?.[size]?.url) || media.url || null
}
const mediaAlt = (media: number | Media | null | undefined): string =>
  media && typeof media === 'object' ? media.alt : ''

export async function getTestimonials(): Promise<ListState<TestimonialItem>> {
  'use cache'
  return cachedList('testimonials', (doc: Testimonial) => ({ quote: doc.quote, author: doc.author }))
}

export async function getBlogPosts(): Promise<ListState<BlogPostItem>> {
  'use cache'
  return cachedList('blogs', (doc: BlogPost) => {
    const image = mediaUrl(doc.image, 'card')
    return {
      id: String(doc.id),
      title: doc.title,
      description: doc.description,
      imageUrl: image,
      link: doc.externalLink,
      excerpt: doc.description,
      image,
      externalLink: doc.externalLink,
      imageAlt: mediaAlt(doc.image),
    }
  })
}

/** The coaching services, their price placeholders filled with the current prices (src/domain/prices.ts). */
export async function getCoachingServices(): Promise<ListState<CoachingServiceItem>> {
  const [list, cards] = await Promise.all([readCoachingServices(), getPriceCards()])
  return withPrices(list, cards)
}

async function readCoachingServices(): Promise<ListState<CoachingServiceItem>> {
  'use cache'
  return cachedList('coaching-services', (doc: CoachingService) => ({
    title: doc.title,
    summary: doc.summary,
    features: (doc.features ?? []).map((f) => f.feature),
    ...(doc.link ? { link: doc.link } : {}),
  }))
}

export async function getBooks(): Promise<ListState<BookItem>> {
  'use cache'
  return cachedList('books', (doc: Book) => ({
    title: doc.title,
    synopsis: doc.synopsis,
    coverImage: mediaUrl(doc.coverImage, 'card'),
    purchaseLink: doc.purchaseLink,
    coverAlt: mediaAlt(doc.coverImage) || `Cover of ${doc.title}`,
  }))
}

/**
 * Upcoming workshops only (from the start of today in the coach's time zone), soonest first, each with that
 * zone to be shown in; re-read hourly so a past event drops off without anyone touching it. A change of the
 * coach's zone revalidates the list (src/features/booking/Availability.ts).
 */
export async function getWorkshops(): Promise<ListState<WorkshopItem>> {
  'use cache'
  // A registration, a cancellation or an offer can fill a workshop or free a seat: its button follows.
  cacheTag('workshop-seats')
  let timeZone = ''
  let counts = new Map<string, { live: number; waiting: number }>()
  return cachedList(
    'workshops',
    (doc: Workshop) => ({
      title: doc.title,
      date: doc.date,
      format: doc.format,
      description: doc.description,
      // An external link the coach set wins; otherwise registration on the site (decision 064).
      registerLink: doc.registerLink || (doc.slug ? new URL(registerPath(doc.slug), siteUrl()).href : ''),
      onSite: !doc.registerLink && Boolean(doc.slug),
      join: availability(termsOf(doc), counts.get(String(doc.id)) ?? { live: 0, waiting: 0 }, Date.now()),
      timeZone,
    }),
    {
      where: async (payload) => {
        timeZone = await readCoachTimeZone(payload)
        const where = upcomingWorkshopsWhere(timeZone, new Date())
        counts = await seatCountsOfUpcoming(payload, where)
        return where
      },
      success: 'hours',
    },
  )
}

/** How many people hold a seat and how many wait, by workshop, for the upcoming workshops (`upcoming`). */
export async function seatCountsOfUpcoming(payload: Payload, upcoming: Where) {
  const { docs } = await payload.find({
    collection: 'workshop-registrations',
    where: {
      and: [
        { status: { in: ['registered', 'offered', 'waitlisted'] } },
        ...Object.entries(upcoming).map(([field, rule]) => ({ [`workshop.${field}`]: rule })),
      ],
    },
    pagination: false,
    depth: 0,
    select: { workshop: true, status: true },
    overrideAccess: true,
  })
  const counts = new Map<string, { live: number; waiting: number }>()
  for (const r of docs) {
    const id = String(typeof r.workshop === 'object' ? r.workshop.id : r.workshop)
    const c = counts.get(id) ?? { live: 0, waiting: 0 }
    if (r.status === 'waitlisted') c.waiting += 1
    else c.live += 1
    counts.set(id, c)
  }
  return counts
}

/** One page's questions and answers, their price placeholders filled with the current prices. */
export async function getFaqs(page: FaqPage): Promise<ListState<FaqItem>> {
  const [list, cards] = await Promise.all([readFaqs(page), getPriceCards()])
  return withPrices(list, cards)
}

async function readFaqs(page: FaqPage): Promise<ListState<FaqItem>> {
  'use cache'
  return cachedList('faqs', (doc: Faq) => ({ question: doc.question, answer: doc.answer }), {
    where: { page: { equals: page } },
    part: page,
  })
}
