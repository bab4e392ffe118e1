import type { Payload } from 'payload'

import { cacheOutcome } from '@/platform/cache/cache-life'
import { isBuildPhase, payloadClient } from '@/platform/payload'
import { withDefaults } from './copy'
import { PAGE_COPY, PAGE_GLOBALS, type PageCopy, type PageName } from './defaults'

/**
 * A page's published copy, read once and cached until the coach publishes again (tagged `page-<name>`).
 * When the database cannot be read, the built-in copy, for a few seconds at a time.
 */
export async function getPageCopy<P extends PageName>(page: P): Promise<PageCopy<P>> {
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

/** The latest draft of a page's copy, for the coach's preview: read afresh, never cached. */
export async function getDraftCopy<P extends PageName>(payload: Payload, page: P): Promise<PageCopy<P>> {
  const stored = await payload.findGlobal({ slug: PAGE_GLOBALS[page], depth: 1, draft: true, overrideAccess: true })
  return withDefaults(stored, PAGE_COPY[page])
}
