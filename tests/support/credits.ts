import type { Payload } from 'payload'

/** A client's credit ledger as stored (src/features/packages/CreditEntries.ts), in the order it was written. */
export async function creditEntriesOf(payload: Payload, email: string) {
  const { docs } = await payload.find({
    collection: 'credit-entries',
    where: { email: { equals: email } },
    sort: 'seq',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return docs
}
