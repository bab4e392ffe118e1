import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type RequestContext,
} from 'payload'

import { revalidateAfterCommit, revalidateTags } from '@/platform/cache/revalidate'

/**
 * Runs `work` in one database transaction: every write made with the given request commits, or none does.
 * What the writes change is revalidated once they are committed (not before: a visitor could otherwise
 * cache the old content again in between), and not at all when they are rolled back.
 */
export async function inTransaction<T>(
  payload: Payload,
  work: (req: PayloadRequest) => Promise<T>,
  context: RequestContext = {},
): Promise<T> {
  const changed = revalidateAfterCommit()
  const req = await createLocalReq({ context: { ...context, ...changed.context } }, payload)
  await initTransaction(req)
  try {
    const result = await work(req)
    await commitTransaction(req)
    revalidateTags(changed.tags, payload)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/**
 * The request a hook reads with while an operation's transaction is open (Payload opens one before its
 * beforeOperation hooks run). On PostgreSQL: that request, so the read uses the transaction's own connection.
 * A read outside it takes a second connection from the pool while the transaction holds the first, and as
 * many such operations at once as the pool has connections (10) then wait on one another until each fails.
 * On SQLite: none, so the read goes outside the transaction, which has written nothing yet and must not
 * have read before it writes (a read then a write in one SQLite transaction can be refused as busy).
 */
export const readingWith = (req: PayloadRequest): PayloadRequest | undefined =>
  req.payload.db.name === 'postgres' ? req : undefined

/**
 * Deletes these documents one after the other with `req`. Payload's delete by `where` works on its documents
 * all at once, which inside a PostgreSQL transaction sends their queries down its one connection together
 * (pg's "client is already executing a query", an error in pg 9). Fails on the first that cannot be deleted.
 */
export async function deleteInTurn(
  req: PayloadRequest,
  collection: Parameters<Payload['delete']>[0]['collection'],
  ids: readonly (number | string)[],
): Promise<void> {
  for (const id of ids) await req.payload.delete({ collection, id, overrideAccess: true, req })
}
