import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { Payload } from 'payload'

import { readAvailability } from '@/features/booking/calls'
import { cacheTag } from 'next/cache'

import { cacheOutcome } from '@/platform/cache/cache-life'
import { isBuildPhase, payloadClient } from '@/platform/payload'
import { ARCHIVE_PATH, readArchiveSwitch, SHOWN } from './archive-rules'

export { ARCHIVE_PATH, readArchiveSwitch } from './archive-rules'

/*
 * The newsletter's archive on the site (off until the coach turns it on under Newsletter → Archive on the
 * site): /newsletter lists the sent issues newest first, /newsletter/<slug> shows one, /newsletter/feed.xml
 * (Atom) and /newsletter/rss.xml follow them. Only the issue's own words are read: subject, preheader, body,
 * slug and when it went out; never a delivery, a subscriber or anything of a reader.
 *
 * Two cache tags: 'newsletter-archive' (the switch, which the footer and the workshops page read too) and
 * 'newsletter-issues' (what the archive shows: an issue's save once it is sent, and its sending finishing,
 * revalidate it).
 */

/** One issue in the archive's list. */
export type ArchiveEntry = {
  slug: string
  subject: string
  preheader: string | null
  /** When sending started (ISO): the day the issue went out. */
  sentAt: string
  /** That day in the coach's time zone, as the site writes dates ("November 25, 2026"). */
  date: string
}
export type ArchiveIssue = ArchiveEntry & { body: SerializedEditorState }

/** The archive: off (the pages do not exist), or on with its issues; a read that failed counts as off. */
export type Archive = { on: false; failed?: true } | { on: true; timeZone: string; issues: ArchiveEntry[] }

export const ARCHIVE_TITLE = 'Past Newsletters'
export const ARCHIVE_DESCRIPTION = 'Every newsletter sent so far: notes on growth, habits and upcoming workshops.'
export const issuePath = (slug: string) => `${ARCHIVE_PATH}/${slug}`
export const ATOM_PATH = `${ARCHIVE_PATH}/feed.xml`
export const RSS_PATH = `${ARCHIVE_PATH}/rss.xml`

/** A day as the site writes it, in `timeZone`. */
export const archiveDate = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(new Date(iso))

type Row = { slug?: null | string; subject: string; preheader?: null | string; startedAt?: null | string }
const entry = (doc: Row, timeZone: string): ArchiveEntry => ({
  slug: doc.slug!,
  subject: doc.subject,
  preheader: doc.preheader?.trim() || null,
  sentAt: doc.startedAt!,
  date: archiveDate(doc.startedAt!, timeZone),
})

/** The archive as the site shows it: off, or the shown issues newest first. */
export async function readArchive(payload: Payload): Promise<Archive> {
  if (!(await readArchiveSwitch(payload))) return { on: false }
  const { timeZone } = await readAvailability(payload)
  const { docs } = await payload.find({
    collection: 'newsletters',
    where: SHOWN,
    sort: '-startedAt',
    depth: 0,
    pagination: false,
    overrideAccess: true,
    select: { slug: true, subject: true, preheader: true, startedAt: true },
  })
  return { on: true, timeZone, issues: docs.map((doc) => entry(doc, timeZone)) }
}

/** One issue's page: null when the archive is off or the issue is not sent, not shown or not there. */
export async function readArchiveIssue(payload: Payload, slug: string): Promise<ArchiveIssue | null> {
  if (!(await readArchiveSwitch(payload))) return null
  const { timeZone } = await readAvailability(payload)
  const { docs } = await payload.find({
    collection: 'newsletters',
    where: { and: [SHOWN, { slug: { equals: slug } }] },
    // The images in the body, with their address, text and size.
    depth: 1,
    limit: 1,
    overrideAccess: true,
    select: { slug: true, subject: true, preheader: true, startedAt: true, body: true },
  })
  const doc = docs[0]
  return doc ? { ...entry(doc, timeZone), body: doc.body as unknown as SerializedEditorState } : null
}

/** The sent issues with their bodies, newest first, for the feed (at most `limit`). */
export async function readArchiveFeed(payload: Payload, limit = 20): Promise<ArchiveIssue[] | null> {
  if (!(await readArchiveSwitch(payload))) return null
  const { timeZone } = await readAvailability(payload)
  const { docs } = await payload.find({
    collection: 'newsletters',
    where: SHOWN,
    sort: '-startedAt',
    depth: 1,
    limit,
    overrideAccess: true,
    select: { slug: true, subject: true, preheader: true, startedAt: true, body: true },
  })
  return docs.map((doc) => ({ ...entry(doc, timeZone), body: doc.body as unknown as SerializedEditorState }))
}

// ── Cached reads for the pages ───────────────────────────────────────────────────────────────────────────

type Outcome<T> = { ok: true; value: T } | { ok: false }

/** A read for the site; not ok when it failed (the database is away, or the build has none). */
async function attempt<T>(what: string, read: (payload: Payload) => Promise<T>): Promise<Outcome<T>> {
  if (isBuildPhase()) return { ok: false }
  try {
    return { ok: true, value: await read(await payloadClient()) }
  } catch (error) {
    console.error(`Reading ${what} failed:`, error instanceof Error ? error.message : error)
    return { ok: false }
  }
}

/** Tags a read of the archive's pages with both tags; a failed read is tried again within seconds. */
function tagArchiveRead(failed: boolean): void {
  cacheTag('newsletter-issues')
  cacheOutcome('newsletter-archive', failed)
}

/** Whether the archive is on (the footer's and the workshops page's link); false when it cannot be read. */
export async function getArchiveSwitch(): Promise<boolean> {
  'use cache'
  const on = await attempt('the newsletter archive setting', readArchiveSwitch)
  cacheOutcome('newsletter-archive', !on.ok)
  return on.ok && on.value
}

/** The archive's index (off when it cannot be read). */
export async function getArchive(): Promise<Archive> {
  'use cache'
  const archive = await attempt('the newsletter archive', readArchive)
  tagArchiveRead(!archive.ok)
  return archive.ok ? archive.value : { on: false, failed: true }
}

/** One issue's page, or null (see readArchiveIssue; also when it cannot be read). */
export async function getArchiveIssue(slug: string): Promise<ArchiveIssue | null> {
  'use cache'
  const issue = await attempt('a newsletter issue', (payload) => readArchiveIssue(payload, slug))
  tagArchiveRead(!issue.ok)
  return issue.ok ? issue.value : null
}

/** The issues of the feed: null when the archive is off, 'failed' when it cannot be read. */
export async function getArchiveFeed(): Promise<ArchiveIssue[] | null | 'failed'> {
  'use cache'
  const issues = await attempt('the newsletter feed', (payload) => readArchiveFeed(payload))
  tagArchiveRead(!issues.ok)
  return issues.ok ? issues.value : 'failed'
}
