import type { CollectionSlug, Endpoint, GlobalSlug, PayloadRequest } from 'payload'

import { siteUrl } from '@/domain/brand'
import { adminOnlyRefusal } from '@/platform/access'
import { toCsv } from '@/platform/csv'
import { attachment, fileDate, jsonExport } from '@/platform/download'

/**
 * Everything the coach owns, to take along (to another tool, an accountant, a backup of one's own): the
 * content, the pages' words and settings, the messages, subscribers and discovery calls, as one JSON file,
 * and each list as a CSV file. For admins only. Left out: what is the site's machinery rather than the
 * coach's (outgoing mail, rate-limit counters) and every secret (password hashes, link tokens, sealed values
 * such as outgoing mail's live links, the calendar feed's key, the address of the coach's own calendar), by
 * field name.
 */
export const EXPORTED_COLLECTIONS = [
  { slug: 'contact-messages', label: 'Messages' },
  { slug: 'subscribers', label: 'Subscribers' },
  { slug: 'discovery-calls', label: 'Discovery calls' },
  { slug: 'person-notes', label: 'Your notes about people' },
  { slug: 'testimonials', label: 'Testimonials' },
  { slug: 'blog-posts', label: 'Blog posts' },
  { slug: 'coaching-services', label: 'Coaching services' },
  { slug: 'books', label: 'Books' },
  { slug: 'workshops', label: 'Workshops' },
  { slug: 'faqs', label: 'FAQs' },
  { slug: 'media', label: 'Images (their details; the files are in the backup)' },
  { slug: 'users', label: 'Users' },
] as const satisfies readonly { slug: CollectionSlug; label: string }[]

export const EXPORTED_GLOBALS = [
  'site-settings',
  'announcement',
  'home-page',
  'about-page',
  'coaching-page',
  'books-page',
  'workshops-page',
  'contact-page',
  'availability',
  'mail-texts',
  'newsletter-archive',
] as const satisfies readonly GlobalSlug[]

export type ExportedCollection = (typeof EXPORTED_COLLECTIONS)[number]['slug']

/** Field names that hold a secret (or a sealed one), or Payload's session bookkeeping: never exported. */
const SECRET = /token|hash|salt|secret|sealed|password|^busyCalendarUrl$|^sessions$|^loginAttempts$|^lockUntil$/i

/** The document without its secrets, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  )
}

async function exportedDocs(req: PayloadRequest, slug: ExportedCollection): Promise<Record<string, unknown>[]> {
  const { docs } = await req.payload.find({
    collection: slug,
    pagination: false,
    depth: 0,
    // The latest of each (a draft the coach is working on included).
    draft: true,
    overrideAccess: true,
    req,
  })
  return docs.map((doc) => withoutSecrets(doc) as Record<string, unknown>)
}

const refusal = (req: PayloadRequest): Response | null => adminOnlyRefusal(req, 'export the site’s data')

/** GET /cms-api/export/everything.json */
const everything: Endpoint = {
  path: '/export/everything.json',
  method: 'get',
  handler: async (req) => {
    const refused = refusal(req)
    if (refused) return refused
    const collections: Record<string, unknown[]> = {}
    for (const { slug } of EXPORTED_COLLECTIONS) collections[slug] = await exportedDocs(req, slug)
    const globals: Record<string, unknown> = {}
    for (const slug of EXPORTED_GLOBALS) {
      globals[slug] = withoutSecrets(
        await req.payload.findGlobal({ slug, depth: 0, draft: true, overrideAccess: true, req }),
      )
    }
    return jsonExport({ site: siteUrl().origin, collections, globals }, `site-export-${fileDate()}.json`)
  },
}

/** GET /cms-api/export/csv/<list>: one list, one row per item. */
const oneList: Endpoint = {
  path: '/export/csv/:list',
  method: 'get',
  handler: async (req) => {
    const refused = refusal(req)
    if (refused) return refused
    const list = EXPORTED_COLLECTIONS.find((c) => c.slug === req.routeParams?.list)
    if (!list) return Response.json({ errors: [{ message: 'There is no such list to export.' }] }, { status: 404 })
    return attachment(toCsv(await exportedDocs(req, list.slug)), 'text/csv', `${list.slug}-${fileDate()}.csv`)
  },
}

export const exportEndpoints: Endpoint[] = [everything, oneList]
