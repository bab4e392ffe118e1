import type { CollectionBeforeOperationHook, CollectionConfig, PayloadRequest, Where } from 'payload'

import { readingWith } from '@/platform/transaction'

/** Payload's collection of document locks (payload/dist/locked-documents/config.js). */
const LOCKS = 'payload-locked-documents'
/** Payload's default time a lock holds without the editor's screen renewing it, in seconds. */
const DEFAULT_LOCK_SECONDS = 300

type LockRow = { updatedAt?: string; user?: { value?: unknown } | null; document?: { value?: unknown } | null }

/**
 * A save or delete through the REST API (the admin's, or any client's) asks Payload to check that nobody
 * else is editing the document (`overrideLock: false`). Payload reads the document's lock for that inside
 * the operation's transaction but without its request (payload/dist/utilities/checkDocumentLockStatus.js):
 * a second pooled connection while the transaction holds the first, and ten such saves at once on PostgreSQL
 * held all ten connections and waited on one another until each failed.
 *
 * So the same read is made here first, with the operation's request (src/platform/transaction.ts,
 * `readingWith`). When no document it names is locked by someone else, Payload is told to skip its own read
 * (`overrideLock: true`), which changes nothing else: it still removes the document's lock, as it does
 * after any save. When one is, Payload checks as before and refuses it, after its access rules, with its
 * own message: only then does its read still take a second connection.
 */
export const readLocksInTransaction: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  if (operation !== 'update' && operation !== 'delete') return args
  const given = args as { id?: number | string; overrideLock?: boolean }
  if (given.overrideLock !== false) return args
  const setting = collection.lockDocuments
  if (setting === false || !req.payload.collections[LOCKS]) return args
  const seconds = typeof setting === 'object' ? setting.duration : DEFAULT_LOCK_SECONDS
  const byId = given.id !== undefined && given.id !== null
  return (await lockedBySomeoneElse(req, collection.slug, byId ? given.id! : null, seconds * 1000))
    ? args
    : { ...args, overrideLock: true }
}

/**
 * Whether the latest lock of the document (`id`), or of any document of the collection (`id` null, a bulk
 * save or delete), is someone else's and still holds: Payload's own rule, read in the operation's transaction.
 */
async function lockedBySomeoneElse(
  req: PayloadRequest,
  slug: string,
  id: number | string | null,
  holdsMs: number,
): Promise<boolean> {
  const where: Where = {
    and: [{ 'document.relationTo': { equals: slug } }, ...(id === null ? [] : [{ 'document.value': { equals: id } }])],
  }
  const { docs } = await req.payload.db.find({
    collection: LOCKS,
    where,
    sort: '-updatedAt',
    pagination: false,
    ...(id === null ? {} : { limit: 1 }),
    req: readingWith(req),
  })
  const latest = new Map<string, LockRow>()
  for (const row of docs as LockRow[]) {
    const key = String(row.document?.value)
    if (!latest.has(key)) latest.set(key, row)
  }
  const now = Date.now()
  return [...latest.values()].some(
    (row) => row.user?.value !== req.user?.id && now - new Date(row.updatedAt ?? 0).getTime() <= holdsMs,
  )
}

/** The collection with the lock read above after its own beforeOperation hooks (which may refuse first). */
export const withLocksReadInTransaction = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: {
    ...collection.hooks,
    beforeOperation: [...(collection.hooks?.beforeOperation ?? []), readLocksInTransaction],
  },
})
