import type { Payload } from 'payload'

import { withPrices, type PriceCard } from '@/domain/prices'
import { cacheOutcome } from '@/platform/cache/cache-life'
import { isBuildPhase, payloadClient } from '@/platform/payload'
import { withDefaults } from './copy'
import { PAGE_COPY, PAGE_GLOBALS, type PageCopy, type PageName } from './defaults'

/**
 * A page's published copy, its price placeholders ({lowest price}, {price: <card>}: src/domain/prices.ts)
 * filled from the published pricing cards of the coaching page. Both reads are cached, each until the coach
 * publishes that page again, so a new price reaches every page that names it on the next request.
 */
export async function getPageCopy<P extends PageName>(page: P): Promise<PageCopy<P>> {
  const [copy, coaching] = await Promise.all([
    readPageCopy(page),
    page === 'coaching' ? null : readPageCopy('coaching'),
  ])
  return withPrices(copy, (coaching ?? (copy as PageCopy<'coaching'>)).pricing)
}

/** The pricing cards as published (what every price placeholder on the site stands for). */
export async function getPriceCards(): Promise<PriceCard[]> {
  return (await readPageCopy('coaching')).pricing
}

/**
 * A page's published copy as stored, read once and cached until the coach publishes again (tagged
 * `page-<name>`). When the database cannot be read, the built-in copy, for a few seconds at a time.
 */
async function readPageCopy<P extends PageName>(page: P): Promise<PageCopy<P>> {
  'use cache'
  let stored: unknown = null
  let failed = true
  if (!isBuildPhase()) {
    try {
      stored = await (await payloadClient()).findGlobal({ slug: PAGE_GLOBALS[page], depth: 1 })
      failed = false
    } catch (error) {
      console.error(`Reading the ${page} page's copy failed:`, error instanceof Error ? error.message : error)
    }
  }
  cacheOutcome(`page-${page}`, failed)
  return withDefaults(stored, PAGE_COPY[page])
}

/**
 * The latest draft of a page's copy, for the coach's preview: read afresh, never cached; its prices are
 * those of the coaching page's latest draft.
 */
export async function getDraftCopy<P extends PageName>(payload: Payload, page: P): Promise<PageCopy<P>> {
  const draft = async <Q extends PageName>(name: Q) =>
    withDefaults(
      await payload.findGlobal({ slug: PAGE_GLOBALS[name], depth: 1, draft: true, overrideAccess: true }),
      PAGE_COPY[name],
    )
  const [copy, coaching] = await Promise.all([draft(page), page === 'coaching' ? null : draft('coaching')])
  return withPrices(copy, (coaching ?? (copy as PageCopy<'coaching'>)).pricing)
}
