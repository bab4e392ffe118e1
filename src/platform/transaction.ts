import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { revalidateAfterCommit, revalidateTags } from '@/platform/cache/revalidate'

/**
 * Runs `work` in one database transaction: every write made with the given request commits, or none does.
 * What the writes change is revalidated once they are committed (not before: a visitor could otherwise
 * cache the old content again in between), and not at all when they are rolled back.
 */
export async function inTransaction<T>(payload: Payload, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const changed = revalidateAfterCommit()
  const req = await createLocalReq({ context: changed.context }, payload)
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
