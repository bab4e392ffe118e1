/** What a page's screen says of it, in the coach's words instead of the framework's Draft / Published / Changed. */
export type PageStatusWords = 'Live' | 'Changes not published yet'

/**
 * A page is live when its published copy is what visitors see and no draft is newer; a page never saved at all
 * is live too (visitors see the built-in copy). Any draft not yet published means changes are waiting.
 */
export function pageStatusWords({
  hasPublishedDoc,
  unpublishedVersionCount,
  versionCount,
}: {
  hasPublishedDoc: boolean
  unpublishedVersionCount: number
  versionCount: number
}): PageStatusWords {
  if (hasPublishedDoc) return unpublishedVersionCount > 0 ? 'Changes not published yet' : 'Live'
  return versionCount > 0 ? 'Changes not published yet' : 'Live'
}
