import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'
import { revalidateTag } from 'next/cache'

import type { ContentTag } from '@/content/tags'

/**
 * Content changes revalidate exactly the cached reads tagged with the list they touch: the next visitor of
 * any page (or API) showing that list gets the change. Outside the Next server (seed and migration scripts)
 * there is no cache to revalidate, so the call is skipped there.
 */
function revalidate(tag: ContentTag, req: PayloadRequest): void {
  if (req.context?.disableRevalidate) return
  try {
    revalidateTag(tag, { expire: 0 })
  } catch (error) {
    // "static generation store missing": we are not inside a Next request (a script on the Local API).
    req.payload.logger.debug({ err: error, msg: `revalidate ${tag} skipped outside Next` })
  }
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

export const revalidateGlobal = (tag: ContentTag): GlobalAfterChangeHook[] => [
  ({ doc, req }) => {
    revalidate(tag, req)
    return doc
  },
]
