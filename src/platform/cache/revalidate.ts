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
import { expectTags, expireTagsNow } from '@/platform/cache/shared-tags'
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
 * any page (or API) showing that list gets the change, also when the change was made outside a request (the
 * newsletter's sender, in the server's background).
 */
export function revalidateTags(tags: Iterable<ContentTag>, payload: Payload): void {
  // The answers the server keeps for a second (src/platform/server/page-cache.ts) go too.
  invalidatePageCache()
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 })
      // Next shares it with the other instances when the request is done; the answer waits for that.
      expectTags([tag])
    } catch (error) {
      // "static generation store missing": we are not inside a Next request (a background job of the server,
      // or a script on the Local API, where no cache is kept): the tag is expired without Next's help.
      payload.logger.debug({ err: error, msg: `revalidate ${tag} outside a request` })
      try {
        void expireTagsNow([tag])
      } catch (failure) {
        payload.logger.debug({ err: failure, msg: `revalidate ${tag} skipped outside Next` })
      }
    }
  }
}

/**
 * For a change made by a job in the server's background (the newsletter's sender finishing an issue). Such a
 * job may run in the async context of the request that woke it, long after that request ended, where Next's
 * revalidateTag would record the tags on a request that is over: the tags are expired directly instead.
 */
export function revalidateFromBackground(tags: ContentTag[], payload: Payload): void {
  invalidatePageCache()
  expireTagsNow(tags).catch((error: unknown) => payload.logger.warn({ err: error, msg: 'Could not expire cache tags' }))
}

/** Revalidates `tag` after a change made through `req` (after its commit when the request holds its writes). */
export function revalidate(tag: ContentTag, req: PayloadRequest): void {
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
