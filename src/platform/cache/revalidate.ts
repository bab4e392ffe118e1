import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  Payload,
  PayloadRequest,
  RequestContext,
} from 'payload'
import { revalidateTag } from 'next/cache'

import type { ContentTag } from '@/platform/cache/tags'
import { invalidatePageCache } from '@/platform/server/page-cache'

/** Set on a request whose writes commit later: the tags they touch wait here until the commit. */
const PENDING = 'revalidateAfterCommit'

/** A request context that collects the changed tags instead of revalidating at once (see inTransaction). */
export function revalidateAfterCommit(): { context: RequestContext; tags: Set<ContentTag> } {
  const tags = new Set<ContentTag>()
  return { context: { [PENDING]: tags }, tags }
}

/**
 * Content changes revalidate exactly the cached reads tagged with the list they touch: the next visitor of
 * any page (or API) showing that list gets the change. Outside the Next server (seed and migration scripts)
 * there is no cache to revalidate, so the call is skipped there.
 */
export function revalidateTags(tags: Iterable<ContentTag>, payload: Payload): void {
  // The answers the server keeps for a second (src/platform/server/page-cache.ts) go too.
  invalidatePageCache()
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 })
    } catch (error) {
      // "static generation store missing": we are not inside a Next request (a script on the Local API).
      payload.logger.debug({ err: error, msg: `revalidate ${tag} skipped outside Next` })
    }
  }
}

function revalidate(tag: ContentTag, req: PayloadRequest): void {
  if (req.context?.disableRevalidate) return
  const pending = req.context?.[PENDING]
  if (pending instanceof Set) pending.add(tag)
  else revalidateTags([tag], req.payload)
}

export const revalidateCollection = (
  tag: ContentTag,
): { afterChange: CollectionAfterChangeHook[]; afterDelete: CollectionAfterDeleteHook[] } => ({
  afterChange: [
    ({ doc, req }) => {
      revalidate(tag, req)
      return doc
    },
  ],
  afterDelete: [
    ({ doc, req }) => {
      revalidate(tag, req)
      return doc
    },
  ],
})

/** Revalidates the global's tag on every save, or only on the saves `when` picks (e.g. publishing, not drafts). */
export const revalidateGlobal = (
  tag: ContentTag,
  when: (doc: Record<string, unknown>) => boolean = () => true,
): GlobalAfterChangeHook[] => [
  ({ doc, req }) => {
    if (when(doc)) revalidate(tag, req)
    return doc
  },
]
