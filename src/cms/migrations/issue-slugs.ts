import type { Payload, PayloadRequest } from 'payload'

import { freeSlug, slugFrom } from '@/features/newsletter/issue-slug'

/**
 * The issues written before the archive get their address on the site from their subject, as a new issue does
 * when first saved (oldest first, so an earlier issue keeps the plain form). Shared by both databases'
 * migration `newsletter_archive`.
 */
export async function giveIssuesSlugs(payload: Payload, req: Partial<PayloadRequest>): Promise<void> {
  const { docs } = await payload.find({
    collection: 'newsletters',
    sort: 'createdAt',
    depth: 0,
    pagination: false,
    overrideAccess: true,
    select: { slug: true, subject: true },
    req,
  })
  const taken = new Set(docs.map((d) => d.slug).filter((s): s is string => Boolean(s)))
  for (const doc of docs) {
    if (doc.slug) continue
    const slug = freeSlug(slugFrom(doc.subject), taken)
    taken.add(slug)
    await payload.db.updateOne({ collection: 'newsletters', id: doc.id, data: { slug }, req })
  }
}
