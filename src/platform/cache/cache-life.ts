import { cacheLife, cacheTag } from 'next/cache'

import type { ContentTag } from './tags'

/**
 * A failed read is cached briefly, never for long: the data source is tried again at most every 5 seconds,
 * and a failure never stays in place of good content for longer than that. These are the smallest values
 * that still let Next keep the page prerendered (a shorter expiry turns the page into a per-request render).
 */
export const FAILURE_LIFE = { stale: 30, revalidate: 5, expire: 300 } as const

type Life = 'max' | 'hours' | { stale?: number; revalidate?: number; expire?: number }

/** Call inside a 'use cache' scope: tags the entry and picks its lifetime from the outcome of the read. */
export function cacheOutcome(tag: ContentTag, failed: boolean, success: Life = 'max'): void {
  cacheTag(tag)
  const life = failed ? FAILURE_LIFE : success
  if (life === 'max') cacheLife('max')
  else if (life === 'hours') cacheLife('hours')
  else cacheLife(life)
}
